/**
 * The equipment of a site as a table on wide screens and cards on narrow ones (SPEC §2.7 "Sites: detail"): reference,
 * kind, state badge, battery, signal, last update, alert since, open alert badges and the row's actions. A station is
 * selected (to show its readings) by its reference button, or by a click anywhere on its row.
 */
import type { Equipment } from '@isoptera/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';
import { sortedAlerts } from '../lib/equipment-appearance';
import { type EquipmentAction, EquipmentActionsMenu } from './equipment-actions-menu';
import { BatteryIndicator, KindIcon, SignalIndicator, TrapStateBadge } from './equipment-badges';

export interface EquipmentListProps {
  items: readonly Equipment[];
  /** The station whose readings are shown, if any. */
  selectedStationUlid?: string | null;
  onSelectStation?: (ulid: string) => void;
  onAction: (action: EquipmentAction, equipment: Equipment) => void;
}

const dash = <span className="text-gray-500">—</span>;

/** The reference: a toggle button for a station (selects it), plain text for a gateway. */
function Reference({
  equipment,
  isSelected,
  onSelectStation,
}: {
  equipment: Equipment;
  isSelected: boolean;
  onSelectStation?: (ulid: string) => void;
}) {
  const { t } = useTranslation();
  const content = (
    <>
      <KindIcon kind={equipment.kind} />
      <span className="truncate">{equipment.reference}</span>
    </>
  );
  if (equipment.kind === 'gateway' || !onSelectStation) {
    return <span className="inline-flex min-w-0 items-center gap-2 font-medium text-gray-900">{content}</span>;
  }
  return (
    <button
      type="button"
      aria-current={isSelected ? 'true' : undefined}
      title={t('equipment:list.showReadings', { reference: equipment.reference })}
      onClick={() => onSelectStation(equipment.ulid)}
      className="inline-flex min-w-0 items-center gap-2 rounded font-medium text-brand-800 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {content}
    </button>
  );
}

function Alerts({ equipment }: { equipment: Equipment }) {
  const alerts = sortedAlerts(equipment);
  if (alerts.length === 0) return dash;
  return (
    <span className="flex flex-wrap gap-1">
      {alerts.map((alert) => (
        <AlertBadge key={alert.ulid} type={alert.type} />
      ))}
    </span>
  );
}

/** Selects the row's station on a click that did not land on one of its controls (or in a menu opened from it). */
function rowClick(equipment: Equipment, onSelectStation?: (ulid: string) => void) {
  if (equipment.kind === 'gateway' || !onSelectStation) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || target.closest('button, a, [role="menuitem"]')) return;
    onSelectStation(equipment.ulid);
  };
}

/** Placeholder rows while the list loads. */
export function EquipmentListSkeleton() {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <li key={i} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-5 w-24" />
          <Skeleton className="hidden h-4 w-28 md:block" />
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-4 w-32 md:block" />
        </li>
      ))}
    </ul>
  );
}

/** The list of a site's equipment. */
export function EquipmentList({ items, selectedStationUlid, onSelectStation, onAction }: EquipmentListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const isSelected = (item: Equipment) => item.ulid === selectedStationUlid;
  const lastUpdate = (item: Equipment) =>
    item.last_update_at ? format.dateTime(item.last_update_at) : t('equipment:values.never');
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('equipment:list.caption')}</caption>
          <thead className="bg-gray-50 text-xs font-medium text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.reference')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.state')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.battery')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.signal')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.lastUpdate')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('equipment:columns.alerts')}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('equipment:columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {items.map((item) => (
              <tr
                key={item.ulid}
                data-ulid={item.ulid}
                onClick={rowClick(item, onSelectStation)}
                className={cn(
                  'align-middle',
                  isSelected(item) ? 'bg-brand-50' : 'hover:bg-gray-50',
                  item.kind !== 'gateway' && onSelectStation && 'cursor-pointer',
                )}
              >
                <td className="px-3 py-3">
                  <span className="flex min-w-36 flex-col items-start">
                    <Reference equipment={item} isSelected={isSelected(item)} onSelectStation={onSelectStation} />
                    <span className="text-[13px] text-gray-700">{t(`enums:equipment_kind.${item.kind}`)}</span>
                    <span className="text-xs text-gray-600 tabular-nums">{item.serial_number}</span>
                  </span>
                </td>
                <td className="px-3 py-3">
                  <TrapStateBadge state={item.state} />
                </td>
                <td className="px-3 py-3">
                  <BatteryIndicator level={item.battery_level} percent={item.battery_percent} />
                </td>
                <td className="px-3 py-3">
                  <SignalIndicator dbm={item.signal_level} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-gray-700">{lastUpdate(item)}</td>
                <td className="px-3 py-3">
                  <span className="flex flex-col items-start gap-1">
                    <Alerts equipment={item} />
                    {item.alert_since ? (
                      <span className="text-xs whitespace-nowrap text-gray-700">
                        {t('equipment:list.alertSince', { date: format.dateTime(item.alert_since) })}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className="px-3 py-3 text-right">
                  <EquipmentActionsMenu equipment={item} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-gray-100 md:hidden">
        {items.map((item) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the reference button is the keyboard way to select
          <li
            key={item.ulid}
            data-ulid={item.ulid}
            onClick={rowClick(item, onSelectStation)}
            className={cn('flex flex-col gap-2 px-4 py-3', isSelected(item) && 'bg-brand-50')}
          >
            <div className="flex items-start justify-between gap-2">
              <span className="flex min-w-0 flex-col items-start">
                <Reference equipment={item} isSelected={isSelected(item)} onSelectStation={onSelectStation} />
                <span className="text-[13px] text-gray-700">
                  {t(`enums:equipment_kind.${item.kind}`)} · <span className="tabular-nums">{item.serial_number}</span>
                </span>
              </span>
              <EquipmentActionsMenu equipment={item} onAction={onAction} />
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <TrapStateBadge state={item.state} />
              <BatteryIndicator level={item.battery_level} percent={item.battery_percent} />
              <SignalIndicator dbm={item.signal_level} />
            </div>
            {item.alerts.length > 0 ? <Alerts equipment={item} /> : null}
            <p className="text-xs text-gray-600">
              {t('equipment:list.lastUpdate', { date: lastUpdate(item) })}
              {item.alert_since
                ? ` · ${t('equipment:list.alertSince', { date: format.dateTime(item.alert_since) })}`
                : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
