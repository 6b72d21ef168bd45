/**
 * The alert thresholds of a PCO space (issue 5 "Alerts": thresholds are PCO settings with sensible defaults; contract
 * `alertSettingsInput`, `DEFAULT_ALERT_SETTINGS`): termite activity, stations and sustained bait consumption for a
 * colony, weak signal, expected interval between uplinks — each with its unit and what it triggers. Checked with the
 * contract's rules; `PUT /api/alert_settings` (owner only, the others see the values read-only); 422 violations show
 * under their fields; the save button spins meanwhile and a notification confirms. Nothing typed is lost on a failure.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { ACTIONS, type AlertSettings, alertSettingsInput } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { applyViolations } from '../../../shared/forms/violations';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { NumberField } from '../../../shared/ui/number-field';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { alertSettingsKey, saveAlertSettings, useAlertSettings } from '../api/alert-settings-api';

type Field = keyof AlertSettings;

/** The fields in order: label and hint keys (namespace `alerts:settings`), unit key or literal. */
const FIELDS: ReadonlyArray<{ name: Field; label: string; hint: string; unit?: string; unitKey?: string }> = [
  { name: 'termite_activity_threshold', label: 'termiteActivity', hint: 'termiteActivityHint', unit: '/ 100' },
  { name: 'colony_station_count', label: 'colonyStations', hint: 'colonyStationsHint', unitKey: 'stations' },
  { name: 'bait_consumption_threshold', label: 'baitConsumption', hint: 'baitConsumptionHint', unit: '%' },
  { name: 'bait_consumption_days', label: 'baitDays', hint: 'baitDaysHint', unitKey: 'days' },
  { name: 'weak_signal_dbm', label: 'weakSignal', hint: 'weakSignalHint', unit: 'dBm' },
  { name: 'expected_uplink_hours', label: 'uplinkHours', hint: 'uplinkHoursHint', unitKey: 'hours' },
];
const FIELD_NAMES = new Set<string>(FIELDS.map((f) => f.name));

/** The thresholds form once loaded. */
function AlertSettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const { hasAction } = useSession();
  const canSave = hasAction(ACTIONS.PCO_OWNER);
  const queryClient = useQueryClient();
  const form = useForm<AlertSettings>({
    resolver: zodResolver(alertSettingsInput),
    defaultValues: settings,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(settings);
  }, [settings, form]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await saveAlertSettings(values);
      queryClient.setQueryData(alertSettingsKey, saved);
      form.reset(saved);
      notify({ title: t('alerts:settings.saved') });
    } catch (error) {
      if (!applyViolations(error, form.setError, FIELD_NAMES)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-gray-700">{t('alerts:settings.description')}</p>
      {formError ? <FormError message={formError} /> : null}
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
        {FIELDS.map(({ name, label, hint, unit, unitKey }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <NumberField
                label={t(`alerts:settings.${label}`)}
                description={t(`alerts:settings.${hint}`)}
                unit={unitKey ? t(`alerts:settings.${unitKey}`) : unit}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
                isRequired
                isDisabled={isSaving || !canSave}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      {canSave ? (
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <Button type="submit" isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </div>
      ) : (
        <p className="text-[13px] text-gray-600">{t('alerts:settings.readOnly')}</p>
      )}
    </form>
  );
}

/** The alert thresholds card of the space settings (PCO spaces). */
function AlertSettingsCardBody() {
  const { t } = useTranslation();
  const query = useAlertSettings();
  return (
    <Card title={t('alerts:settings.title')}>
      {query.data ? (
        <AlertSettingsForm settings={query.data} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:states.loading')}>
          <SkeletonLines lines={5} />
        </div>
      )}
    </Card>
  );
}

/** The card, once its texts (namespace `alerts`, loaded on demand) are there. */
export const AlertSettingsCard = withOnDemandTexts('alerts', AlertSettingsCardBody);
