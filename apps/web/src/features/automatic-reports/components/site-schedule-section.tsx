/**
 * A site's automatic reports (issue 15; docs/decisions/018), a section of the site detail: "use the PCO's setting"
 * (with its summary) or the site's own schedule (the same fields as the PCO's). Saved with
 * `PUT /api/sites/{id}/automatic_report_settings` (PCO action); 422 violations show under their fields.
 */
import { ACTIONS } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { saveSiteSchedule, siteScheduleKey, useSiteSchedule } from '../api/automatic-report-settings-api';
import {
  ScheduleFields,
  type ScheduleFormValues,
  scheduleFieldOf,
  toFormValues,
  toSettings,
  useScheduleSummary,
} from './schedule-fields';

interface SiteScheduleValues {
  mode: 'pco' | 'own';
  settings: ScheduleFormValues;
}

function SiteScheduleForm({
  siteUlid,
  values,
  pcoSummary,
}: {
  siteUlid: string;
  values: SiteScheduleValues;
  pcoSummary: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<SiteScheduleValues>({ defaultValues: values });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;
  const mode = form.watch('mode');

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values);
  }, [values, form]);

  const submit = form.handleSubmit(async (current) => {
    setFormError(null);
    try {
      const saved = await saveSiteSchedule(
        siteUlid,
        current.mode === 'pco'
          ? { uses_pco_settings: true }
          : { uses_pco_settings: false, settings: toSettings(current.settings) },
      );
      queryClient.setQueryData(siteScheduleKey(siteUlid), saved);
      form.reset({ mode: saved.uses_pco_settings ? 'pco' : 'own', settings: toFormValues(saved.settings) });
      notify({ title: t('reports:automatic.saved') });
    } catch (error) {
      const toField = (path: string) => {
        const field = scheduleFieldOf(path);
        return field ? `settings.${field}` : null;
      };
      if (!applyViolations(error, form.setError, toField)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {formError ? <FormError message={formError} /> : null}
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <RadioGroup
            label={t('reports:automatic.siteMode')}
            options={[
              { id: 'pco', label: t('reports:automatic.usePco', { summary: pcoSummary }) },
              { id: 'own', label: t('reports:automatic.useOwn') },
            ]}
            value={field.value}
            onChange={field.onChange}
            name={field.name}
            isDisabled={isSaving}
          />
        )}
      />
      {mode === 'own' ? <ScheduleFields control={form.control} prefix="settings." isDisabled={isSaving} /> : null}
      <div className="flex justify-end border-t border-gray-200 pt-4">
        <Button type="submit" isLoading={isSaving} isDisabled={!form.formState.isDirty}>
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}

/** The section of the site detail (PCO owner and manager; nothing for the others). */
export function SiteScheduleSection({ siteUlid }: { siteUlid: string }) {
  const { t } = useTranslation();
  const allowed = useSession().hasAction(ACTIONS.PCO_ACTION);
  const query = useSiteSchedule(siteUlid);
  const summary = useScheduleSummary();
  if (!allowed) return null;
  const data = query.data;
  return (
    <Card title={t('reports:automatic.title')}>
      {data ? (
        <SiteScheduleForm
          siteUlid={siteUlid}
          pcoSummary={summary(data.pco_settings)}
          values={{ mode: data.uses_pco_settings ? 'pco' : 'own', settings: toFormValues(data.settings) }}
        />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:states.loading')}>
          <SkeletonLines lines={3} />
        </div>
      )}
    </Card>
  );
}
