/**
 * Error screen `/error/:code` (SPEC §2.2 Error, §8): 403 'You do not have the rights to access this resource.',
 * 404 'The resource cannot be found.', 500 'The server is unavailable.'; any other code 'An error occurred'.
 */
import { CircleExclamationPoint, House, Lock, SearchX, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../shared/ui/button-classes';

const ICONS = { '403': Lock, '404': SearchX, '500': ServerCrash } as const;

/** The error screen for a status code. */
export function ErrorView({ code }: { code: string }) {
  const { t } = useTranslation();
  const known = code === '403' || code === '404' || code === '500';
  const Icon = known ? ICONS[code] : CircleExclamationPoint;
  return (
    <div className="flex min-h-[60vh] flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span
        className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        aria-hidden
      >
        <Icon size={28} />
      </span>
      <p className="text-sm font-semibold tracking-wide text-brand-700">{t('layout:errorPage.code', { code })}</p>
      <h1 className="mt-2 max-w-md text-xl font-semibold text-gray-900">
        {known ? t(`errors:${code}`) : t('errors:fallback')}
      </h1>
      {/* a plain link: React Aria's ButtonLink would put its press handling in the start-up bundle (login budget) */}
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        <House size={16} aria-hidden />
        {t('layout:errorPage.home')}
      </Link>
    </div>
  );
}

/** Route `/error/:code`. */
export function ErrorPage() {
  const { code = '500' } = useParams();
  return <ErrorView code={code} />;
}

/** Unknown paths: error 404 (SPEC §2.2). */
export function NotFoundPage() {
  return <ErrorView code="404" />;
}
