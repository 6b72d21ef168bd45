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
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSyncLog } from '../api/get-sync-log';

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const NUMBER_HEAD = 'px-4 py-2.5 text-right text-xs font-semibold tracking-wide text-gray-600 uppercase';
const WIDE = 'hidden @2xl:table-cell';

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

function SkeletonRows() {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="hidden h-4 w-12 md:block" />
          <Skeleton className="hidden h-4 w-40 md:block" />
        </li>
      ))}
    </ul>
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

  return (
    <Card title={t('alerts:sync.title')} flush>
      {log.isError && !log.data ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
      ) : log.isLoading ? (
        <SkeletonRows />
      ) : entries.length === 0 ? (
        <EmptyState icon={<RadioTower size={24} />} message={t('alerts:sync.empty')} />
      ) : (
        <div className="@container overflow-x-auto">
          <table className={cn('w-full border-collapse', log.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <caption className="sr-only">{t('alerts:sync.caption')}</caption>
            <thead className="border-b border-gray-200 bg-gray-50">
              <tr>
                <th scope="col" className={HEAD}>
                  {t('alerts:sync.receivedAt')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('alerts:sync.gateway')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:sync.transport')}
                </th>
                <th scope="col" className={NUMBER_HEAD}>
                  {t('alerts:sync.accepted')}
                </th>
                <th scope="col" className={cn(NUMBER_HEAD, WIDE)}>
                  {t('alerts:sync.duplicates')}
                </th>
                <th scope="col" className={NUMBER_HEAD}>
                  {t('alerts:sync.rejected')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:sync.errorsColumn')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 text-[13px] text-gray-800">
              {entries.map((entry) => (
                <tr key={entry.ulid} className="align-top hover:bg-gray-50">
                  <td className="px-4 py-3 tabular-nums">{format.dateTime(entry.received_at)}</td>
                  <td className="px-4 py-3">
                    {entry.gateway ? (
                      <span className="flex flex-col">
                        <span className="font-medium text-gray-900">{entry.gateway.reference}</span>
                        <span className="font-mono text-xs text-gray-600">{entry.gateway.serial_number}</span>
                      </span>
                    ) : (
                      <span className="text-gray-600">{t('alerts:sync.unknownGateway')}</span>
                    )}
                  </td>
                  <td className={cn('px-4 py-3', WIDE)}>{entry.transport.toUpperCase()}</td>
                  <td className="px-4 py-3 text-right">{count(entry.accepted)}</td>
                  <td className={cn('px-4 py-3 text-right', WIDE)}>{count(entry.duplicates)}</td>
                  <td className="px-4 py-3 text-right">
                    {count(entry.rejected, 'font-semibold text-red-800')}
                    {entry.errors.length > 0 ? (
                      <div className="mt-1 text-left @2xl:hidden">
                        <Errors entry={entry} />
                      </div>
                    ) : null}
                  </td>
                  <td className={cn('px-4 py-3', WIDE)}>
                    <Errors entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="border-t border-gray-200 px-4">
            <Pagination page={page} total={total} onPageChange={setPage} />
          </div>
        </div>
      )}
    </Card>
  );
}
