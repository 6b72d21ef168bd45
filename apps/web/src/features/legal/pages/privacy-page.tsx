/**
 * Privacy `/privacy` (SPEC §2.1): the privacy policy (GDPR roles, data, retention, rights, cookies), public, without
 * the app's layout (SPEC §2.3).
 */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:privacy.sections`, in reading order. */
const SECTIONS = [
  'roles',
  'categories',
  'purposes',
  'retention',
  'recipients',
  'security',
  'rights',
  'cookies',
  'contact',
] as const;

/** The privacy policy. */
export function PrivacyPage() {
  return (
    <LegalLayout current="privacy">
      <LegalDocument page="privacy" sections={SECTIONS} dated />
    </LegalLayout>
  );
}
