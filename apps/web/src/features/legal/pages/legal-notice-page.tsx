/** Legal notice `/legal-notice` (SPEC §2.7, issue 14): publisher, host and contact, public, in the legal pages' frame. */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:notice.sections`, in reading order. */
const SECTIONS = ['publisher', 'director', 'host', 'contact', 'ip'] as const;

/** The legal notice. */
export function LegalNoticePage() {
  return (
    <LegalLayout current="notice">
      <LegalDocument page="notice" sections={SECTIONS} />
    </LegalLayout>
  );
}
