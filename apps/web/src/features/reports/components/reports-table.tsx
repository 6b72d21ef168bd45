/**
 * One page of a reports list (issue 12 "Screens"; SPEC §2.7 "The sent date is shown"): each report's visit (its end),
 * site and client, type, and — in the history — when it was sent, or that it was discarded, when and why. Columns
 * follow the width of the list itself (container queries): on a phone each row reads as a card. Choosing a report
 * opens its panel.
 */
import type { ReportList, ReportListItem } from '@isoptera/contracts';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Skeleton } from '../../../shared/ui/skeleton';
import { ReportStatusBadge, ReportTypeBadge } from './report-badges';

export interface ReportsTableProps {
  tab: ReportList;
  reports: readonly ReportListItem[];
  selectedUlid: string;
  onSelect: (ulid: string) => void;
  /** Dims the rows while the next page or filter loads. */
  isStale?: boolean;
}

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const TYPE_COLUMN = 'hidden @2xl:table-cell';
const STATE_COLUMN = 'hidden @xl:table-cell';

/** What the history says of a processed report: sent on …, or discarded on … with its reason. */
export function ProcessedLine({ report }: { report: ReportListItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (report.status === 'sent' && report.sent_at) {
    return <span>{t('reports:screen.list.sentOn', { date: format.dateTime(report.sent_at) })}</span>;
  }
  if (report.status === 'discarded') {
    return (
      <span>
        {t('reports:screen.list.discardedOn', { date: format.dateTime(report.discarded_at) })}
        {report.discard_reason ? (
          <span className="block truncate text-gray-600" title={report.discard_reason}>
            {report.discard_reason}
          </span>
        ) : null}
      </span>
    );
  }
  return null;
}

/** The reports of one page as a table. */
export function ReportsTable({ tab, reports, selectedUlid, onSelect, isStale = false }: ReportsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="@container">
      <table className={cn('w-full table-fixed border-collapse', isStale && 'opacity-60 transition-opacity')}>
        <caption className="sr-only">{t(`reports:screen.tabs.${tab}`)}</caption>
        <thead className="border-b border-gray-200 bg-gray-50">
          <tr>
            <th scope="col" className={cn(HEAD, STATE_COLUMN, 'w-36')}>
              {t('reports:screen.list.visit')}
            </th>
            <th scope="col" className={HEAD}>
              {t('reports:screen.list.site')}
            </th>
            <th scope="col" className={cn(HEAD, TYPE_COLUMN, 'w-44')}>
              {t('reports:screen.list.type')}
            </th>
            <th scope="col" className={cn(HEAD, STATE_COLUMN, 'w-56')}>
              {tab === 'history' ? t('reports:screen.list.processed') : t('reports:screen.list.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {reports.map((report) => {
            const selected = report.ulid === selectedUlid;
            return (
              <tr
                key={report.ulid}
                onClick={() => onSelect(report.ulid)}
                className={cn(
                  'cursor-pointer align-top hover:bg-gray-50',
                  selected && 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)] hover:bg-brand-50',
                )}
              >
                <td className={cn('px-4 py-3 text-[13px] text-gray-800', STATE_COLUMN)}>
                  <p className="font-medium text-gray-900">{format.date(report.visit_ended_at)}</p>
                  <p className="text-gray-600">{format.time(report.visit_ended_at)}</p>
                </td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    aria-current={selected ? 'true' : undefined}
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(report.ulid);
                    }}
                    className="flex w-full items-start gap-2 text-left outline-none focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-gray-900 hover:text-brand-800">
                        {report.site.name}
                      </span>
                      <span className="block truncate text-[13px] text-gray-700">{report.client.name}</span>
                      <span className="mt-1 block text-[13px] text-gray-700 @xl:hidden">
                        {format.dateTime(report.visit_ended_at)}
                      </span>
                    </span>
                    <ChevronRight size={16} aria-hidden className="mt-0.5 shrink-0 text-gray-400 @xl:hidden" />
                  </button>
                  <div className="mt-1 flex flex-wrap gap-1.5 @2xl:hidden">
                    <ReportTypeBadge type={report.type} />
                    <span className="@xl:hidden">
                      <ReportStatusBadge status={report.status} />
                    </span>
                  </div>
                  {tab === 'history' ? (
                    <p className="mt-1 text-[13px] text-gray-700 @xl:hidden">
                      <ProcessedLine report={report} />
                    </p>
                  ) : null}
                </td>
                <td className={cn('px-4 py-3', TYPE_COLUMN)}>
                  <ReportTypeBadge type={report.type} />
                </td>
                <td className={cn('px-4 py-3 text-[13px] text-gray-800', STATE_COLUMN)}>
                  <ReportStatusBadge status={report.status} />
                  {tab === 'history' ? (
                    <p className="mt-1">
                      <ProcessedLine report={report} />
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function ReportsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={i} className="flex gap-4 px-4 py-3">
          <Skeleton className="h-4 w-24" />
          <div className="flex-1">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-2 h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
