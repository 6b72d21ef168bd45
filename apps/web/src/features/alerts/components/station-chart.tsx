/**
 * A station's readings over a chosen period (issue 5 "Screens": "for a station its readings as a time-series chart
 * (activity, battery, signal) over a chosen period"; contract `GET /api/equipment/{ulid}/readings?from&to`): the period
 * picker (7, 30, 90 days, one year, or a custom range of days), a text summary of the period, the chart (uPlot, loaded
 * lazily; skipped where the browser cannot draw on a canvas), the readings as a table in a disclosure (the accessible
 * alternative), the 'averaged' note when the API bucketed the readings, and an empty state.
 */
import type { ReadingPoint } from '@isoptera/contracts';
import { LineChart } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { intlLocale } from '../../../shared/i18n/languages';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Card } from '../../../shared/ui/card';
import { DateRangePicker, type DateRangeValue } from '../../../shared/ui/date-picker';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useReadings } from '../api/get-readings';
import {
  customPeriod,
  PERIOD_PRESETS,
  type PeriodPreset,
  plotData,
  type ReadingsPeriod,
  readingsSummary,
} from '../lib/readings';

const ReadingsPlot = lazy(async () => ({ default: (await import('./readings-plot')).ReadingsPlot }));

export interface StationChartProps {
  stationUlid: string;
  /** The station's reference, e.g. `IGS-07`. */
  reference: string;
}

type PeriodChoice = PeriodPreset | 'custom';
const CHOICES: readonly PeriodChoice[] = [...(Object.keys(PERIOD_PRESETS) as PeriodPreset[]), 'custom'];

/** `true` where a 2D canvas can be drawn (not in happy-dom, for instance). */
function canDrawCanvas(): boolean {
  try {
    return typeof document !== 'undefined' && !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

function Summary({ points }: { points: readonly ReadingPoint[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const summary = readingsSummary(points);
  if (!summary) return null;
  const n = format.number;
  return (
    <p className="text-[13px] text-gray-700">
      {t('alerts:chart.summary', {
        count: summary.count,
        from: format.dateTime(summary.first),
        to: format.dateTime(summary.last),
        maxActivity: n(summary.maxActivity),
        lastActivity: n(summary.lastActivity),
        maxBait: n(summary.maxBait),
        lastSignal: n(summary.lastSignal),
        minSignal: n(summary.minSignal),
      })}
      {summary.lastBattery === null
        ? null
        : ` ${t('alerts:chart.summaryBattery', { battery: n(summary.lastBattery) })}`}
    </p>
  );
}

function ReadingsTable({ points, reference }: { points: readonly ReadingPoint[]; reference: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const head = 'px-3 py-2 text-right text-xs font-semibold text-gray-600';
  return (
    <details className="rounded-md border border-gray-200">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-[13px] font-medium text-brand-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {t('alerts:chart.showTable')}
      </summary>
      <div className="max-h-80 overflow-auto border-t border-gray-200">
        <table className="w-full text-[13px] text-gray-800">
          <caption className="sr-only">{t('alerts:chart.tableCaption', { reference })}</caption>
          <thead className="sticky top-0 bg-gray-50">
            <tr>
              <th scope="col" className={cn(head, 'text-left')}>
                {t('alerts:chart.time')}
              </th>
              <th scope="col" className={head}>
                {t('alerts:chart.activity')}
              </th>
              <th scope="col" className={head}>
                {t('alerts:chart.bait')}
              </th>
              <th scope="col" className={head}>
                {t('alerts:chart.battery')}
              </th>
              <th scope="col" className={head}>
                {t('alerts:chart.signal')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 tabular-nums">
            {points.map((point) => (
              <tr key={point.measured_at}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {format.dateTime(point.measured_at)}
                </th>
                <td className="px-3 py-1.5 text-right">{format.number(point.termite_activity)}</td>
                <td className="px-3 py-1.5 text-right">{format.number(point.bait_consumption)}</td>
                <td className="px-3 py-1.5 text-right">
                  {point.battery_percent === null ? '—' : format.number(point.battery_percent)}
                </td>
                <td className="px-3 py-1.5 text-right">{format.number(point.signal_level)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The readings card of the station `stationUlid`; the last 30 days at first. */
export function StationChart({ stationUlid, reference }: StationChartProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSession();
  const [choice, setChoice] = useState<PeriodChoice>('30d');
  const [period, setPeriod] = useState<PeriodPreset | ReadingsPeriod>('30d');
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const readings = useReadings(stationUlid, period);
  const points = readings.data?.points ?? [];
  const data = useMemo(() => plotData(readings.data?.points ?? []), [readings.data]);
  const labels = useMemo(
    () => ({
      time: t('alerts:chart.time'),
      activity: t('alerts:chart.activity'),
      bait: t('alerts:chart.bait'),
      battery: t('alerts:chart.battery'),
      signal: t('alerts:chart.signal'),
    }),
    [t],
  );
  const [canDraw] = useState(canDrawCanvas);

  const choose = (next: PeriodChoice) => {
    setChoice(next);
    if (next !== 'custom') {
      setRangeError(null);
      setPeriod(next);
    }
  };
  const chooseRange = (next: DateRangeValue | null) => {
    setRange(next);
    if (!next) return;
    const custom = customPeriod(next, timeZone);
    setRangeError(custom ? null : 'period_invalid');
    if (custom) setPeriod(custom);
  };

  return (
    <Card title={t('alerts:chart.title', { reference })}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1">
            <span id={`period-${stationUlid}`} className="text-[13px] font-medium text-gray-800">
              {t('alerts:chart.period')}
            </span>
            <ToggleButtonGroup
              aria-labelledby={`period-${stationUlid}`}
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={[choice]}
              onSelectionChange={(keys) => {
                const [next] = [...keys];
                if (next) choose(next as PeriodChoice);
              }}
              className="inline-flex overflow-hidden rounded-md border border-gray-300 shadow-xs"
            >
              {CHOICES.map((id) => (
                <ToggleButton
                  key={id}
                  id={id}
                  className="border-l border-gray-300 px-3 py-1.5 text-[13px] font-medium text-gray-800 outline-none first:border-l-0 hover:bg-gray-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[focus-visible]:ring-inset data-[selected]:bg-brand-700 data-[selected]:text-white"
                >
                  {t(`alerts:chart.presets.${id}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </div>
          {choice === 'custom' ? (
            <DateRangePicker
              label={t('alerts:chart.range')}
              value={range}
              onChange={chooseRange}
              error={rangeError}
              className="min-w-64"
            />
          ) : null}
        </div>

        {readings.isError && !readings.data ? (
          <ErrorState error={readings.error} onRetry={() => void readings.refetch()} isRetrying={readings.isFetching} />
        ) : readings.isLoading ? (
          <div aria-hidden className="flex flex-col gap-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : points.length === 0 ? (
          <EmptyState icon={<LineChart size={24} />} message={t('alerts:chart.empty')} />
        ) : (
          <div className={cn('flex flex-col gap-3', readings.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <Summary points={points} />
            {readings.data?.bucketed ? (
              <p className="rounded-md bg-blue-50 px-3 py-2 text-[13px] text-blue-900">{t('alerts:chart.bucketed')}</p>
            ) : null}
            {canDraw ? (
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <ReadingsPlot data={data} labels={labels} locale={intlLocale(i18n.language)} timeZone={timeZone} />
              </Suspense>
            ) : null}
            <ReadingsTable points={points} reference={reference} />
          </div>
        )}
      </div>
    </Card>
  );
}
