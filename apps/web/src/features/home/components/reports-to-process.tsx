/**
 * Home's 'Reports to process' (SPEC §2.7 "Overview/home: … to-process list"; issue 12 "Screens"): the oldest visits
 * whose report waits for the office (`GET /api/reports?status=to_process`, oldest visit end first), at most
 * {@link TO_PROCESS_SHOWN}, with the total, each opening the report on `/reports?report=<ulid>`, a 'see all' link to
 * `/reports`, an empty state, skeleton and error states. Visit dates in the user's time zone. Recording, sending or
 * discarding a report anywhere refreshes it (`invalidateResource(…, 'reports')`).
 */
import type { ReportListItem } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, FileCheck2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { reportListQueryOptions } from '../../../shared/api/resources/reports';
import { useFormat } from '../../../shared/lib/use-format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { TO_PROCESS_SHOWN, ToProcessCard, ToProcessSkeleton } from './reports-to-process-skeleton';

/** The query of the card: the first page of the to-process list. */
export const toProcessQuery = { status: 'to_process', itemsPerPage: TO_PROCESS_SHOWN } as const;

function ReportRow({ report }: { report: ReportListItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li>
      <Link
        href={`/reports?report=${encodeURIComponent(report.ulid)}`}
        className="flex w-full items-center gap-3 px-4 py-3 outline-none hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="line-clamp-2 text-sm font-medium break-words text-gray-900">
            {`${report.client.name} — ${report.site.name}`}
          </span>
          <span className="truncate text-xs text-gray-600">
            {t('home:toProcess.visit', {
              type: t(`enums:report_type.${report.type}`),
              date: format.date(report.visit_ended_at),
            })}
          </span>
        </span>
        <ChevronRight size={16} aria-hidden className="shrink-0 text-gray-400" />
      </Link>
    </li>
  );
}

/** The 'Reports to process' card; `onSettled` is called once its first answer (or error) is shown. */
export function ReportsToProcess({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(reportListQueryOptions(toProcessQuery));
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const total = query.data?.to_process_number ?? 0;
  const items = query.data?.['hydra:member'] ?? [];
  return (
    <ToProcessCard>
      {query.isPending ? (
        <ToProcessSkeleton label={t('home:toProcess.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : total === 0 ? (
        <EmptyState icon={<FileCheck2 size={24} />} message={t('home:toProcess.empty')} />
      ) : (
        <div aria-busy={query.isFetching || undefined}>
          <p className="border-b border-gray-200 px-4 py-2.5 text-sm text-gray-700">
            {t('home:toProcess.count', { count: total })}
          </p>
          <ul className="divide-y divide-gray-100">
            {items.map((report) => (
              <ReportRow key={report.ulid} report={report} />
            ))}
          </ul>
          {total > items.length ? (
            <p className="border-t border-gray-200 px-4 py-2.5 text-sm">
              <Link
                href="/reports"
                className="font-medium text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {t('home:toProcess.more', { count: total - items.length })}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </ToProcessCard>
  );
}
