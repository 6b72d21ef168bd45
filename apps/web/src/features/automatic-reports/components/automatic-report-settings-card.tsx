/**
 * The PCO's automatic reports schedule (issue 15 "Automatic reports"; docs/decisions/018), a card of the space
 * settings: frequency, day and hour in the space's time zone, delivery, recipients, "all clear". Saved by the owner
 * (`PUT /api/automatic_report_settings`); 422 violations show under their fields; a notification confirms. Every site
 * follows it unless it has its own schedule (site detail).
 */
import { ACTIONS } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { pcoScheduleKey, savePcoSchedule, usePcoSchedule } from '../api/automatic-report-settings-api';
import { ScheduleFields, type ScheduleFormValues, scheduleFieldOf, toFormValues, toSettings } from './schedule-fields';

function PcoScheduleForm({ values }: { values: ScheduleFormValues }) {
  const { t } = useTranslation();
  const canSave = useSession().hasAction(ACTIONS.PCO_OWNER);
  const queryClient = useQueryClient();
  const form = useForm<ScheduleFormValues>({ defaultValues: values });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values);
  }, [values, form]);

  const submit = form.handleSubmit(async (current) => {
    setFormError(null);
    try {
      const saved = await savePcoSchedule(toSettings(current));
      queryClient.setQueryData(pcoScheduleKey, saved);
      form.reset(toFormValues(saved));
      notify({ title: t('reports:automatic.saved') });
    } catch (error) {
      if (!applyViolations(error, form.setError, scheduleFieldOf)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-gray-700">{t('reports:automatic.description')}</p>
      {formError ? <FormError message={formError} /> : null}
      <ScheduleFields control={form.control} isDisabled={isSaving || !canSave} />
      {canSave ? (
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <Button type="submit" isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The card: the PCO's schedule once loaded. */
export function AutomaticReportSettingsCard() {
  const { t } = useTranslation();
  const query = usePcoSchedule();
  return (
    <Card title={t('reports:automatic.title')}>
      {query.data ? (
        <PcoScheduleForm values={toFormValues(query.data)} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:states.loading')}>
          <SkeletonLines lines={4} />
        </div>
      )}
    </Card>
  );
}
