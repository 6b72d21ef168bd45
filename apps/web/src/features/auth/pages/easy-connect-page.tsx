/**
 * One-time sign-in `/easy-connect?token=` (SPEC §2.1; issue 14): uses the link the owner of the space e-mailed as
 * soon as the page opens (public: the link is the credential). Then, like a password sign-in: the home page (`/`, the
 * redirect hub) once the session is open, or the two-factor step (`/2fa?email=`) for a member of a two-factor space.
 * A used or expired link goes to `/token-expires?pco_name=` naming the space; an unknown one says so here.
 * Texts: the on-demand `easyConnect` namespace (the router loads it).
 */
import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { easyConnect } from '../api/easy-connect';
import { AuthLayout } from '../components/auth-layout';
import { AuthAlert } from '../components/auth-notice';
import { authErrorMessage } from '../lib/auth-error';
import { LOGIN_PATH, TOKEN_EXPIRED_PATH } from '../lib/auth-paths';

/** The name of the space a 410 answer carries (`pco_name`), or ''. */
function spaceNameOf(error: unknown): string {
  if (!isApiError(error)) return '';
  const body = error.body as { pco_name?: unknown } | undefined;
  return typeof body?.pco_name === 'string' ? body.pco_name : '';
}

/** Signs in with the link's token and goes on, or says why not. */
export function EasyConnectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  /** null while signing in; else what to show: the unknown-link text, or the message of another failure. */
  const [failure, setFailure] = useState<{ invalid: boolean; message: string } | null>(() =>
    token ? null : { invalid: true, message: '' },
  );
  /** The token already sent: the link works once, so the call is made once even when effects run twice. */
  const sent = useRef<string | null>(null);
  const alertTarget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    easyConnect({ token }).then(
      async (twoFactor) => {
        if (twoFactor) await navigate(`/2fa?${new URLSearchParams({ email: twoFactor.email })}`, { replace: true });
        else await navigate('/', { replace: true });
      },
      async (error: unknown) => {
        if (isApiError(error, 410)) {
          const name = spaceNameOf(error);
          const query = name ? `?${new URLSearchParams({ pco_name: name })}` : '';
          await navigate(`${TOKEN_EXPIRED_PATH}${query}`, { replace: true });
          return;
        }
        setFailure({ invalid: isApiError(error, 400), message: authErrorMessage(error) });
      },
    );
  }, [token, navigate]);

  useEffect(() => {
    if (failure) alertTarget.current?.focus();
  }, [failure]);

  if (!failure) {
    return (
      <AuthLayout title={t('easyConnect:title')}>
        <p role="status" className="flex items-center gap-3 py-4 text-sm text-gray-700">
          <Spinner size={24} label={null} />
          {t('easyConnect:signingIn')}
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('easyConnect:errorTitle')}>
      <div ref={alertTarget} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700"
          >
            <LogIn size={20} />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
            {failure.invalid ? (
              <p className="text-gray-700">{t('easyConnect:invalidText')}</p>
            ) : (
              <AuthAlert>{failure.message}</AuthAlert>
            )}
          </div>
        </div>
        <Link to={LOGIN_PATH} className={buttonClasses('primary', 'md', 'w-full')}>
          {t('auth:logIn')}
        </Link>
      </div>
    </AuthLayout>
  );
}
