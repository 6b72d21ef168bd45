/**
 * The control visit proposed for a termite or colony alert (issue 15 "Alert → visit on a response clock"), as Home's
 * clocks and the site's alert log show it: when and with whom, **Plan this visit** (opens the intervention panel
 * pre-filled with the site, the control-visit type, the referent and the slot; saving plans it linked to the alert)
 * and **Dismiss** (a dialog asking a reason, and a note for "other"; 422s show under their fields). Texts of the
 * `alerts` namespace (loaded on demand by the screens that show it).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  VISIT_DISMISS_REASONS,
  type VisitDismissBody,
  type VisitProposal,
  visitDismissBody,
} from '@isoptera/contracts';
import { CalendarPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';
import { useDismissVisitProposal } from '../api/resources/response-clock';
import { applyViolations } from '../forms/violations';
import { emit } from '../lib/events';
import { useFormat } from '../lib/use-format';
import { Button } from '../ui/button';
import { FormError } from '../ui/field-error';
import { Modal } from '../ui/modal';
import { notify } from '../ui/notifications';
import { RadioGroup } from '../ui/radio-group';
import { TextArea } from '../ui/text-area';

const DISMISS_FIELDS = new Set(['reason', 'note']);

/** Opens the intervention panel on `proposal` (its save accepts the proposal). */
export function planProposedVisit(proposal: VisitProposal): void {
  emit('openInterventionPanel', {
    siteUlid: proposal.site.ulid,
    type: proposal.type,
    proposal: {
      alertUlid: proposal.alert_ulid,
      startAt: proposal.start_at,
      endAt: proposal.end_at,
      intervener: proposal.referent
        ? { ulid: proposal.referent.ulid, label: `${proposal.referent.firstname} ${proposal.referent.lastname}` }
        : null,
    },
  });
}

/** The dismissal dialog of `proposal`. */
function DismissDialog({ proposal, onClose }: { proposal: VisitProposal; onClose: () => void }) {
  const { t } = useTranslation();
  const dismiss = useDismissVisitProposal();
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
      if (!applyViolations(error, form.setError, DISMISS_FIELDS)?.fields.length) setFormError(errorMessage(error));
    }
  });
  const formId = `dismiss-${proposal.alert_ulid}`;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !isSaving) onClose();
      }}
      title={t('alerts:proposal.dismissTitle')}
      footer={
        <>
          <Button variant="white" onPress={onClose} isDisabled={isSaving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving}>
            {t('alerts:proposal.dismiss')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Controller
          control={form.control}
          name="reason"
          render={({ field, fieldState }) => (
            <RadioGroup
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
    </Modal>
  );
}

/** The proposed visit of an alert with its two actions; `compact` for Home's rows. */
export function VisitProposalActions({ proposal }: { proposal: VisitProposal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [dismissing, setDismissing] = useState(false);
  const who = proposal.referent ? `${proposal.referent.firstname} ${proposal.referent.lastname}` : null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-[13px] text-gray-800">
        {t(who ? 'alerts:proposal.summary' : 'alerts:proposal.summaryNoReferent', {
          date: format.date(proposal.start_at),
          start: format.time(proposal.start_at),
          end: format.time(proposal.end_at),
          who,
        })}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onPress={() => planProposedVisit(proposal)} icon={<CalendarPlus size={14} aria-hidden />}>
          {t('alerts:proposal.accept')}
        </Button>
        <Button size="sm" variant="white" onPress={() => setDismissing(true)} icon={<X size={14} aria-hidden />}>
          {t('alerts:proposal.dismiss')}
        </Button>
      </div>
      {dismissing ? <DismissDialog proposal={proposal} onClose={() => setDismissing(false)} /> : null}
    </div>
  );
}
