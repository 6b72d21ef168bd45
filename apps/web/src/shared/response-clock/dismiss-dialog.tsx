/**
 * The dialog dismissing a proposed control visit (issue 15): a reason, and a note required for "other" (contract
 * `visitDismissBody`; 422s under their fields). Loaded on demand when opened (its form code stays out of Home's chunk).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  VISIT_DISMISS_REASONS,
  type VisitDismissBody,
  type VisitProposal,
  visitDismissBody,
} from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { invalidateResource } from '../api/resources/invalidation';
import { applyViolations } from '../forms/violations';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormError } from '../ui/field-error';
import { notify } from '../ui/notifications';
import { Select } from '../ui/select';
import { TextArea } from '../ui/text-area';

/** The dismissal; the clocks and the alert logs refresh after it (also after a failure: 409 already decided). */
function useDismissVisitProposal(send: DismissCall) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateResource(queryClient, 'alerts');
  return useMutation({
    mutationFn: ({ alertUlid, body }: { alertUlid: string; body: VisitDismissBody }) => send(alertUlid, body),
    onSettled: () => void refresh(),
  });
}

/** The call that dismisses (response-clock.tsx's `dismissVisitProposal`, passed in: no import cycle). */
export type DismissCall = (alertUlid: string, body: VisitDismissBody) => Promise<VisitProposal>;

const DISMISS_FIELDS = new Set(['reason', 'note']);

/** The dismissal dialog of `proposal`. */
export function DismissDialog({
  proposal,
  onClose,
  send,
}: {
  proposal: VisitProposal;
  onClose: () => void;
  send: DismissCall;
}) {
  const { t } = useTranslation();
  const dismiss = useDismissVisitProposal(send);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<VisitDismissBody>({
    resolver: zodResolver(visitDismissBody),
    defaultValues: { reason: undefined, note: '' } as unknown as VisitDismissBody,
  });
  const isSaving = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await dismiss.mutateAsync({ alertUlid: proposal.alert_ulid, body: values });
      notify({ title: t('alerts:proposal.dismissed') });
      onClose();
    } catch (error) {
      if (applyViolations(error, form.setError, DISMISS_FIELDS)?.fields.length) return;
      // its text lives with the alerts' (loaded on demand), not in the shell's error catalogue
      const decided = error instanceof ApiError && error.code === 'visit_proposal_already_decided';
      setFormError(decided ? t('alerts:proposal.alreadyDecided') : errorMessage(error));
    }
  });
  const formId = `dismiss-${proposal.alert_ulid}`;
  return (
    // the confirmation dialog's frame (its code is in the shell already): its confirm button submits the form
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
      title={t('alerts:proposal.dismissTitle')}
      confirmLabel={t('alerts:proposal.dismiss')}
      confirmVariant="primary"
      isLoading={isSaving}
      onConfirm={() => void submit()}
      message={
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={formError} />
          <Controller
            control={form.control}
            name="reason"
            render={({ field, fieldState }) => (
              <Select
                label={t('alerts:proposal.reason')}
                options={VISIT_DISMISS_REASONS.map((id) => ({ id, label: t(`alerts:proposal.reasons.${id}`) }))}
                value={field.value ?? null}
                onChange={field.onChange}
                name={field.name}
                isRequired
                isDisabled={isSaving}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="note"
            render={({ field, fieldState }) => (
              <TextArea
                label={t('alerts:proposal.note')}
                description={t('alerts:proposal.noteHint')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                rows={3}
                isDisabled={isSaving}
                error={fieldState.error?.message}
              />
            )}
          />
        </form>
      }
    />
  );
}
