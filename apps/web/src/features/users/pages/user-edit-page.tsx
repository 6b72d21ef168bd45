/**
 * A member's page (SPEC §2.2 `/users/{userId}/edit`, §2.7 Users, §4 "User lifecycle", §6): `GET {users}/{ulid}`, then
 * - the profile form (name, e-mail, language, time zone, new password) and the photo, for an active or disabled
 *   member the actor may manage (an invited person fills in their own details when activating; a member the actor
 *   may not manage — an owner, a higher rank — is shown read-only);
 * - the role (roles the actor may grant; not one's own) — a referent technician's sites are reassigned first;
 * - disable / re-enable / delete, or resend / cancel the invitation, each but resend confirmed first.
 * Deleting the member or cancelling the invitation returns to the list.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { ArrowLeft, KeyRound, Mail, Trash2, UserCheck, UserX, X } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../shared/auth/session';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton, SkeletonLines } from '../../../shared/ui/skeleton';
import { useUser } from '../api/get-user';
import { AvatarUpload } from '../components/avatar-upload';
import { RoleSection } from '../components/role-section';
import { useMemberActions } from '../components/use-member-actions';
import { UserAvatar } from '../components/user-avatar';
import { UserProfileForm } from '../components/user-profile-form';
import { UserStatusBadge } from '../components/user-status-badge';
import {
  canManage,
  canSendSignInLink,
  isSelf,
  type MemberActionKind,
  memberActionKinds,
} from '../lib/member-permissions';
import { displayName } from '../lib/user-display';
import { userPaths } from '../lib/user-paths';

const ACTION_ICONS: Record<MemberActionKind, ReactNode> = {
  easyConnect: <KeyRound size={16} aria-hidden />,
  resend: <Mail size={16} aria-hidden />,
  cancelInvite: <X size={16} aria-hidden />,
  disable: <UserX size={16} aria-hidden />,
  enable: <UserCheck size={16} aria-hidden />,
  delete: <Trash2 size={16} aria-hidden />,
};

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/users"
      className="mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <ArrowLeft size={16} aria-hidden />
      {t('users:backToList')}
    </Link>
  );
}

/** The member edit screen. */
export function UserEditPage() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const { actor, me } = useSession();
  const navigate = useNavigate();
  const format = useFormat();
  const type = actor?.userType ?? 'pco';
  const paths = useMemo(() => userPaths(type), [type]);
  const query = useUser(paths, userId);
  const actions = useMemberActions({
    paths,
    onDone: (action) => {
      if (action.kind === 'delete' || action.kind === 'cancelInvite') void navigate('/users');
    },
  });

  if (query.isPending) {
    return (
      <>
        <BackLink />
        <div aria-busy className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="mt-2 h-4 w-64" />
          </div>
        </div>
        <Card className="mt-6">
          <SkeletonLines lines={5} />
        </Card>
        <h1 className="sr-only">{t('users:edit.title')}</h1>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <BackLink />
        <h1 className="sr-only">{t('users:edit.title')}</h1>
        <Card>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        </Card>
      </>
    );
  }

  const user: SpaceUser = query.data;
  const self = isSelf(user, me?.ulid, actor);
  const manageable = canManage(actor, user, self);
  const kinds = memberActionKinds(user, manageable, canSendSignInLink(actor, user, self));
  // a member the actor may not manage (an owner, a higher rank) is shown, not edited: the server would refuse
  const canEdit = manageable || self;
  const name = displayName(user, i18n.language);
  const isRunning = actions.running?.user.ulid === user.ulid;
  const runningKind = isRunning ? actions.running?.action.kind : undefined;

  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar user={user} size="lg" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight text-gray-900">{name}</h1>
            {name !== user.email ? <p className="truncate text-sm text-gray-700">{user.email}</p> : null}
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-gray-700">
              <UserStatusBadge status={user.status} />
              <span>{t(`enums:role.${user.role}`)}</span>
              {user.status === 'invited' && user.last_invited_at ? (
                <span>{t('users:list.invitedOn', { date: format.date(user.last_invited_at) })}</span>
              ) : null}
              {user.status === 'disabled' && user.disabled_at ? (
                <span>{t('users:list.disabledOn', { date: format.date(user.disabled_at) })}</span>
              ) : null}
              {user.status !== 'invited' ? (
                <span>
                  {user.last_login_at
                    ? t('users:edit.lastLogin', { date: format.dateTime(user.last_login_at) })
                    : t('users:edit.neverLoggedIn')}
                </span>
              ) : null}
            </div>
          </div>
        </div>
        {kinds.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {kinds.map((kind) => (
              <Button
                key={kind}
                variant={kind === 'delete' ? 'red' : 'white'}
                icon={ACTION_ICONS[kind]}
                onPress={() => actions.request({ kind }, user)}
                isLoading={runningKind === kind}
                isDisabled={isRunning && runningKind !== kind}
              >
                {t(`users:actions.${kind}`)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {user.status === 'invited' ? (
          <Card title={t('users:edit.invitationTitle')}>
            <p className="text-sm text-gray-700">{t('users:edit.invitationText', { email: user.email })}</p>
          </Card>
        ) : canEdit ? (
          <Card title={t('users:edit.profileTitle')}>
            <UserProfileForm paths={paths} user={user} />
          </Card>
        ) : (
          <Card title={t('users:edit.profileTitle')}>
            <p className="text-sm text-gray-700">{t('users:edit.readOnly')}</p>
          </Card>
        )}
        <div className="flex flex-col gap-6">
          {user.status !== 'invited' && canEdit ? (
            <Card title={t('users:edit.avatarTitle')}>
              <AvatarUpload paths={paths} user={user} />
            </Card>
          ) : null}
          <Card title={t('users:edit.roleTitle')}>
            <RoleSection
              actor={actor}
              user={user}
              self={self}
              isBusy={runningKind === 'role'}
              onChange={(role) => actions.request({ kind: 'role', role }, user)}
            />
          </Card>
        </div>
      </div>
      {actions.dialogs}
    </>
  );
}
