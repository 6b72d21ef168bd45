/**
 * Activation `/activation?token&user_type&user_exist` (SPEC §1 "Users are invited by e-mail and activate the account
 * by setting a password", §2.1, §5, §7 "Invites, per type", §8 "Invitation/activation"). Looks the invitation up by
 * user type (`get-admin|get-dealer|get-pco`, exempt from the Error-screen redirect) and shows the space and the
 * e-mail; then either 'Join <space>' for an existing account (`join-space`) or the new-account form — first name,
 * last name, password twice, time zone defaulting to the browser's (`new-user`). Technicians then go to DownloadApp,
 * everyone else to the login with the e-mail filled in and 'Your account is ready'. A 404 says the link is incorrect
 * (`activation_link_incorrect`), a 410 that the invitation expired (`expire_invite_token`).
 */
import { type ActivationResult, type InviteLookup, USER_TYPES, type UserType } from '@isoptera/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { translateErrorCode } from '../../../shared/api/error-message';
import { getTimezones } from '../../../shared/api/timezones';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { FormError } from '../../../shared/ui/field-error';
import { Spinner } from '../../../shared/ui/spinner';
import { getInvite, joinSpace } from '../api/invite-activation';
import { ActivationForm } from '../components/activation-form';
import { AuthLayout } from '../components/auth-layout';
import { AuthAlert } from '../components/auth-notice';
import { activationErrorCode, activationTarget, isTruthyParam } from '../lib/activation';
import { authErrorMessage } from '../lib/auth-error';
import { LOGIN_PATH } from '../lib/auth-paths';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; invite: InviteLookup; zones: readonly string[] };

/** The invitation cannot be used: its message and the way to the login. */
function InvalidInvitation({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth:activation.errorTitle')}>
      <div className="flex flex-col gap-4">
        <AuthAlert>{translateErrorCode(code)}</AuthAlert>
        <p className="text-sm text-gray-700">{t('auth:activation.askAgain')}</p>
        <Link to={LOGIN_PATH} className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}>
          {t('auth:backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}

/** The space the invitation opens: its logo and name. */
function SpaceIdentity({ name, logo }: { name: string; logo: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3">
      {logo ? (
        <img
          src={logo}
          alt={t('auth:activation.logo', { space: name })}
          className="size-12 shrink-0 rounded-md border border-gray-200 bg-white object-contain"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-12 shrink-0 items-center justify-center rounded-md bg-brand-50 text-lg font-semibold text-brand-800"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <p className="min-w-0 text-base font-semibold break-words text-gray-900">{name}</p>
    </div>
  );
}

/** The activation screen of an invitation link. */
export function ActivationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const rawType = searchParams.get('user_type') ?? '';
  const userType = (USER_TYPES as readonly string[]).includes(rawType) ? (rawType as UserType) : null;
  const linkSaysExists = isTruthyParam(searchParams.get('user_exist'));
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** Set when the server says the account is (or is not) there after all (409 on join or new-user). */
  const [existsOverride, setExistsOverride] = useState<boolean | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [isJoining, setJoining] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Try again') looks the invitation up again
  useEffect(() => {
    if (!userType || !token) return;
    let current = true;
    setLoad({ status: 'loading' });
    // the zones are only needed for a new account; a failure falls back on the browser's list
    const zones = getTimezones().catch(() =>
      typeof Intl.supportedValuesOf === 'function' ? [...Intl.supportedValuesOf('timeZone'), 'UTC'] : [],
    );
    Promise.all([getInvite(userType, token), zones]).then(
      ([invite, list]) => {
        if (current) setLoad({ status: 'ready', invite, zones: list });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [userType, token, attempt]);

  const onActivated = useCallback(
    async (result: ActivationResult) => {
      const { to, state } = activationTarget(result);
      await navigate(to, { replace: true, state });
    },
    [navigate],
  );

  /** A 409 from join-space or new-user: the other variant applies (`user_exist` of the answer). */
  const switchVariant = useCallback((error: unknown): boolean => {
    if (!isApiError(error, 409)) return false;
    const exists = (error.body as { user_exist?: unknown } | undefined)?.user_exist;
    if (typeof exists !== 'boolean') return false;
    setExistsOverride(exists);
    return true;
  }, []);

  if (!userType || !token) return <InvalidInvitation code="activation_link_incorrect" />;

  if (load.status === 'loading') {
    return (
      <AuthLayout title={t('auth:activation.title')}>
        <p role="status" className="flex items-center gap-3 py-4 text-sm text-gray-700">
          <Spinner size={24} label={null} />
          {t('auth:activation.loading')}
        </p>
      </AuthLayout>
    );
  }

  if (load.status === 'failed') {
    const code = activationErrorCode(load.error);
    if (code) return <InvalidInvitation code={code} />;
    return (
      <AuthLayout title={t('auth:activation.title')}>
        <div className="flex flex-col gap-4">
          <AuthAlert>{authErrorMessage(load.error)}</AuthAlert>
          <Button variant="white" onPress={() => setAttempt((n) => n + 1)}>
            {t('common:actions.retry')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const { invite, zones } = load;
  const space = invite[userType] ?? invite[invite.user_type];
  const spaceName = space?.name ?? t(`enums:user_type.${userType}`);
  const exists = existsOverride ?? (typeof invite.user_exist === 'boolean' ? invite.user_exist : linkSaysExists);
  const roleLabel = t(`enums:role.${invite.role}`, { defaultValue: '' });

  const onJoin = async () => {
    if (isJoining) return;
    setJoining(true);
    setJoinError(null);
    try {
      await onActivated(await joinSpace(userType, token));
    } catch (error) {
      const code = activationErrorCode(error);
      if (code) setLoad({ status: 'failed', error });
      else if (!switchVariant(error)) setJoinError(authErrorMessage(error));
    } finally {
      setJoining(false);
    }
  };

  return (
    <AuthLayout
      title={exists ? t('auth:activation.joinTitle', { space: spaceName }) : t('auth:activation.title')}
      size="md"
    >
      <div className="flex flex-col gap-5">
        <SpaceIdentity name={spaceName} logo={space?.logo ?? null} />
        <div className="text-sm text-gray-700">
          <p>{t('auth:activation.invited', { space: spaceName })}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-gray-50 px-3 py-2">
            <dt className="font-medium text-gray-800">{t('auth:login.email')}</dt>
            <dd className="break-all text-gray-900">{invite.email}</dd>
            {roleLabel ? (
              <>
                <dt className="font-medium text-gray-800">{t('auth:activation.role')}</dt>
                <dd className="text-gray-900">{roleLabel}</dd>
              </>
            ) : null}
          </dl>
        </div>
        {exists ? (
          <div className="flex flex-col gap-4">
            <FormError message={joinError} />
            <p className="text-sm text-gray-700">{t('auth:activation.joinText')}</p>
            <Button onPress={() => void onJoin()} isLoading={isJoining} className="w-full">
              {isJoining ? t('auth:activation.joining') : t('auth:activation.join', { space: spaceName })}
            </Button>
          </div>
        ) : (
          <ActivationForm
            userType={userType}
            token={token}
            invite={invite}
            zones={zones}
            onActivated={onActivated}
            onLinkError={(error) => setLoad({ status: 'failed', error })}
            onExists={switchVariant}
          />
        )}
      </div>
    </AuthLayout>
  );
}
