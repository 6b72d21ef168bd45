/**
 * About `/about` (SPEC §1, §2.1): what Isoptera does (round-the-clock monitoring, gateways, IGS and AGS, targeted
 * baiting) and the version of the app, public, without the app's layout (SPEC §2.3).
 */
import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:about.sections`, in reading order. */
const SECTIONS = ['monitoring', 'equipment', 'baiting', 'backoffice'] as const;

/** The version written by the build on the root element (`<div id="root" data-version>`), or null when unknown. */
export function appVersion(): string | null {
  if (typeof document === 'undefined') return null;
  const version = document.getElementById('root')?.dataset.version?.trim();
  return version && !version.startsWith('__') ? version : null;
}

/** What the product is, and its version. */
export function AboutPage() {
  const { t } = useTranslation();
  const version = appVersion();
  return (
    <LegalLayout current="about">
      <LegalDocument
        page="about"
        sections={SECTIONS}
        aside={version ? <p className="mt-2 text-sm text-gray-600">{t('legal:about.version', { version })}</p> : null}
      />
    </LegalLayout>
  );
}
