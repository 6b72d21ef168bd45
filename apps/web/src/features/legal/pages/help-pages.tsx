/**
 * The help pages of SPEC §2.7 (issue 14), public, in the legal pages' frame, in one chunk: the FAQ `/faq`, the
 * web-app tutorial `/tutorial` and the legal notice `/legal-notice` (publisher, host, contact). Texts: `legal:faq`,
 * `legal:tutorial`, `legal:notice` (the on-demand `legal` namespace).
 */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:faq.sections`, in reading order. */
const FAQPAGE_SECTIONS = ['code', 'password', 'link', 'team', 'alert', 'report', 'settings'] as const;

/** The frequently asked questions: one section (question, answer) per entry of `legal:faq.sections`. */
export function FaqPage() {
  return (
    <LegalLayout current="faq">
      <LegalDocument page="faq" sections={FAQPAGE_SECTIONS} />
    </LegalLayout>
  );
}

/** The sections of `legal:notice.sections`, in reading order. */
const LEGALNOTICEPAGE_SECTIONS = ['publisher', 'director', 'host', 'contact', 'ip'] as const;

/** The legal notice. */
export function LegalNoticePage() {
  return (
    <LegalLayout current="notice">
      <LegalDocument page="notice" sections={LEGALNOTICEPAGE_SECTIONS} />
    </LegalLayout>
  );
}

/** The sections of `legal:tutorial.sections`, in reading order. */
const TUTORIALPAGE_SECTIONS = ['home', 'clients', 'sites', 'planning', 'equipment', 'reports'] as const;

/** The tutorial: one step per entry of `legal:tutorial.sections`, in order. */
export function TutorialPage() {
  return (
    <LegalLayout current="tutorial">
      <LegalDocument page="tutorial" sections={TUTORIALPAGE_SECTIONS} />
    </LegalLayout>
  );
}
