/**
 * The fields of an automatic reports schedule (issue 15; contract `automaticReportSettingsInput`), shared by the
 * PCO's card and a site's own schedule: frequency; weekday (weekly) or day of the month, 1–28 or the last (monthly,
 * quarterly); hour, in the space's time zone; delivery; recipients (the client's primary contact, other addresses one
 * per line); "all clear". The form holds text values ({@link ScheduleFormValues}); {@link toSettings} turns them into
 * the contract's body. With frequency `off` only the frequency shows.
 */
import {
  AUTOMATIC_REPORT_DELIVERIES,
  AUTOMATIC_REPORT_FREQUENCIES,
  type AutomaticReportSettings,
} from '@isoptera/contracts';
import { type Control, Controller, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../shared/ui/checkbox';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';

/** What the form edits: the schedule with its numbers and addresses as text. */
export interface ScheduleFormValues {
  frequency: AutomaticReportSettings['frequency'];
  weekday: string;
  month_day: string;
  hour: string;
  delivery: AutomaticReportSettings['delivery'];
  primary_contact: boolean;
  recipients: string;
  all_clear: boolean;
}

export const SCHEDULE_FIELDS = [
  'frequency',
  'weekday',
  'month_day',
  'hour',
  'delivery',
  'primary_contact',
  'recipients',
  'all_clear',
] as const;

export function toFormValues(settings: AutomaticReportSettings): ScheduleFormValues {
  return {
    frequency: settings.frequency,
    weekday: String(settings.weekday),
    month_day: String(settings.month_day),
    hour: String(settings.hour),
    delivery: settings.delivery,
    primary_contact: settings.primary_contact,
    recipients: settings.recipients.join('\n'),
    all_clear: settings.all_clear,
  };
}

export function toSettings(values: ScheduleFormValues): AutomaticReportSettings {
  return {
    frequency: values.frequency,
    weekday: Number(values.weekday),
    month_day: values.month_day === 'last' ? 'last' : Number(values.month_day),
    hour: Number(values.hour),
    delivery: values.delivery,
    primary_contact: values.primary_contact,
    recipients: values.recipients
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean),
    all_clear: values.all_clear,
  };
}

/** A violation's path (`recipients.2`, `settings.hour`) as the field it belongs to, or null. */
export function scheduleFieldOf(path: string): string | null {
  const name = path.replace(/^settings\./, '').split('.')[0] ?? '';
  return (SCHEDULE_FIELDS as readonly string[]).includes(name) ? name : null;
}

/** Weekday names in `lang`, ISO numbered (1 Monday … 7 Sunday). */
function weekdays(lang: string) {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  // 5 January 2026 is a Monday
  return [1, 2, 3, 4, 5, 6, 7].map((n) => ({
    id: String(n),
    label: format.format(new Date(Date.UTC(2026, 0, 4 + n))),
  }));
}

/** A one-line summary of `settings`, e.g. "Monthly, on day 1 at 08:00 — to review". */
export function useScheduleSummary() {
  const { t, i18n } = useTranslation();
  return (settings: AutomaticReportSettings) => {
    if (settings.frequency === 'off') return t('reports:automatic.summary.off');
    const hour = `${String(settings.hour).padStart(2, '0')}:00`;
    const day =
      settings.frequency === 'weekly'
        ? (weekdays(i18n.language)[settings.weekday - 1]?.label ?? '')
        : settings.month_day === 'last'
          ? t('reports:automatic.lastDay')
          : t('reports:automatic.dayNumber', { day: settings.month_day });
    return t(`reports:automatic.summary.${settings.frequency}`, {
      day,
      hour,
      delivery: t(`reports:automatic.deliveryShort.${settings.delivery}`),
    });
  };
}

/** The schedule's fields under `prefix` (e.g. `settings.`) of a react-hook-form form. */
export function ScheduleFields<T extends FieldValues>({
  control,
  prefix = '',
  isDisabled,
}: {
  control: Control<T>;
  prefix?: string;
  isDisabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = (field: keyof ScheduleFormValues) => `${prefix}${field}` as FieldPath<T>;
  const frequency = useWatch({ control, name: name('frequency') }) as ScheduleFormValues['frequency'];
  const message = (code?: string) => (code ? code : undefined);
  const days = [
    // a day of the month as the language writes it in a list: '1' in French or English, '1日' in Japanese
    ...Array.from({ length: 28 }, (_, i) => ({
      id: String(i + 1),
      label: t('reports:automatic.dayOption', { day: i + 1 }),
    })),
    { id: 'last', label: t('reports:automatic.lastDay') },
  ];
  const hours = Array.from({ length: 24 }, (_, h) => ({ id: String(h), label: `${String(h).padStart(2, '0')}:00` }));
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-3">
        <Controller
          control={control}
          name={name('frequency')}
          render={({ field, fieldState }) => (
            <Select
              label={t('reports:automatic.frequency')}
              options={AUTOMATIC_REPORT_FREQUENCIES.map((id) => ({
                id,
                label: t(`reports:automatic.frequencies.${id}`),
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              isDisabled={isDisabled}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        {frequency === 'weekly' ? (
          <Controller
            control={control}
            name={name('weekday')}
            render={({ field, fieldState }) => (
              <Select
                label={t('reports:automatic.weekday')}
                options={weekdays(i18n.language)}
                value={field.value}
                onChange={field.onChange}
                name={field.name}
                isDisabled={isDisabled}
                error={message(fieldState.error?.message)}
              />
            )}
          />
        ) : null}
        {frequency === 'monthly' || frequency === 'quarterly' ? (
          <Controller
            control={control}
            name={name('month_day')}
            render={({ field, fieldState }) => (
              <Select
                label={t(frequency === 'monthly' ? 'reports:automatic.monthDay' : 'reports:automatic.quarterDay')}
                options={days}
                value={field.value}
                onChange={field.onChange}
                name={field.name}
                isDisabled={isDisabled}
                error={message(fieldState.error?.message)}
              />
            )}
          />
        ) : null}
        {frequency !== 'off' ? (
          <Controller
            control={control}
            name={name('hour')}
            render={({ field, fieldState }) => (
              <Select
                label={t('reports:automatic.hour')}
                description={t('reports:automatic.hourHint')}
                options={hours}
                value={field.value}
                onChange={field.onChange}
                name={field.name}
                isDisabled={isDisabled}
                error={message(fieldState.error?.message)}
              />
            )}
          />
        ) : null}
      </div>
      {frequency !== 'off' ? (
        <>
          <Controller
            control={control}
            name={name('delivery')}
            render={({ field, fieldState }) => (
              <RadioGroup
                label={t('reports:automatic.deliveryLabel')}
                options={AUTOMATIC_REPORT_DELIVERIES.map((id) => ({
                  id,
                  label: t(`reports:automatic.delivery.${id}`),
                }))}
                value={field.value}
                onChange={field.onChange}
                name={field.name}
                isDisabled={isDisabled}
                error={message(fieldState.error?.message)}
              />
            )}
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium text-gray-900">{t('reports:automatic.recipients')}</legend>
            <Controller
              control={control}
              name={name('primary_contact')}
              render={({ field }) => (
                <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange} isDisabled={isDisabled}>
                  {t('reports:automatic.primaryContact')}
                </Checkbox>
              )}
            />
            <Controller
              control={control}
              name={name('recipients')}
              render={({ field, fieldState }) => (
                <TextArea
                  label={t('reports:automatic.otherRecipients')}
                  description={t('reports:automatic.otherRecipientsHint')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  rows={2}
                  isDisabled={isDisabled}
                  error={message(fieldState.error?.message)}
                />
              )}
            />
          </fieldset>
          <Controller
            control={control}
            name={name('all_clear')}
            render={({ field }) => (
              <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange} isDisabled={isDisabled}>
                {t('reports:automatic.allClear')}
              </Checkbox>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
