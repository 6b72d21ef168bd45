/**
 * Forum `/forum` (SPEC §2.1; the about menu opens it in a new tab, §2.3): what the user community forum is for,
 * and a link to the external forum, itself opened in a new tab without giving it access to this window.
 */
import { ExternalLink, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { LegalLayout } from '../components/legal-layout';
import { LegalText } from '../components/legal-text';
import { FORUM_URL } from '../lib/legal-paths';

/** Introduces the community forum and links to it. */
export function ForumPage() {
  const { t } = useTranslation();
  return (
    <LegalLayout current="forum">
      <article
        aria-labelledby="legal-forum-title"
        className="rounded-xl border border-gray-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10"
      >
        <span
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden
        >
          <MessagesSquare size={24} />
        </span>
        <h1 id="legal-forum-title" className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
          {t('legal:forum.title')}
        </h1>
        <p className="mt-5 mb-4 text-base leading-relaxed text-gray-800">{t('legal:forum.intro')}</p>
        <LegalText body={t('legal:forum.body')} />
        <a
          href={FORUM_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'md', 'mt-8')}
        >
          {t('legal:forum.open')}
          <ExternalLink size={16} aria-hidden />
          <span className="sr-only">({t('legal:forum.newTab')})</span>
        </a>
      </article>
    </LegalLayout>
  );
}
