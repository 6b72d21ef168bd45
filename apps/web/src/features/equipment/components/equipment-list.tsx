/**
 * The equipment of a site as a table on wide screens and cards on phones (SPEC §2.7 "Sites: detail"; shared/ui/data-table):
 * reference, kind, state badge, battery, signal, last update, alert since, open alert badges and the row's actions;
 * the reference, battery and last-update headers sort it. A station is selected (to show its readings) by its
 * reference button, or by a click anywhere on its row.
 */
import type { Equipment } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../shared/ui/data-table';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';
import { sortedAlerts } from '../lib/equipment-appearance';
import type { EquipmentSortKey } from '../lib/equipment-list-params';
import { type EquipmentAction, EquipmentActionsMenu } from './equipment-actions-menu';
import { BatteryIndicator, KindIcon, SignalIndicator, TrapStateBadge } from './equipment-badges';

export interface EquipmentListProps
  extends Omit<
    DataTableProps<Equipment, EquipmentSortKey>,
    'caption' | 'columns' | 'rows' | 'rowKey' | 'onRowClick' | 'isRowClickable' | 'isRowSelected'
  > {
  /** The equipment shown (filtered and sorted); `undefined` while the list loads. */
  items: readonly Equipment[] | undefined;
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

/** The list of a site's equipment, with its states (loading, error, empty, no match). */
export function EquipmentList({
  items,
  selectedStationUlid,
  onSelectStation,
  onAction,
  ...states
}: EquipmentListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const isSelected = (item: Equipment) => item.ulid === selectedStationUlid;
  const lastUpdate = (item: Equipment) =>
    item.last_update_at ? format.dateTime(item.last_update_at) : t('equipment:values.never');
  const alertSince = (item: Equipment) =>
    item.alert_since ? t('equipment:list.alertSince', { date: format.dateTime(item.alert_since) }) : null;
  const reference = (item: Equipment) => (
    <Reference equipment={item} isSelected={isSelected(item)} onSelectStation={onSelectStation} />
  );
  const columns: DataTableColumn<Equipment, EquipmentSortKey>[] = [
    {
      id: 'reference',
      header: t('equipment:columns.reference'),
      role: 'primary',
      sortKey: 'reference',
      padding: 'px-3 py-3',
      cell: (item) => (
        <span className="flex min-w-36 flex-col items-start text-sm">
          {reference(item)}
          <span className="text-[13px] text-gray-700">{t(`enums:equipment_kind.${item.kind}`)}</span>
          <span className="text-xs text-gray-600 tabular-nums">{item.serial_number}</span>
        </span>
      ),
      card: reference,
    },
    {
      id: 'identity',
      header: t('equipment:form.identity'),
      role: 'secondary',
      hideInTable: true,
      cell: (item) => (
        <span className="text-[13px] text-gray-700">
          {t(`enums:equipment_kind.${item.kind}`)} · <span className="tabular-nums">{item.serial_number}</span>
        </span>
      ),
    },
    {
      id: 'state',
      header: t('equipment:columns.state'),
      role: 'secondary',
      padding: 'px-3 py-3',
      cell: (item) => <TrapStateBadge state={item.state} />,
      skeleton: <Skeleton className="h-5 w-24" />,
    },
    {
      id: 'battery',
      header: t('equipment:columns.battery'),
      role: 'secondary',
      sortKey: 'battery',
      padding: 'px-3 py-3',
      cell: (item) => <BatteryIndicator level={item.battery_level} percent={item.battery_percent} />,
    },
    {
      id: 'signal',
      header: t('equipment:columns.signal'),
      role: 'secondary',
      padding: 'px-3 py-3',
      cell: (item) => <SignalIndicator dbm={item.signal_level} />,
    },
    {
      id: 'lastUpdate',
      header: t('equipment:columns.lastUpdate'),
      sortKey: 'last_update',
      firstDirection: 'desc',
      padding: 'px-3 py-3',
      className: 'whitespace-nowrap text-sm text-gray-700',
      cell: lastUpdate,
    },
    {
      id: 'alerts',
      header: t('equipment:columns.alerts'),
      padding: 'px-3 py-3',
      cell: (item) => (
        <span className="flex flex-col items-start gap-1">
          <Alerts equipment={item} />
          {item.alert_since ? (
            <span className="text-xs whitespace-nowrap text-gray-700">{alertSince(item)}</span>
          ) : null}
        </span>
      ),
      card: (item) => (
        <span className="flex flex-col items-start gap-1">
          <Alerts equipment={item} />
          {item.alert_since ? <span className="text-xs text-gray-700">{alertSince(item)}</span> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('equipment:columns.actions'),
      headerHidden: true,
      role: 'actions',
      align: 'end',
      padding: 'px-3 py-3',
      cell: (item) => <EquipmentActionsMenu equipment={item} onAction={onAction} />,
    },
  ];
  return (
    <DataTable
      caption={t('equipment:list.caption')}
      columns={columns}
      rows={items}
      rowKey={(item) => item.ulid}
      onRowClick={onSelectStation ? (item) => onSelectStation(item.ulid) : undefined}
      isRowClickable={(item) => item.kind !== 'gateway'}
      isRowSelected={isSelected}
      skeletonRows={4}
      {...states}
    />
  );
}

/** Placeholder rows while the list's texts load (the list itself shows skeleton rows under its headers). */
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
