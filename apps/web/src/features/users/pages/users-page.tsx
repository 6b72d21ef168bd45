/**
 * The Users screen (SPEC §2.2 `/users`, §2.7 Users, §4 "User lifecycle"): the members of the actor's space
 * (`GET {users}`, path by space type) with the segments all / active / invited / disabled, a role filter, a search
 * sent 250 ms after the last keystroke, paging with 'displayed of total' — all kept in the URL while browsing — and
 * per member: edit, resend or cancel an invitation, disable, re-enable, delete (destructive ones confirmed; a referent
 * technician's sites are reassigned first). 'Invite users' opens `/users/add`.
 */
import { PAGE_SIZE, ROLES_BY_USER_TYPE, SEARCH_DEBOUNCE_MS, type SpaceUser } from '@isoptera/contracts';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../shared/auth/session';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchInput } from '../../../shared/ui/search-input';
import { Select } from '../../../shared/ui/select';
import { useUsers } from '../api/get-users';
import { SegmentControl } from '../components/segment-control';
import { useMemberActions } from '../components/use-member-actions';
import { type UserRowRights, UsersTable } from '../components/users-table';
import { canManage, canSendSignInLink, isSelf, memberActionKinds } from '../lib/member-permissions';
import { readUserListState, type UserListState, writeUserListState } from '../lib/user-list-params';
import { userPaths } from '../lib/user-paths';

/** The Users screen. */
export function UsersPage() {
  const { t } = useTranslation();
  const { actor, me } = useSession();
  const navigate = useNavigate();
  const type = actor?.userType ?? 'pco';
  const paths = useMemo(() => userPaths(type), [type]);
  const roles = ROLES_BY_USER_TYPE[type];
  const [params, setParams] = useKeptSearchParams('users');
  const state = readUserListState(params, roles);
  const [searchText, setSearchText] = useState(state.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const actions = useMemberActions({ paths });

  const update = useCallback(
    (patch: Partial<UserListState>) =>
      setParams((previous) => writeUserListState({ ...readUserListState(previous, roles), ...patch }), {
        replace: true,
      }),
    [setParams, roles],
  );

  // the typed text reaches the URL (and the list) 250 ms after the last keystroke
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) update({ search: debounced, page: 1 });
  }, [debounced]);

  // a search changed from outside (Back) shows in the box
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (state.search.trim() !== debounced.trim()) setSearchText(state.search);
  }, [state.search]);

  const query = useUsers(paths, state);
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const members = query.data?.['hydra:member'] ?? [];
  const isFiltered = state.search.trim() !== '' || state.role !== '' || state.segment !== 'all';

  // a page beyond the last one (e.g. after a deletion) goes back to the last page
  useEffect(() => {
    if (query.data && members.length === 0 && total > 0 && state.page > 1)
      update({ page: Math.ceil(total / PAGE_SIZE) });
  }, [query.data, members.length, total, state.page, update]);

  const rightsOf = useCallback(
    (user: SpaceUser): UserRowRights => {
      const self = isSelf(user, me?.ulid, actor);
      const manageable = canManage(actor, user, self);
      const signInLink = canSendSignInLink(actor, user, self);
      return { self, canEdit: manageable || self, actions: memberActionKinds(user, manageable, signInLink) };
    },
    [actor, me?.ulid],
  );

  const clearFilters = () => {
    setSearchText('');
    update({ search: '', role: '', segment: 'all', page: 1 });
  };

  const list = (
    <UsersTable
      users={query.isPending ? undefined : members}
      isLoading={query.isPending}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
      rightsOf={rightsOf}
      onEdit={(user) => void navigate(`/users/${encodeURIComponent(user.ulid)}/edit`)}
      onAction={(kind, user) => actions.request({ kind }, user)}
      search={state.search}
      isStale={query.isPlaceholderData}
      isFiltered={isFiltered}
      noMatch={{
        icon: <SearchX size={24} />,
        message: t('users:list.emptySearch'),
        action: (
          <Button variant="white" onPress={clearFilters}>
            {t('users:list.resetFilters')}
          </Button>
        ),
      }}
      empty={{
        icon: <Users size={24} />,
        message: t('users:list.empty'),
        action: (
          <Link to="/users/add" className={buttonClasses('primary')}>
            <UserPlus size={16} aria-hidden />
            {t('users:actions.invite')}
          </Link>
        ),
      }}
      pagination={total > 0 ? { page: state.page, total, onPageChange: (page) => update({ page }) } : undefined}
    />
  );

  return (
    <>
      <PageHeader
        title={t('users:title')}
        description={t('users:description')}
        actions={
          <Link to="/users/add" className={buttonClasses('primary')}>
            <UserPlus size={16} aria-hidden />
            {t('users:actions.invite')}
          </Link>
        }
      />
      <div className="flex min-w-0 flex-col gap-4">
        <div className="@container">
          <div className="grid grid-cols-1 items-end gap-3 @3xl:grid-cols-[auto_minmax(0,1fr)_13rem]">
            <SegmentControl value={state.segment} onChange={(segment) => update({ segment, page: 1 })} />
            <SearchInput
              label={t('users:filters.search')}
              placeholder={t('users:filters.searchPlaceholder')}
              value={searchText}
              onChange={setSearchText}
            />
            <Select
              label={t('users:filters.role')}
              value={state.role || 'all'}
              onChange={(role) => update({ role: role === 'all' ? '' : (role as UserListState['role']), page: 1 })}
              options={[
                { id: 'all', label: t('users:filters.allRoles') },
                ...roles.map((role) => ({ id: role, label: t(`enums:role.${role}`) })),
              ]}
            />
          </div>
        </div>
        <Card flush className="overflow-hidden">
          <div aria-busy={query.isFetching || undefined}>{list}</div>
        </Card>
      </div>
      {actions.dialogs}
    </>
  );
}
