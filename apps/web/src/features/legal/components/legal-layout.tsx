/**
 * The frame of the legal pages (SPEC §2.1 public routes, §2.3: no side menu, header nor profile panel): the Isoptera
 * mark and the language choice in a banner, one main region with the page's article (once its texts are loaded), a
 * link back to the login (or to the application when a session exists), and a footer navigation between the
 * pages (about, FAQ, tutorial, terms, privacy, legal notice, forum). Landmarks: banner, main, navigation, contentinfo; the page's article holds the only h1.
 */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/auth/session';
import { loadOnDemandCatalogue, useOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { cn } from '../../../shared/lib/cn';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { ErrorState } from '../../../shared/ui/error-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { LanguageSelect } from '../../../shared/ui/language-select';
import { LEGAL_PATHS, type LegalPage } from '../lib/legal-paths';

const PAGES: readonly LegalPage[] = ['about', 'faq', 'tutorial', 'cgu', 'privacy', 'notice', 'forum'];

/** Renders `children` (the page's article) in the legal frame once the legal texts of the language are loaded. */
export function LegalLayout({ current, children }: { current: LegalPage; children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const { state, retry } = useOnDemandCatalogue('legal');
  const signedIn = status === 'authenticated';
  return (
    <div className="flex min-h-dvh flex-col bg-gray-100">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <BrandMark />
        {/* the legal texts of the new language are fetched first, so the page never shows keys */}
        <LanguageSelect id="legal-language" beforeChange={(language) => loadOnDemandCatalogue('legal', language)} />
      </header>
      <main className="flex-1 px-4 pt-4 pb-16">
        <div className="mx-auto w-full max-w-3xl">
          {state === 'ready' ? (
            <>
              <Link to={signedIn ? '/' : '/login'} className={buttonClasses('tertiary', 'sm', '-ml-3 mb-4')}>
                <ArrowLeft size={16} aria-hidden />
                {signedIn ? t('legal:backToApp') : t('legal:backToLogin')}
              </Link>
              {children}
            </>
          ) : state === 'error' ? (
            <ErrorState message={t('errors:network_error')} onRetry={retry} />
          ) : (
            <FullPageLoader />
          )}
        </div>
      </main>
      <footer className="border-t border-gray-200 px-4 py-5 sm:px-8">
        <nav aria-label={t('layout:about.label')} className="mx-auto max-w-3xl">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {PAGES.map((page) => (
              <li key={page}>
                <Link
                  to={LEGAL_PATHS[page]}
                  aria-current={page === current ? 'page' : undefined}
                  className={cn(
                    'rounded text-gray-700 underline-offset-4 outline-none hover:text-gray-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600',
                    page === current && 'font-semibold text-brand-800',
                  )}
                >
                  {t(`layout:about.${page}`)}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-gray-600">© {new Date().getFullYear()} Isoptera</p>
        </nav>
      </footer>
    </div>
  );
}
