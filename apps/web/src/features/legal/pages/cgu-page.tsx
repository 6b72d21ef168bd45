/** CGU `/cgu` (SPEC §2.1): the terms of use, public, without the app's layout (SPEC §2.3). */
import { LegalDocument } from '../components/legal-document';
import { LegalLayout } from '../components/legal-layout';

/** The sections of `legal:cgu.sections`, in reading order. */
const SECTIONS = ['purpose', 'access', 'use', 'data', 'availability', 'ip', 'liability', 'changes', 'law'] as const;

/** The terms of use. */
export function CguPage() {
  return (
    <LegalLayout current="cgu">
      <LegalDocument page="cgu" sections={SECTIONS} dated />
    </LegalLayout>
  );
}
