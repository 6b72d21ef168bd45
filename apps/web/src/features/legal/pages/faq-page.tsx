/** FAQ `/faq` (SPEC §2.7, issue 14): the questions users ask most, public, in the legal pages' frame. */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:faq.sections`, in reading order. */
const SECTIONS = ['code', 'password', 'link', 'team', 'alert', 'report', 'settings'] as const;

/** The frequently asked questions: one section (question, answer) per entry of `legal:faq.sections`. */
export function FaqPage() {
  return (
    <LegalLayout current="faq">
      <LegalDocument page="faq" sections={SECTIONS} />
    </LegalLayout>
  );
}
