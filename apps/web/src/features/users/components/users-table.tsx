/**
 * The members list (SPEC §2.7 Users): avatar or initials chip, name, e-mail, role, status (with the invitation or
 * disabling date), last login and the actions menu. Columns follow the width of the list itself (container
 * queries, shared/ui/data-table); on a phone each member is a card: the name as heading, the menu beside it, the
 * e-mail, role and status under it.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../shared/ui/data-table';
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

export interface UsersTableProps
  extends Omit<DataTableProps<SpaceUser>, 'caption' | 'columns' | 'rows' | 'rowKey' | 'sort' | 'onSortChange'> {
  /** The members of the page; `undefined` while the first page loads. */
  users: readonly SpaceUser[] | undefined;
  rightsOf: (user: SpaceUser) => UserRowRights;
  onEdit: (user: SpaceUser) => void;
  onAction: (kind: MemberActionKind, user: SpaceUser) => void;
  /** The search text, highlighted in names and e-mails. */
  search: string;
}

/** The members of one page as a table (cards on a phone), with the list's states. */
export function UsersTable({ users, rightsOf, onEdit, onAction, search, ...states }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();

  const statusDate = (user: SpaceUser) => {
    if (user.status === 'invited' && user.last_invited_at)
      return t('users:list.invitedOn', { date: format.date(user.last_invited_at) });
    if (user.status === 'disabled' && user.disabled_at)
      return t('users:list.disabledOn', { date: format.date(user.disabled_at) });
    return null;
  };

  const nameOf = (user: SpaceUser) => {
    const rights = rightsOf(user);
    const name = displayName(user, i18n.language);
    return (
      <span className="flex min-w-0 items-center gap-2">
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
      </span>
    );
  };
  const email = (user: SpaceUser) =>
    displayName(user, i18n.language) !== user.email ? (
      <span className="block truncate text-[13px] text-gray-700">
        <Highlight text={user.email} query={search} />
      </span>
    ) : null;
  const status = (user: SpaceUser) => {
    const date = statusDate(user);
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <UserStatusBadge status={user.status} />
        {date ? <span className="text-xs text-gray-600">{date}</span> : null}
      </span>
    );
  };

  const columns: DataTableColumn<SpaceUser>[] = [
    {
      id: 'member',
      header: t('users:list.member'),
      role: 'primary',
      className: 'align-middle',
      cell: (user) => {
        const date = statusDate(user);
        return (
          <div className="flex min-w-0 items-center gap-3">
            <UserAvatar user={user} />
            <div className="min-w-0 flex-1">
              {nameOf(user)}
              {email(user)}
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 @2xl:hidden">
                <span className="text-[13px] text-gray-700 @xl:hidden">{t(`enums:role.${user.role}`)}</span>
                <UserStatusBadge status={user.status} />
                {date ? <span className="text-xs text-gray-600">{date}</span> : null}
              </div>
            </div>
          </div>
        );
      },
      card: (user) => (
        <span className="flex min-w-0 items-center gap-3">
          <UserAvatar user={user} />
          <span className="min-w-0 flex-1">
            {nameOf(user)}
            <span className="font-normal">{email(user)}</span>
          </span>
        </span>
      ),
      skeleton: (
        <div className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="mt-2 h-3 w-2/3" />
          </div>
        </div>
      ),
    },
    {
      id: 'role',
      header: t('users:list.role'),
      role: 'secondary',
      visibleFrom: '@xl',
      width: 'w-40',
      className: 'align-middle',
      cell: (user) => t(`enums:role.${user.role}`),
    },
    {
      id: 'status',
      header: t('users:list.status'),
      role: 'secondary',
      visibleFrom: '@2xl',
      width: 'w-44',
      className: 'align-middle',
      cell: (user) => {
        const date = statusDate(user);
        return (
          <>
            <UserStatusBadge status={user.status} />
            {date ? <p className="mt-1 text-xs text-gray-600">{date}</p> : null}
          </>
        );
      },
      card: status,
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
    },
    {
      id: 'lastLogin',
      header: t('users:list.lastLogin'),
      visibleFrom: '@4xl',
      width: 'w-40',
      className: 'align-middle text-gray-700',
      cell: (user) => (user.last_login_at ? format.dateTime(user.last_login_at) : t('users:list.never')),
    },
    {
      id: 'actions',
      header: t('users:list.actions'),
      headerHidden: true,
      role: 'actions',
      width: 'w-14',
      align: 'end',
      padding: 'px-2 py-3',
      className: 'align-middle',
      cell: (user) => {
        const rights = rightsOf(user);
        return (
          <UserActionsMenu
            name={displayName(user, i18n.language)}
            canEdit={rights.canEdit}
            actions={rights.actions}
            onEdit={() => onEdit(user)}
            onAction={(kind) => onAction(kind, user)}
          />
        );
      },
    },
  ];

  return (
    <DataTable
      caption={t('users:list.label')}
      columns={columns}
      rows={users}
      rowKey={(user) => user.ulid}
      layout="fixed"
      skeletonRows={8}
      cardHeadingLevel={2}
      {...states}
    />
  );
}
