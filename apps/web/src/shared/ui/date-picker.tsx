/**
 * Date and date-time pickers built on React Aria's DatePicker (SPEC §5 "Date pickers"): day/month/year plus
 * hours:minutes (seconds when enabled, zeroed otherwise), navigation blocked beyond min/max, years 1970–2100 by default.
 * Values are strings: `YYYY-MM-DD` for dates, `YYYY-MM-DD HH:mm:ss` (the post format, wall time of the user's time
 * zone) for date-times; a range of dates is `{start, end}` (`YYYY-MM-DD` each). The display follows the user's language
 * (fr, en-GB, it, pt: day/month/year; ja: year first).
 */
import { type CalendarDate, type CalendarDateTime, parseDate, parseDateTime } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Button as AriaButton,
  DatePicker as AriaDatePicker,
  DateRangePicker as AriaDateRangePicker,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/languages';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel } from './field-parts';

const MIN_DATE = '1970-01-01';
const MAX_DATE = '2100-12-31';

/**
 * A segment of a date field (day, month, year, hours …): at least 24 × 24 px, so that each one is a target large
 * enough to hit (WCAG 2.5.8, Lighthouse `target-size`); the separators between them stay narrow. The fields take
 * 6 px of vertical padding instead of 8 to keep their 36 px height.
 */
const segmentClass =
  'min-w-6 rounded px-0.5 text-center leading-6 tabular-nums outline-none data-[placeholder]:text-gray-500 data-[type=literal]:min-w-0 data-[type=literal]:px-0 focus:bg-brand-700 focus:text-white';

/** Parses `YYYY-MM-DD`, or null when empty or malformed. */
export function toCalendarDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value.slice(0, 10));
  } catch {
    return null;
  }
}

/** Parses `YYYY-MM-DD HH:mm[:ss]` (or with a `T`), or null when empty or malformed. */
export function toCalendarDateTime(value: string | null | undefined): CalendarDateTime | null {
  if (!value) return null;
  try {
    return parseDateTime(value.trim().replace(' ', 'T').slice(0, 19));
  } catch {
    return null;
  }
}

/** Formats a date-time in the post format `YYYY-MM-DD HH:mm:ss` (SPEC §9), seconds zeroed unless kept. */
export function toPostFormat(value: CalendarDateTime, keepSeconds = false): string {
  const v = keepSeconds ? value.set({ millisecond: 0 }) : value.set({ second: 0, millisecond: 0 });
  return v.toString().replace('T', ' ').slice(0, 19);
}

interface PickerShellProps extends FieldBaseProps {
  onBlur?: () => void;
  name?: string;
}

export interface DatePickerProps extends PickerShellProps {
  /** `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string;
  max?: string;
}

export interface DateTimePickerProps extends PickerShellProps {
  /** `YYYY-MM-DD HH:mm:ss` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string;
  max?: string;
  /** Shows and keeps seconds (default: hours:minutes, seconds zeroed). */
  withSeconds?: boolean;
}

const MONTH_BUTTON =
  'rounded-md p-1.5 text-gray-700 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-30';

/** The month heading of a calendar with its previous and next buttons (single date and range alike). */
function CalendarHeader() {
  return (
    <header className="mb-2 flex items-center justify-between gap-2">
      <AriaButton slot="previous" className={MONTH_BUTTON}>
        <ChevronLeft size={18} aria-hidden />
      </AriaButton>
      <Heading className="text-sm font-semibold text-gray-900 capitalize" />
      <AriaButton slot="next" className={MONTH_BUTTON}>
        <ChevronRight size={18} aria-hidden />
      </AriaButton>
    </header>
  );
}

function PickerCalendar() {
  return (
    <Popover className="rounded-lg border border-gray-200 bg-white p-3 shadow-lg outline-none">
      <Dialog className="outline-none">
        <Calendar className="w-fit">
          <CalendarHeader />
          <CalendarGrid className="border-separate border-spacing-0.5 text-sm">
            {(date) => (
              <CalendarCell
                date={date}
                className={cn(
                  'flex size-9 cursor-pointer items-center justify-center rounded-md text-gray-800 outline-none',
                  'hover:bg-gray-100 data-[outside-month]:hidden data-[disabled]:cursor-default data-[disabled]:text-gray-300',
                  'data-[selected]:bg-brand-700 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600',
                  'data-[today]:font-bold',
                )}
              />
            )}
          </CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}

function PickerField({ label, description, error, isRequired }: FieldBaseProps) {
  const { t } = useTranslation();
  return (
    <>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className="flex items-center rounded-md border border-gray-300 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 data-[disabled]:bg-gray-100 data-[invalid]:border-red-600">
        <DateInput className="flex min-w-0 flex-1 px-3 py-1.5 text-sm text-gray-900">
          {(segment) => <DateSegment segment={segment} className={segmentClass} />}
        </DateInput>
        <AriaButton
          aria-label={t('common:date.openCalendar')}
          className="mr-1 rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <CalendarDays size={18} aria-hidden />
        </AriaButton>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
    </>
  );
}

/** A calendar date picker; emits `YYYY-MM-DD` or null. */
export function DatePicker({
  value,
  onChange,
  min,
  max,
  className,
  isDisabled,
  onBlur,
  name,
  ...field
}: DatePickerProps) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={intlLocale(i18n.language)}>
      <AriaDatePicker<CalendarDate>
        value={toCalendarDate(value)}
        onChange={(next) => onChange(next ? next.toString() : null)}
        minValue={toCalendarDate(min ?? MIN_DATE)}
        maxValue={toCalendarDate(max ?? MAX_DATE)}
        granularity="day"
        isRequired={field.isRequired}
        isDisabled={isDisabled}
        isInvalid={!!field.error}
        validationBehavior="aria"
        onBlur={onBlur}
        name={name}
        className={cn('flex flex-col', className)}
      >
        <PickerField {...field} />
        <PickerCalendar />
      </AriaDatePicker>
    </I18nProvider>
  );
}

/** A date and time picker (24 h); emits `YYYY-MM-DD HH:mm:ss` or null. */
export function DateTimePicker({
  value,
  onChange,
  min,
  max,
  withSeconds = false,
  className,
  isDisabled,
  onBlur,
  name,
  ...field
}: DateTimePickerProps) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={intlLocale(i18n.language)}>
      <AriaDatePicker<CalendarDateTime>
        value={toCalendarDateTime(value)}
        onChange={(next) => onChange(next ? toPostFormat(next, withSeconds) : null)}
        minValue={toCalendarDateTime(min ?? `${MIN_DATE} 00:00:00`)}
        maxValue={toCalendarDateTime(max ?? `${MAX_DATE} 23:59:59`)}
        granularity={withSeconds ? 'second' : 'minute'}
        hourCycle={24}
        hideTimeZone
        isRequired={field.isRequired}
        isDisabled={isDisabled}
        isInvalid={!!field.error}
        validationBehavior="aria"
        onBlur={onBlur}
        name={name}
        className={cn('flex flex-col', className)}
      >
        <PickerField {...field} />
        <PickerCalendar />
      </AriaDatePicker>
    </I18nProvider>
  );
}

/** A range of calendar days, both ends included (`YYYY-MM-DD`). */
export interface DateRangeValue {
  start: string;
  end: string;
}

export interface DateRangePickerProps extends PickerShellProps {
  value: DateRangeValue | null;
  onChange: (value: DateRangeValue | null) => void;
  min?: string;
  max?: string;
}

const rangeCell = cn(
  'flex size-9 cursor-pointer items-center justify-center rounded-md text-gray-800 outline-none',
  'hover:bg-gray-100 data-[outside-month]:hidden data-[disabled]:cursor-default data-[disabled]:text-gray-300',
  'data-[selected]:rounded-none data-[selected]:bg-brand-50 data-[selected]:text-brand-900',
  'data-[selection-start]:rounded-l-md data-[selection-end]:rounded-r-md',
  'data-[selection-start]:bg-brand-700 data-[selection-start]:text-white data-[selection-end]:bg-brand-700 data-[selection-end]:text-white',
  'data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[today]:font-bold',
);

/** A picker of a range of days (start and end included); emits `{start, end}` or null. */
export function DateRangePicker({
  value,
  onChange,
  min,
  max,
  className,
  isDisabled,
  onBlur,
  label,
  description,
  error,
  isRequired,
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const start = toCalendarDate(value?.start);
  const end = toCalendarDate(value?.end);
  return (
    <I18nProvider locale={intlLocale(i18n.language)}>
      <AriaDateRangePicker<CalendarDate>
        value={start && end ? { start, end } : null}
        onChange={(next) => onChange(next ? { start: next.start.toString(), end: next.end.toString() } : null)}
        minValue={toCalendarDate(min ?? MIN_DATE)}
        maxValue={toCalendarDate(max ?? MAX_DATE)}
        granularity="day"
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={!!error}
        validationBehavior="aria"
        onBlur={onBlur}
        className={cn('flex flex-col', className)}
      >
        <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
        <Group className="flex items-center rounded-md border border-gray-300 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 data-[disabled]:bg-gray-100 data-[invalid]:border-red-600">
          <div className="flex min-w-0 flex-1 items-center gap-1 px-3 py-1.5 text-sm text-gray-900">
            <DateInput slot="start" className="flex">
              {(segment) => <DateSegment segment={segment} className={segmentClass} />}
            </DateInput>
            <span aria-hidden>–</span>
            <DateInput slot="end" className="flex">
              {(segment) => <DateSegment segment={segment} className={segmentClass} />}
            </DateInput>
          </div>
          <AriaButton
            aria-label={t('common:date.openCalendar')}
            className="mr-1 rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <CalendarDays size={18} aria-hidden />
          </AriaButton>
        </Group>
        <FieldDescription>{description}</FieldDescription>
        <FieldError code={error} />
        <Popover className="rounded-lg border border-gray-200 bg-white p-3 shadow-lg outline-none">
          <Dialog className="outline-none">
            <RangeCalendar className="w-fit">
              <CalendarHeader />
              <CalendarGrid className="border-separate border-spacing-y-0.5 text-sm">
                {(date) => <CalendarCell date={date} className={rangeCell} />}
              </CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}
