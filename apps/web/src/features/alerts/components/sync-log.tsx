/**
 * The synchronisation log of a site (SPEC §2.7 "Sites: synchronisation log"; contract `SyncLogEntry`): one row per
 * uplink of its gateways, newest first — when it was received, the gateway, the channel (HTTP or MQTT), the readings
 * accepted, duplicated and rejected, and the errors in a disclosure; paging with 'displayed of total', a loading
 * skeleton, an empty state and an error state with retry.
 */
import type { SyncLogEntry } from '@isoptera/contracts';
import { RadioTower } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Card } from '../../../shared/ui/card';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { useSyncLog } from '../api/get-sync-log';

/** The text of an error code of an uplink: its label when known (sync or API codes), else the code itself. */
function useErrorText() {
  const { t, i18n } = useTranslation();
  return (code: string) =>
    i18n.exists(`alerts:sync.code.${code}`)
      ? t(`alerts:sync.code.${code}`)
      : i18n.exists(`errors:${code}`)
        ? t(`errors:${code}`)
        : code;
}

function Errors({ entry }: { entry: SyncLogEntry }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (entry.errors.length === 0) return <span className="text-gray-600">{t('alerts:sync.noError')}</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded font-medium text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {t('alerts:sync.errors', { count: entry.errors.length })}
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 text-xs text-gray-700">
        {entry.errors.map((error, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the errors of one uplink have no identity of their own
          <li key={index}>
            {error.serial_number ? <span className="font-mono">{error.serial_number}</span> : null}
            {error.serial_number ? ' · ' : null}
            {errorText(error.code)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The synchronisation log card of `siteUlid`. */
export function SyncLog({ siteUlid }: { siteUlid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const log = useSyncLog(siteUlid, page);
  const entries = log.data?.['hydra:member'] ?? [];
  const total = log.data?.['hydra:totalItems'] ?? 0;
  const count = (value: number, tone?: string) => (
    <span className={cn('tabular-nums', value > 0 && tone)}>{format.number(value)}</span>
  );
  const columns: DataTableColumn<SyncLogEntry>[] = [
    {
      id: 'received',
      header: t('alerts:sync.receivedAt'),
      role: 'primary',
      className: 'tabular-nums',
      cell: (entry) => format.dateTime(entry.received_at),
    },
    {
      id: 'gateway',
      header: t('alerts:sync.gateway'),
      role: 'secondary',
      cell: (entry) =>
        entry.gateway ? (
          <span className="flex flex-col">
            <span className="font-medium text-gray-900">{entry.gateway.reference}</span>
            <span className="font-mono text-xs text-gray-600">{entry.gateway.serial_number}</span>
          </span>
        ) : (
          <span className="text-gray-600">{t('alerts:sync.unknownGateway')}</span>
        ),
      card: (entry) =>
        entry.gateway ? (
          <span className="text-[13px]">
            <span className="font-medium text-gray-900">{entry.gateway.reference}</span>{' '}
            <span className="font-mono text-xs text-gray-600">{entry.gateway.serial_number}</span>
          </span>
        ) : (
          <span className="text-[13px] text-gray-600">{t('alerts:sync.unknownGateway')}</span>
        ),
    },
    {
      id: 'transport',
      header: t('alerts:sync.transport'),
      visibleFrom: '@2xl',
      cell: (entry) => entry.transport.toUpperCase(),
    },
    { id: 'accepted', header: t('alerts:sync.accepted'), align: 'end', cell: (entry) => count(entry.accepted) },
    {
      id: 'duplicates',
      header: t('alerts:sync.duplicates'),
      align: 'end',
      visibleFrom: '@2xl',
      cell: (entry) => count(entry.duplicates),
    },
    {
      id: 'rejected',
      header: t('alerts:sync.rejected'),
      align: 'end',
      cell: (entry) => (
        <>
          {count(entry.rejected, 'font-semibold text-red-800')}
          {entry.errors.length > 0 ? (
            <div className="mt-1 text-left @2xl:hidden">
              <Errors entry={entry} />
            </div>
          ) : null}
        </>
      ),
      card: (entry) => count(entry.rejected, 'font-semibold text-red-800'),
    },
    {
      id: 'errors',
      header: t('alerts:sync.errorsColumn'),
      visibleFrom: '@2xl',
      cell: (entry) => <Errors entry={entry} />,
    },
  ];

  return (
    <Card title={t('alerts:sync.title')} flush>
      <div aria-busy={log.isFetching || undefined}>
        <DataTable
          caption={t('alerts:sync.caption')}
          columns={columns}
          rows={log.data ? entries : undefined}
          rowKey={(entry) => entry.ulid}
          isLoading={log.isLoading}
          skeletonRows={4}
          error={log.isError && !log.data ? log.error : undefined}
          onRetry={() => void log.refetch()}
          isRetrying={log.isFetching}
          isStale={log.isPlaceholderData}
          empty={{ icon: <RadioTower size={24} />, message: t('alerts:sync.empty') }}
          pagination={{ page, total, onPageChange: setPage }}
        />
      </div>
    </Card>
  );
}
