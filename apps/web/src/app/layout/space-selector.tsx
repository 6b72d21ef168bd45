/**
 * The space selector of the sidebar (SPEC §2.3, §4 "Space change"): shown only for a user holding at least two spaces
 * and not on substitution. Choosing another space sends the change; while it runs the selector is disabled and says
 * 'changing space'; choosing the current space, or choosing during a change, does nothing. Each space shows by its name
 * (`space_names` of `GET /api/me`) followed by its type, or by its type alone when the name is unknown.
 */
import type { UserType } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session';
import { notifyError } from '../../shared/ui/notifications';
import { Select } from '../../shared/ui/select';
import { availableSpaces, showsSpaceSelector, useChangeSpace } from './space-switch';

/** The selector, or nothing when SPEC §2.3 hides it. */
export function SpaceSelector() {
  const { t } = useTranslation();
  const { me } = useSession();
  const change = useChangeSpace();
  if (!me || !showsSpaceSelector(me)) return null;
  const busy = change.isPending || change.isSuccess;
  const options = availableSpaces(me).map((type) => {
    const kind = t(`enums:user_type.${type}`);
    const name = me.space_names[type];
    return { id: type, label: name ? `${name} · ${kind}` : kind };
  });
  return (
    <div className="border-b border-gray-200 px-4 py-3">
      <Select
        label={t('layout:space.selector')}
        options={options}
        value={busy ? null : me.user_type}
        placeholder={t('layout:space.changing')}
        isDisabled={busy}
        onChange={(id) => {
          if (busy || !id || id === me.user_type) return;
          change.mutate(id as UserType, { onError: (error) => notifyError(error, t('layout:space.changeFailed')) });
        }}
      />
    </div>
  );
}
