/**
 * The device credential of a gateway, shown once after its registration or after a new one was issued (SPEC §3
 * "Equipment": only its hash is stored). A copy button, and a warning that it will not be shown again.
 */
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';

export interface CredentialDialogProps {
  /** The credential to show; null closes the dialog. */
  credential: string | null;
  /** The gateway's reference. */
  reference: string;
  onClose: () => void;
}

/** Copies a text to the clipboard; false when the browser refuses (insecure context, permission). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A modal showing the credential with a copy button. */
export function CredentialDialog({ credential, reference, onClose }: CredentialDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const warningId = useId();

  useEffect(() => {
    if (credential) setCopied(null);
  }, [credential]);

  const copy = async () => {
    if (!credential) return;
    const done = await copyText(credential);
    setCopied(done ? 'yes' : 'no');
    if (!done && codeRef.current) {
      // let the user copy it by hand: the whole credential is selected
      const range = document.createRange();
      range.selectNodeContents(codeRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  };

  return (
    <Modal
      isOpen={credential !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('equipment:credential.title')}
      footer={<Button onPress={onClose}>{t('equipment:credential.done')}</Button>}
    >
      <div className="flex flex-col gap-4">
        <p>{t('equipment:credential.intro', { reference })}</p>
        <div className="flex flex-col gap-2">
          <span className="text-[13px] font-medium text-gray-800">{t('equipment:credential.label')}</span>
          <code
            ref={codeRef}
            aria-describedby={warningId}
            data-testid="device-credential"
            className="block rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-[13px] break-all text-gray-900 select-all"
          >
            {credential}
          </code>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              onPress={() => void copy()}
              icon={copied === 'yes' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
            >
              {copied === 'yes' ? t('equipment:credential.copied') : t('equipment:credential.copy')}
            </Button>
            <span role="status" className="text-[13px] text-gray-700">
              {copied === 'no' ? t('equipment:credential.copyFailed') : null}
            </span>
          </div>
        </div>
        <p
          id={warningId}
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
        >
          <TriangleAlert size={18} aria-hidden className="mt-0.5 shrink-0" />
          {t('equipment:credential.warning')}
        </p>
      </div>
    </Modal>
  );
}
