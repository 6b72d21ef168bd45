/**
 * The reports of a site on its detail page (issue 12 "Screens: Site detail: the site's reports"; SPEC §2.7
 * "Reports", §4): the reports to process, then the history (sent or discarded, most recently processed first), each
 * with its status, the visit's date, the date it was sent (or closed), a link to it on `/reports?report=<ulid>` and its
 * PDF (`/api/reports/{ulid}/pdf`: a draft while to process). At most {@link SITE_REPORTS_SHOWN} of each list; the
 * counts and 'see all' (`/reports?site=<ulid>`) cover the rest. Dates in the user's time zone.
 */
import { type ReportListItem, reportPdfUrl } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Download, FileText } from 'lucide-react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { reportListQueryOptions } from '../../../shared/api/resources/reports';
import { useFormat } from '../../../shared/lib/use-format';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { ReportStatusBadge } from '../../../shared/ui/report-status';
import { SkeletonLines } from '../../../shared/ui/skeleton';

/** How many reports of each list the card shows. */
export const SITE_REPORTS_SHOWN = 5;

/** The newest first: by the end of the visit, latest first (the to-process list comes oldest first). */
function newestFirst(reports: readonly ReportListItem[]): ReportListItem[] {
  return [...reports].sort((a, b) => Date.parse(b.visit_ended_at) - Date.parse(a.visit_ended_at));
}

function ReportRow({ report }: { report: ReportListItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when =
    report.status === 'sent' && report.sent_at
      ? t('sites:reports.sentOn', { date: format.date(report.sent_at) })
      : report.status === 'discarded' && report.discarded_at
        ? t('sites:reports.closedOn', { date: format.date(report.discarded_at) })
        : null;
  const visit = t('sites:reports.visit', {
    type: t(`enums:report_type.${report.type}`),
    date: format.date(report.visit_ended_at),
  });
  return (
    <li className="flex items-center gap-2 px-4 py-3">
      <Link
        href={`/reports?report=${encodeURIComponent(report.ulid)}`}
        className="flex min-w-0 flex-1 flex-col gap-1 rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 sm:flex-row sm:items-center sm:gap-3"
      >
        <span className="shrink-0 self-start sm:self-center">
          <ReportStatusBadge status={report.status} />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-medium text-gray-900">{visit}</span>
          {when ? <span className="text-xs text-gray-600">{when}</span> : null}
        </span>
      </Link>
      <a
        href={reportPdfUrl(report.ulid)}
        download
        aria-label={t('sites:reports.downloadOf', { visit })}
        title={t('sites:reports.download')}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <Download size={16} aria-hidden />
        <span className="hidden sm:inline">{t('sites:reports.pdf')}</span>
      </a>
    </li>
  );
}

function ReportList({ title, reports }: { title: string; reports: ReportListItem[] }) {
  if (!reports.length) return null;
  return (
    <div>
      <h3 className="bg-gray-50 px-4 py-2 text-xs font-semibold text-gray-700 uppercase">{title}</h3>
      <ul className="divide-y divide-gray-100">
        {reports.map((report) => (
          <ReportRow key={report.ulid} report={report} />
        ))}
      </ul>
    </div>
  );
}

/** The 'Reports' card of site `siteUlid`. */
export function SiteReports({ siteUlid }: { siteUlid: string }) {
  const { t } = useTranslation();
  const filter = { 'site.ulid': siteUlid, itemsPerPage: SITE_REPORTS_SHOWN };
  const toProcess = useQuery(reportListQueryOptions({ ...filter, status: 'to_process' }));
  const history = useQuery(reportListQueryOptions({ ...filter, status: 'history' }));
  const failed = toProcess.isError ? toProcess : history.isError ? history : null;
  const counts = toProcess.data ?? history.data;
  const waiting = toProcess.data?.to_process_number ?? 0;
  const done = history.data?.history_number ?? 0;
  const shown = (toProcess.data?.['hydra:member'].length ?? 0) + (history.data?.['hydra:member'].length ?? 0);
  const seeAll = `/reports?site=${encodeURIComponent(siteUlid)}`;

  return (
    <Card
      flush
      title={t('sites:reports.title')}
      actions={
        waiting + done > 0 ? (
          <ButtonLink href={seeAll} size="sm" variant="tertiary" icon={<ArrowRight size={16} aria-hidden />}>
            {t('sites:reports.seeAll')}
          </ButtonLink>
        ) : null
      }
    >
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} isRetrying={failed.isFetching} />
      ) : toProcess.isPending || history.isPending || !counts ? (
        <div className="p-4">
          <p role="status" className="sr-only">
            {t('sites:reports.loading')}
          </p>
          <SkeletonLines lines={3} />
        </div>
      ) : waiting + done === 0 ? (
        <EmptyState icon={<FileText size={24} />} message={t('sites:reports.empty')} />
      ) : (
        <div className="divide-y divide-gray-200" aria-busy={toProcess.isFetching || history.isFetching || undefined}>
          <ReportList
            title={t('sites:reports.toProcess', { count: waiting })}
            reports={newestFirst(toProcess.data?.['hydra:member'] ?? [])}
          />
          <ReportList
            title={t('sites:reports.history', { count: done })}
            reports={history.data?.['hydra:member'] ?? []}
          />
          {waiting + done > shown ? (
            <p className="px-4 py-3 text-sm">
              <Link
                href={seeAll}
                className="font-medium text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {t('sites:reports.more', { count: waiting + done - shown })}
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
