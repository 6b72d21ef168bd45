/**
 * New e-mail validation `/validate-new-email?token=` (SPEC §2.1, §4 Profile "E-mail change", §7 `PUT /api/me/
 * validate-email/{token}`, §8 "E-mail change"): applies the change as soon as the page opens (public: the link is the
 * credential), then says 'Your e-mail address has been changed' — or why not: `invalid_email_token`,
 * `expired_email_token` (request the change again from the profile), `email_already_exist`. The way on is the home
 * page with a session (whose current user is reloaded), else the login.
 */
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { translateErrorCode } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { reloadMe } from '../api/get-me';
import { validateNewEmail } from '../api/validate-new-email';
import { AuthLayout } from '../components/auth-layout';
import { AuthAlert } from '../components/auth-notice';
import { authErrorMessage } from '../lib/auth-error';
import { LOGIN_PATH } from '../lib/auth-paths';

type Outcome =
  | { status: 'pending' }
  | { status: 'done' }
  /** `code`: a known refusal (`invalid_email_token`…); otherwise `message` of a failure worth retrying. */
  | { status: 'refused'; code: string }
  | { status: 'failed'; message: string };

/** The refusals that retrying cannot fix, by HTTP status. */
function refusalOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'expired_email_token' || error.status === 410) return 'expired_email_token';
  if (error.code === 'email_already_exist' || error.status === 409) return 'email_already_exist';
  if (error.code === 'invalid_email_token' || error.status === 400 || error.status === 404) {
    return 'invalid_email_token';
  }
  return null;
}

/** Validates the new address of the link and tells the outcome. */
export function ValidateNewEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { status: session } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { status: 'pending' } : { status: 'refused', code: 'invalid_email_token' },
  );
  const [attempt, setAttempt] = useState(0);
  /** The token already sent (and for which try): the call is made once, even when effects run twice. */
  const sent = useRef<string | null>(null);
  const headingTarget = useRef<HTMLDivElement>(null);
  const hasSession = useRef(false);
  hasSession.current = session === 'authenticated';

  useEffect(() => {
    const key = `${token}#${attempt}`;
    if (!token || sent.current === key) return;
    sent.current = key;
    setOutcome({ status: 'pending' });
    validateNewEmail(token).then(
      () => {
        setOutcome({ status: 'done' });
        // the current user now has the new address
        if (hasSession.current) reloadMe().catch(() => {});
      },
      (error: unknown) => {
        const code = refusalOf(error);
        setOutcome(code ? { status: 'refused', code } : { status: 'failed', message: authErrorMessage(error) });
      },
    );
  }, [token, attempt]);

  useEffect(() => {
    if (outcome.status !== 'pending') headingTarget.current?.focus();
  }, [outcome.status]);

  const onwards =
    session === 'authenticated' ? (
      <Link to="/" className={buttonClasses('primary', 'md', 'w-full')}>
        {t('auth:newEmail.home')}
      </Link>
    ) : (
      <Link to={LOGIN_PATH} className={buttonClasses('primary', 'md', 'w-full')}>
        {t('auth:logIn')}
      </Link>
    );

  if (outcome.status === 'pending') {
    return (
      <AuthLayout title={t('auth:newEmail.title')}>
        <p role="status" className="flex items-center gap-3 py-4 text-sm text-gray-700">
          <Spinner size={24} label={null} />
          {t('auth:newEmail.validating')}
        </p>
      </AuthLayout>
    );
  }

  if (outcome.status === 'done') {
    return (
      <AuthLayout title={t('auth:newEmail.title')}>
        <div className="flex flex-col gap-4">
          <div ref={headingTarget} role="status" tabIndex={-1} className="flex items-start gap-3 outline-none">
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
            >
              <MailCheck size={20} />
            </span>
            <div className="text-sm">
              <p className="font-semibold text-gray-900">{t('auth:newEmail.success')}</p>
              <p className="mt-1 text-gray-700">{t('auth:newEmail.successText')}</p>
            </div>
          </div>
          {onwards}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:newEmail.errorTitle')}>
      <div ref={headingTarget} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700"
          >
            <MailX size={20} />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
            <AuthAlert>{outcome.status === 'refused' ? translateErrorCode(outcome.code) : outcome.message}</AuthAlert>
            {outcome.status === 'refused' && outcome.code === 'expired_email_token' ? (
              <p className="text-gray-700">{t('auth:newEmail.expiredText')}</p>
            ) : outcome.status === 'refused' && outcome.code === 'invalid_email_token' ? (
              <p className="text-gray-700">{t('auth:newEmail.invalidText')}</p>
            ) : null}
          </div>
        </div>
        {outcome.status === 'failed' ? (
          <Button variant="white" onPress={() => setAttempt((n) => n + 1)}>
            {t('common:actions.retry')}
          </Button>
        ) : null}
        {onwards}
      </div>
    </AuthLayout>
  );
}
