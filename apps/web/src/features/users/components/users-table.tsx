/**
 * The members list (SPEC §2.7 Users): avatar or initials chip, name, e-mail, role, status (with the invitation or
 * disabling date), last login and the actions menu. Columns follow the width of the list itself (container
 * queries): on a phone each row collapses to the member with role and status under the name, and the menu.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Highlight } from '../../../shared/ui/highlight';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { MemberActionKind } from '../lib/member-permissions';
import { displayName } from '../lib/user-display';
import { UserActionsMenu } from './user-actions-menu';
import { UserAvatar } from './user-avatar';
import { UserStatusBadge } from './user-status-badge';

/** What the actor may do with one row. */
export interface UserRowRights {
  self: boolean;
  canEdit: boolean;
  actions: readonly MemberActionKind[];
}

export interface UsersTableProps {
  users: SpaceUser[];
  rightsOf: (user: SpaceUser) => UserRowRights;
  onEdit: (user: SpaceUser) => void;
  onAction: (kind: MemberActionKind, user: SpaceUser) => void;
  /** The search text, highlighted in names and e-mails. */
  search: string;
  /** Dims the rows while the next page or filter loads. */
  isStale?: boolean;
}

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const ROLE_COLUMN = 'hidden @xl:table-cell';
const STATUS_COLUMN = 'hidden @2xl:table-cell';
const LOGIN_COLUMN = 'hidden @4xl:table-cell';

/** The members of one page as a table. */
export function UsersTable({ users, rightsOf, onEdit, onAction, search, isStale = false }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();

  const statusDate = (user: SpaceUser) => {
    if (user.status === 'invited' && user.last_invited_at)
      return t('users:list.invitedOn', { date: format.date(user.last_invited_at) });
    if (user.status === 'disabled' && user.disabled_at)
      return t('users:list.disabledOn', { date: format.date(user.disabled_at) });
    return null;
  };

  return (
    <div className="@container">
      <table className={cn('w-full table-fixed border-collapse', isStale && 'opacity-60 transition-opacity')}>
        <caption className="sr-only">{t('users:list.label')}</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={HEAD}>
              {t('users:list.member')}
            </th>
            <th scope="col" className={cn(HEAD, ROLE_COLUMN, 'w-40')}>
              {t('users:list.role')}
            </th>
            <th scope="col" className={cn(HEAD, STATUS_COLUMN, 'w-44')}>
              {t('users:list.status')}
            </th>
            <th scope="col" className={cn(HEAD, LOGIN_COLUMN, 'w-40')}>
              {t('users:list.lastLogin')}
            </th>
            <th scope="col" className={cn(HEAD, 'w-14')}>
              <span className="sr-only">{t('users:list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {users.map((user) => {
            const rights = rightsOf(user);
            const name = displayName(user, i18n.language);
            const hasName = name !== user.email;
            const date = statusDate(user);
            return (
              <tr key={user.ulid} className="align-middle hover:bg-gray-50">
                <td className="px-4 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <UserAvatar user={user} />
                    <div className="min-w-0 flex-1">
                      <div className="flex min-w-0 items-center gap-2">
                        {rights.canEdit ? (
                          <Link
                            to={`/users/${encodeURIComponent(user.ulid)}/edit`}
                            className="truncate text-sm font-semibold text-gray-900 outline-none hover:text-brand-800 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600"
                          >
                            <Highlight text={name} query={search} />
                          </Link>
                        ) : (
                          <span className="truncate text-sm font-semibold text-gray-900">
                            <Highlight text={name} query={search} />
                          </span>
                        )}
                        {rights.self ? <Badge tone="brand">{t('users:list.you')}</Badge> : null}
                      </div>
                      {hasName ? (
                        <p className="truncate text-[13px] text-gray-700">
                          <Highlight text={user.email} query={search} />
                        </p>
                      ) : null}
                      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 @2xl:hidden">
                        <span className="text-[13px] text-gray-700 @xl:hidden">{t(`enums:role.${user.role}`)}</span>
                        <UserStatusBadge status={user.status} />
                        {date ? <span className="text-xs text-gray-600">{date}</span> : null}
                      </div>
                    </div>
                  </div>
                </td>
                <td className={cn('px-4 py-3 text-[13px] text-gray-800', ROLE_COLUMN)}>
                  {t(`enums:role.${user.role}`)}
                </td>
                <td className={cn('px-4 py-3', STATUS_COLUMN)}>
                  <UserStatusBadge status={user.status} />
                  {date ? <p className="mt-1 text-xs text-gray-600">{date}</p> : null}
                </td>
                <td className={cn('px-4 py-3 text-[13px] text-gray-700', LOGIN_COLUMN)}>
                  {user.last_login_at ? format.dateTime(user.last_login_at) : t('users:list.never')}
                </td>
                <td className="px-2 py-3 text-right">
                  <UserActionsMenu
                    name={name}
                    canEdit={rights.canEdit}
                    actions={rights.actions}
                    onEdit={() => onEdit(user)}
                    onAction={(kind) => onAction(kind, user)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function UsersTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="@container" aria-hidden>
      <table className="w-full table-fixed">
        <tbody className="divide-y divide-gray-100">
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
            <tr key={i}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="flex-1">
                    <Skeleton className="h-4 w-1/2" />
                    <Skeleton className="mt-2 h-3 w-2/3" />
                  </div>
                </div>
              </td>
              <td className={cn('px-4 py-3 w-40', ROLE_COLUMN)}>
                <Skeleton className="h-3 w-20" />
              </td>
              <td className={cn('px-4 py-3 w-44', STATUS_COLUMN)}>
                <Skeleton className="h-5 w-16 rounded-full" />
              </td>
              <td className={cn('px-4 py-3 w-40', LOGIN_COLUMN)}>
                <Skeleton className="h-3 w-24" />
              </td>
              <td className="w-14 px-4 py-3" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
