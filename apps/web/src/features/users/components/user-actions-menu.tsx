/**
 * The actions menu of a member row (SPEC §2.7 Users): edit, send a one-time sign-in link (owners, active members),
 * resend / cancel an invitation, disable / re-enable, delete — only those the actor may use (lib/member-permissions). A '⋯' button named 'Actions for <name>'.
 */
import { Ellipsis, KeyRound, Mail, Pencil, Trash2, UserCheck, UserX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import type { MemberActionKind } from '../lib/member-permissions';

const ICONS: Record<MemberActionKind | 'edit', ReactNode> = {
  edit: <Pencil size={16} aria-hidden />,
  easyConnect: <KeyRound size={16} aria-hidden />,
  resend: <Mail size={16} aria-hidden />,
  cancelInvite: <X size={16} aria-hidden />,
  disable: <UserX size={16} aria-hidden />,
  enable: <UserCheck size={16} aria-hidden />,
  delete: <Trash2 size={16} aria-hidden />,
};
const DESTRUCTIVE = new Set<string>(['cancelInvite', 'disable', 'delete']);

export interface UserActionsMenuProps {
  /** The member's display name (accessible name of the button). */
  name: string;
  canEdit: boolean;
  actions: readonly MemberActionKind[];
  onEdit: () => void;
  onAction: (kind: MemberActionKind) => void;
}

/** A menu button; renders nothing when no action is available. */
export function UserActionsMenu({ name, canEdit, actions, onEdit, onAction }: UserActionsMenuProps) {
  const { t } = useTranslation();
  if (!canEdit && actions.length === 0) return null;
  const itemClasses = (id: string) =>
    cn(
      'flex cursor-pointer items-center gap-2.5 rounded px-3 py-2 text-sm outline-none data-[focused]:bg-gray-100',
      DESTRUCTIVE.has(id) ? 'text-red-800' : 'text-gray-800',
    );
  return (
    <MenuTrigger>
      <AriaButton
        aria-label={t('users:actions.menu', { name })}
        className="rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 pressed:bg-gray-200"
      >
        <Ellipsis size={18} aria-hidden />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg outline-none"
      >
        <Menu
          className="outline-none"
          onAction={(key) => (key === 'edit' ? onEdit() : onAction(key as MemberActionKind))}
        >
          {canEdit ? (
            <MenuItem id="edit" textValue={t('users:actions.edit')} className={itemClasses('edit')}>
              {ICONS.edit}
              {t('users:actions.edit')}
            </MenuItem>
          ) : null}
          {canEdit && actions.length > 0 ? <Separator className="my-1 border-t border-gray-200" /> : null}
          {actions.map((kind) => (
            <MenuItem key={kind} id={kind} textValue={t(`users:actions.${kind}`)} className={itemClasses(kind)}>
              {ICONS[kind]}
              {t(`users:actions.${kind}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
