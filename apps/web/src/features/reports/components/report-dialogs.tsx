/**
 * The dialogs of a report's moves (issue 12 "Lifecycle"; docs/decisions/010): **send to customer** and **resend**
 * (the recipients: by default the client's primary contact — for a resend, the last sending's —, others added or
 * removed, at most `REPORT_MAX_RECIPIENTS`, each checked as the contract checks it), **discard** (the reason,
 * required, at most `REPORT_DISCARD_REASON_MAX` characters) and **reopen** (a confirmation). A refused move (409,
 * 422) shows its translated message in the dialog, which stays open with what was typed.
 */
import {
  REPORT_DISCARD_REASON_MAX,
  REPORT_MAX_RECIPIENTS,
  type Report,
  reportDiscardBody,
  reportSendBody,
} from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { mapViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/field-error';
import { Modal } from '../../../shared/ui/modal';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import type { ReportMove } from '../api/reports-api';

interface MoveDialogProps {
  report: Report;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Runs the move; rejects with the API's error. */
  onMove: (move: ReportMove) => Promise<unknown>;
  isPending: boolean;
}

/** An error under a part of the dialog that is not a field (the list, one recipient). */
function InlineError({ code }: { code: string | undefined }) {
  return code ? <p className="mt-1 text-[13px] text-red-700">{translateErrorCode(code)}</p> : null;
}

/** The message of a refused move, and the field codes of a 422. */
function refusal(error: unknown): { message: string; fields: Map<string, string> } {
  const fields = new Map(mapViolations(error, (path) => path)?.fields ?? []);
  return { message: errorMessage(error), fields };
}

/** The recipients a dialog starts with: the last sending's for a resend, else the client's primary contact. */
function useDefaultRecipients(report: Report, isOpen: boolean): string[] | undefined {
  const client = useQuery({
    ...clientQueryOptions(report.client.ulid),
    enabled: isOpen && report.deliveries.length === 0,
  });
  const last = report.deliveries.at(-1);
  if (last) return last.recipients;
  if (client.isPending && client.fetchStatus !== 'idle') return undefined;
  const email = client.data?.primary_contact?.email;
  return email ? [email] : [];
}

/** Send to the customer, or send the same PDF again (`mode: 'resend'`). */
export function RecipientsDialog({
  report,
  isOpen,
  onOpenChange,
  onMove,
  isPending,
  mode,
}: MoveDialogProps & { mode: 'send' | 'resend' }) {
  const { t } = useTranslation();
  const formId = useId();
  const defaults = useDefaultRecipients(report, isOpen);
  const [recipients, setRecipients] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [message, setMessage] = useState<string | null>(null);

  // each opening starts again from the defaults
  useEffect(() => {
    if (!isOpen) {
      setRecipients(null);
      setDraft('');
      setErrors(new Map());
      setMessage(null);
    }
  }, [isOpen]);
  useEffect(() => {
    if (isOpen && recipients === null && defaults) setRecipients(defaults);
  }, [isOpen, recipients, defaults]);

  const list = recipients ?? [];
  const isFull = list.length >= REPORT_MAX_RECIPIENTS;

  const add = () => {
    const email = draft.trim();
    if (!email) return;
    const checked = reportSendBody.shape.recipients.element.safeParse(email);
    if (!checked.success) {
      setErrors(new Map([['draft', checked.error.issues[0]?.message ?? 'email_invalid']]));
      return;
    }
    setErrors(new Map());
    if (!list.includes(checked.data)) setRecipients([...list, checked.data]);
    setDraft('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    // a typed address not yet added goes with the others
    const typed = draft.trim();
    const all = typed && !list.includes(typed.toLowerCase()) ? [...list, typed] : list;
    const checked = reportSendBody.safeParse({ recipients: all });
    if (!checked.success) {
      const fields = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        const key = path === 'recipients' ? 'recipients' : issue.path[1] === list.length ? 'draft' : path;
        if (!fields.has(key)) fields.set(key, issue.message);
      }
      setErrors(fields);
      return;
    }
    setErrors(new Map());
    setMessage(null);
    try {
      await onMove({ kind: mode, recipients: checked.data.recipients });
      onOpenChange(false);
    } catch (error) {
      const { message: text, fields } = refusal(error);
      setErrors(fields);
      setMessage(text);
    }
  };

  const listError = errors.get('recipients');
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !isPending && onOpenChange(open)}
      isDismissable={!isPending}
      title={mode === 'send' ? t('reports:screen.send.title') : t('reports:screen.resend.title')}
      footer={
        <>
          <Button variant="white" onPress={() => onOpenChange(false)} isDisabled={isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={isPending} isDisabled={recipients === null}>
            {mode === 'send' ? t('reports:screen.send.confirm') : t('reports:screen.resend.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <p>{mode === 'send' ? t('reports:screen.send.intro') : t('reports:screen.resend.intro')}</p>
        {message ? <FormError message={message} /> : null}
        <fieldset>
          <legend className="mb-1 text-[13px] font-medium text-gray-800">
            {t('reports:screen.send.recipients', { count: list.length, max: REPORT_MAX_RECIPIENTS })}
          </legend>
          {list.length ? (
            <ul className="flex flex-col gap-1" aria-label={t('reports:screen.send.recipientList')}>
              {list.map((email, index) => (
                <li
                  key={email}
                  className="flex items-center justify-between gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-1.5"
                >
                  <span className="min-w-0 break-all text-gray-900">{email}</span>
                  <InlineError code={errors.get(`recipients.${index}`)} />
                  <Button
                    variant="tertiary"
                    size="sm"
                    aria-label={t('reports:screen.send.remove', { email })}
                    onPress={() => setRecipients(list.filter((r) => r !== email))}
                    icon={<X size={14} aria-hidden />}
                  />
                </li>
              ))}
            </ul>
          ) : recipients !== null ? (
            <p className="text-gray-600 italic">{t('reports:screen.send.noRecipient')}</p>
          ) : null}
          <InlineError code={listError} />
        </fieldset>
        <div className="flex items-end gap-2">
          <TextField
            className="min-w-0 flex-1"
            type="email"
            label={t('reports:screen.send.add')}
            placeholder={t('reports:screen.send.addPlaceholder')}
            value={draft}
            onChange={setDraft}
            isDisabled={isFull}
            error={errors.get('draft')}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button
            variant="white"
            onPress={add}
            isDisabled={isFull || !draft.trim()}
            icon={<Plus size={16} aria-hidden />}
            className={errors.get('draft') ? 'mb-6' : undefined}
          >
            {t('reports:screen.send.addButton')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Mark as processed without sending: asks the reason. */
export function DiscardDialog({ isOpen, onOpenChange, onMove, isPending }: MoveDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!isOpen) {
      setReason('');
      setError(null);
      setMessage(null);
    }
  }, [isOpen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const checked = reportDiscardBody.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'reason_required');
      return;
    }
    setError(null);
    setMessage(null);
    try {
      await onMove({ kind: 'discard', reason: checked.data.reason });
      onOpenChange(false);
    } catch (failure) {
      const { message: text, fields } = refusal(failure);
      setError(fields.get('reason') ?? null);
      setMessage(text);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !isPending && onOpenChange(open)}
      isDismissable={!isPending}
      role="alertdialog"
      title={t('reports:screen.discard.title')}
      footer={
        <>
          <Button variant="white" onPress={() => onOpenChange(false)} isDisabled={isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="red" isLoading={isPending}>
            {t('reports:screen.discard.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <p>{t('reports:screen.discard.intro')}</p>
        {message ? <FormError message={message} /> : null}
        <TextArea
          label={t('reports:screen.discard.reason')}
          description={t('reports:screen.discard.reasonHint', {
            count: reason.length,
            max: REPORT_DISCARD_REASON_MAX,
          })}
          isRequired
          autoFocus
          rows={3}
          value={reason}
          onChange={setReason}
          error={error}
        />
      </form>
    </Modal>
  );
}

/** Puts a discarded report back to process, after a confirmation. */
export function ReopenDialog({ isOpen, onOpenChange, onMove, isPending }: MoveDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!isOpen) setMessage(null);
  }, [isOpen]);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('reports:screen.reopen.title')}
      confirmVariant="primary"
      confirmLabel={t('reports:screen.reopen.confirm')}
      isLoading={isPending}
      message={
        <>
          <p>{t('reports:screen.reopen.intro')}</p>
          {message ? (
            <div className="mt-3">
              <FormError message={message} />
            </div>
          ) : null}
        </>
      }
      onConfirm={() =>
        void onMove({ kind: 'reopen' }).then(
          () => onOpenChange(false),
          (error: unknown) => setMessage(errorMessage(error)),
        )
      }
    />
  );
}
