/**
 * One legal or help document (CGU, Privacy, About, FAQ, legal notice, tutorial): an article with the page's only h1, the date of the last update, an
 * introduction and one titled section (h2) per entry of `legal:<page>.sections`, in the order given.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalText } from './legal-text';

export interface LegalDocumentProps {
  page: 'cgu' | 'privacy' | 'about' | 'faq' | 'notice' | 'tutorial';
  /** The keys of `legal:<page>.sections`, in reading order. */
  sections: readonly string[];
  /** Shows 'Last updated' under the title (the terms and the policy). */
  dated?: boolean;
  /** Shown under the introduction (the version on About). */
  aside?: ReactNode;
}

/** The article of a legal page. */
export function LegalDocument({ page, sections, dated = false, aside }: LegalDocumentProps) {
  const { t } = useTranslation();
  const titleId = `legal-${page}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-gray-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10"
    >
      <h1 id={titleId} className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
        {t(`legal:${page}.title`)}
      </h1>
      {dated ? <p className="mt-2 text-sm text-gray-600">{t('legal:updated')}</p> : null}
      <p className="mt-5 text-base leading-relaxed text-gray-800">{t(`legal:${page}.intro`)}</p>
      {aside}
      {sections.map((section) => {
        const headingId = `legal-${page}-${section}`;
        return (
          <section key={section} aria-labelledby={headingId} className="mt-8">
            <h2 id={headingId} className="mb-3 text-lg font-semibold text-gray-900">
              {t(`legal:${page}.sections.${section}.title`)}
            </h2>
            <LegalText body={t(`legal:${page}.sections.${section}.body`)} />
          </section>
        );
      })}
    </article>
  );
}
