/**
 * The fleet health of the PCOs (issue 15 "The overview per space"): per PCO its sites in alert, silent gateways,
 * stations with a low battery, firmware versions in use, median response time over 30 days and last login, each
 * column sortable from its header (`aria-sort` tells which and how), and 'Enter' — the substitution into the PCO. On a
 * narrow screen (`compact`) each PCO is a card and a 'Sort by' choice replaces the headers. A figure that needs
 * attention is in red or amber and never by colour alone: the number says it.
 */
import type { FleetHealth, FleetHealthOrder } from '@isoptera/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Highlight } from '../../../shared/ui/highlight';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/skeleton';
import { formatDuration } from '../lib/duration';
import type { SortDirection } from '../lib/fleet-list-state';

export interface FleetHealthTableProps {
  rows: FleetHealth[];
  sort: FleetHealthOrder;
  dir: SortDirection;
  onSort: (column: FleetHealthOrder) => void;
  /** Sets column and direction at once (the compact layout's choice). */
  onSortChange: (column: FleetHealthOrder, dir: SortDirection) => void;
  /** Enters the PCO (substitution). */
  onEnter: (pco: FleetHealth) => void;
  enteringUlid?: string | null;
  /** Shows each PCO's dealer (the admin's view). */
  showDealer: boolean;
  search: string;
  isStale?: boolean;
  /** Cards instead of the table (narrow screens). */
  compact?: boolean;
}

/** The columns in order, with their header text key. */
const COLUMNS: readonly { id: FleetHealthOrder; labelKey: string }[] = [
  { id: 'name', labelKey: 'overview:fleet.columns.name' },
  { id: 'sites_in_alert', labelKey: 'overview:fleet.columns.sitesInAlert' },
  { id: 'silent_gateways', labelKey: 'overview:fleet.columns.silentGateways' },
  { id: 'low_battery_stations', labelKey: 'overview:fleet.columns.lowBattery' },
  { id: 'firmware_versions', labelKey: 'overview:fleet.columns.firmware' },
  { id: 'median_response_seconds', labelKey: 'overview:fleet.columns.medianResponse' },
  { id: 'last_login_at', labelKey: 'overview:fleet.columns.lastLogin' },
];

const HEAD = 'px-3 py-2.5 text-left align-bottom text-xs font-semibold tracking-wide text-gray-600';

/** A count out of a total: red (or amber) when it needs attention, '2 / 5'. */
function Ratio({ count, total, tone = 'red' }: { count: number; total: number; tone?: 'red' | 'amber' }) {
  const colour = count > 0 ? (tone === 'red' ? 'text-red-800' : 'text-amber-900') : 'text-gray-900';
  return (
    <span className="tabular-nums">
      <span className={cn('font-semibold', colour)}>{count}</span>
      <span className="text-gray-600"> / {total}</span>
    </span>
  );
}

/** The firmware versions as small chips, 'version · count'. */
function Firmware({ versions }: { versions: FleetHealth['firmware_versions'] }) {
  const { t } = useTranslation();
  if (!versions.length) return <span className="text-gray-600">{t('overview:fleet.noFirmware')}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('overview:fleet.columns.firmware')}>
      {versions.map((v) => (
        <li key={v.version} className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-800 tabular-nums">
          {t('overview:fleet.firmwareCount', { version: v.version, devices: v.count })}
        </li>
      ))}
    </ul>
  );
}

/** The median response time and how many alerts it covers. */
function Response({ pco }: { pco: FleetHealth }) {
  const { t } = useTranslation();
  if (pco.median_response_seconds === null)
    return <span className="text-gray-600">{t('overview:fleet.noResponse')}</span>;
  return (
    <span className="flex flex-col">
      <span className="font-semibold text-gray-900 tabular-nums">{formatDuration(t, pco.median_response_seconds)}</span>
      <span className="text-xs text-gray-600">{t('overview:fleet.responses', { count: pco.responses })}</span>
    </span>
  );
}

/** The cells of one PCO, by column. */
function useCells(showDealer: boolean, search: string) {
  const { t } = useTranslation();
  const format = useFormat();
  return (pco: FleetHealth): Record<FleetHealthOrder, ReactNode> => ({
    name: (
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold break-words text-gray-900">
          <Highlight text={pco.name} query={search} />
        </span>
        {showDealer && pco.dealer ? <span className="truncate text-xs text-gray-600">{pco.dealer.name}</span> : null}
      </span>
    ),
    sites_in_alert: <Ratio count={pco.sites_in_alert} total={pco.sites} />,
    silent_gateways: <Ratio count={pco.silent_gateways} total={pco.gateways} />,
    low_battery_stations: <Ratio count={pco.low_battery_stations} total={pco.stations} tone="amber" />,
    firmware_versions: <Firmware versions={pco.firmware_versions} />,
    median_response_seconds: <Response pco={pco} />,
    last_login_at: pco.last_login_at ? format.dateTime(pco.last_login_at) : t('overview:fleet.neverLoggedIn'),
  });
}

/** The 'Enter' button of a PCO. */
function EnterButton({ pco, onEnter, isLoading }: { pco: FleetHealth; onEnter: () => void; isLoading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="white"
      size="sm"
      icon={<LogIn size={16} aria-hidden />}
      aria-label={t('overview:fleet.enterNamed', { name: pco.name })}
      isLoading={isLoading}
      onPress={onEnter}
    >
      {t('overview:fleet.enter')}
    </Button>
  );
}

/** The fleet health as a sortable table, or as cards when `compact`. */
export function FleetHealthTable(props: FleetHealthTableProps) {
  const { rows, sort, dir, onSort, onEnter, enteringUlid, showDealer, search, isStale = false } = props;
  const { t } = useTranslation();
  const cells = useCells(showDealer, search);
  if (props.compact) return <FleetHealthCards {...props} />;
  return (
    <div className="overflow-x-auto">
      <table className={cn('w-full min-w-[880px] border-collapse text-sm', isStale && 'opacity-60 transition-opacity')}>
        <caption className="sr-only">{t('overview:fleet.listLabel')}</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            {COLUMNS.map((column) => {
              const active = sort === column.id;
              const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={HEAD}
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.id)}
                    className={cn(
                      'inline-flex items-center gap-1 rounded text-left outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600',
                      active && 'text-gray-900',
                    )}
                  >
                    {t(column.labelKey)}
                    <Icon size={14} aria-hidden className={cn('shrink-0', !active && 'text-gray-400')} />
                  </button>
                </th>
              );
            })}
            <th scope="col" className={HEAD}>
              <span className="sr-only">{t('overview:fleet.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((pco) => {
            const values = cells(pco);
            return (
              <tr key={pco.ulid} className="align-middle hover:bg-gray-50">
                {COLUMNS.map((column) => (
                  <td key={column.id} className="px-3 py-3 text-gray-800">
                    {values[column.id]}
                  </td>
                ))}
                <td className="px-3 py-3 text-right">
                  <EnterButton pco={pco} onEnter={() => onEnter(pco)} isLoading={enteringUlid === pco.ulid} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The compact layout: a 'Sort by' choice, then one card per PCO with its figures. */
function FleetHealthCards({
  rows,
  sort,
  dir,
  onSortChange,
  onEnter,
  enteringUlid,
  showDealer,
  search,
  isStale = false,
}: FleetHealthTableProps) {
  const { t } = useTranslation();
  const cells = useCells(showDealer, search);
  const options = COLUMNS.flatMap((column) =>
    (['desc', 'asc'] as const).map((direction) => ({
      id: `${column.id}:${direction}`,
      label: t(`overview:fleet.sortOption.${direction}`, { column: t(column.labelKey) }),
    })),
  );
  return (
    <div className="flex flex-col">
      <div className="border-b border-gray-200 p-3">
        <Select
          label={t('overview:fleet.sortBy')}
          options={options}
          value={`${sort}:${dir}`}
          onChange={(id) => {
            const [column, direction] = id.split(':') as [FleetHealthOrder, SortDirection];
            onSortChange(column, direction);
          }}
        />
      </div>
      <ul className={cn('divide-y divide-gray-100', isStale && 'opacity-60 transition-opacity')}>
        {rows.map((pco) => {
          const values = cells(pco);
          return (
            <li key={pco.ulid} className="flex flex-col gap-3 px-4 py-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">{values.name}</div>
                <EnterButton pco={pco} onEnter={() => onEnter(pco)} isLoading={enteringUlid === pco.ulid} />
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {COLUMNS.slice(1).map((column) => (
                  <div key={column.id} className="flex min-w-0 flex-col gap-0.5">
                    <dt className="text-xs text-gray-600">{t(column.labelKey)}</dt>
                    <dd className="min-w-0 text-gray-800">{values[column.id]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The list's placeholder while the first page loads. */
export function FleetHealthSkeleton() {
  return (
    <div className="flex flex-col divide-y divide-gray-100" aria-hidden>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-3.5 w-48" />
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}
