/**
 * The token-expired page `/token-expires?pco_name=` (SPEC §2.1, §2.7 "expired-link page"): an e-mailed link is too
 * old (a password reset after one hour, `expired_token_renew`). Names the PCO when given; offers to ask for a new link
 * (the forgot-password step of the login) and the way back to the login.
 */
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { AuthLayout } from '../components/auth-layout';
import { forgotPasswordPath, LOGIN_PATH } from '../lib/auth-paths';

/** Says that the link has expired and how to get a new one. */
export function TokenExpiredPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const name = searchParams.get('pco_name')?.trim() ?? '';
  return (
    <AuthLayout title={t('auth:expired.title')}>
      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          >
            <Clock size={20} />
          </span>
          <p className="text-sm leading-relaxed text-gray-700">
            {name ? t('auth:expired.textNamed', { name }) : t('auth:expired.text')}
          </p>
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
