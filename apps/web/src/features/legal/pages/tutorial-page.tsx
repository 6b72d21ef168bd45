/** Web-app tutorial `/tutorial` (SPEC §2.7, issue 14): the first steps in the app, public, in the legal pages' frame. */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:tutorial.sections`, in reading order. */
const SECTIONS = ['home', 'clients', 'sites', 'planning', 'equipment', 'reports'] as const;

/** The tutorial: one step per entry of `legal:tutorial.sections`, in order. */
export function TutorialPage() {
  return (
    <LegalLayout current="tutorial">
      <LegalDocument page="tutorial" sections={SECTIONS} />
    </LegalLayout>
  );
}
