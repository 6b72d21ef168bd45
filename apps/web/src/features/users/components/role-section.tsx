/**
 * The role of a member (SPEC §6 "A role can be changed except one's own. Invitable roles are restricted"; §4 "Changing
 * the role of an invited user goes through the invitation path"): a choice among the roles the actor may grant and
 * 'Change the role'. One's own role, and a role the actor may not grant (an owner, a higher rank), are shown read-only
 * with the reason. The change itself (and the referent reassignment it may need) is run by the caller.
 */
import { grantableRoles, type Role, type SpaceUser } from '@isoptera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Actor } from '../../../shared/auth/actor';
import { Button } from '../../../shared/ui/button';
import { Select } from '../../../shared/ui/select';

export interface RoleSectionProps {
  actor: Actor | null;
  user: SpaceUser;
  self: boolean;
  isBusy: boolean;
  onChange: (role: Role) => void;
}

/** The role choice of the edit screen. */
export function RoleSection({ actor, user, self, isBusy, onChange }: RoleSectionProps) {
  const { t } = useTranslation();
  const roles = actor ? grantableRoles(actor.userType, actor.role) : [];
  const [role, setRole] = useState<Role>(user.role);
  // the member's role may change (after a save or a reload): start again from it
  useEffect(() => setRole(user.role), [user.role]);

  if (self || !roles.includes(user.role)) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-gray-900">{t(`enums:role.${user.role}`)}</p>
        <p className="text-[13px] text-gray-600">
          {self ? t('errors:no_change_your_role') : t('users:edit.roleLocked')}
        </p>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (role !== user.role) onChange(role);
      }}
    >
      <Select
        label={t('users:edit.role')}
        value={role}
        onChange={(value) => setRole((value || user.role) as Role)}
        options={roles.map((id) => ({ id, label: t(`enums:role.${id}`) }))}
        isDisabled={isBusy}
        className="flex-1"
      />
      <Button type="submit" variant="white" isDisabled={role === user.role} isLoading={isBusy}>
        {t('users:edit.roleSubmit')}
      </Button>
    </form>
  );
}
