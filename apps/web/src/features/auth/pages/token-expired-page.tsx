/**
 * The token-expired page `/token-expires?pco_name=` (SPEC §2.1, §2.7 "expired-link page"):
 * - with `pco_name`, a one-time sign-in link (`/easy-connect`, issue 14) that was used, replaced, or is older than
 *   24 hours: it names the PCO and says to ask its owner for a new link — only the owner can send one; signing in
 *   with a password stays as a secondary way;
 * - without it, another e-mailed link is too old (a password reset after one hour, `expired_token_renew`): it offers
 *   to ask for a new link (the forgot-password step of the login) and the way back to the login.
 * Texts: `auth:expired.*`, and for the sign-in link the on-demand `easyConnect:expired.*` (the router loads them).
 */
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { AuthLayout } from '../components/auth-layout';
import { forgotPasswordPath, LOGIN_PATH } from '../lib/auth-paths';

function ExpiredIcon() {
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
    >
      <Clock size={20} />
    </span>
  );
}

/** Says that the link has expired and how to get a new one. */
export function TokenExpiredPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const name = searchParams.get('pco_name')?.trim() ?? '';
  if (name) {
    return (
      <AuthLayout title={t('easyConnect:expired.title')}>
        <div className="flex flex-col gap-4">
          <div className="flex items-start gap-3">
            <ExpiredIcon />
            <div className="flex min-w-0 flex-col gap-2 text-sm leading-relaxed text-gray-700">
              <p className="break-words">{t('easyConnect:expired.text', { name })}</p>
              <p className="break-words font-medium text-gray-900">{t('easyConnect:expired.askOwner', { name })}</p>
            </div>
          </div>
          <Link to={LOGIN_PATH} className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}>
            {t('easyConnect:expired.signInWithPassword')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth:expired.title')}>
      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <ExpiredIcon />
          <p className="text-sm leading-relaxed text-gray-700">{t('auth:expired.text')}</p>
        </div>
        <Link to={forgotPasswordPath()} className={buttonClasses('primary', 'md', 'mt-2 w-full')}>
          {t('auth:expired.requestNew')}
        </Link>
        <Link to={LOGIN_PATH} className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}>
          {t('auth:backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
