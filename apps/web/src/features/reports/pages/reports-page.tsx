/**
 * The Reports screen (SPEC §2.2 `/reports`, PCO action; §2.7 "Reports"; §4 "Reports"; issue 12 "Screens"): the
 * *to process* list (oldest visit first) and the *history* (sent or discarded, latest first) as two tabs with their
 * counts, the filters (client, site, type, period) and the search, paging ('displayed of total'), an empty state per
 * tab, and the panel of the report chosen. The whole state is in the URL (lib/report-filters.ts): a reload shows the
 * same list and the same report.
 */
import { PAGE_SIZE, type ReportList } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileCheck2, FilterX, Inbox, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { reportListQueryOptions } from '../../../shared/api/resources/reports';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { ReportPanel } from '../components/report-panel';
import { ReportsFilters } from '../components/reports-filters';
import { ReportsTable, ReportsTableSkeleton } from '../components/reports-table';
import {
  hasActiveReportFilters,
  type ReportFilters,
  readReportFilters,
  reportListQueryOf,
  writeReportFilters,
} from '../lib/report-filters';

const tabClass =
  'flex cursor-pointer items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-gray-700 outline-none hover:text-gray-900 data-[focus-visible]:rounded-t-md data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-700 data-[selected]:text-brand-800';

/** The count of a tab, as a pill (left out until known). */
function Count({ value }: { value: number | undefined }) {
  const format = useFormat();
  if (value === undefined) return null;
  return (
    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800 tabular-nums">
      {format.number(value)}
    </span>
  );
}

/** The Reports screen. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useKeptSearchParams('reports', { omit: ['report'] });
  const filters = useMemo(() => readReportFilters(params), [params]);

  /** Changes part of the state; a new filter or tab goes back to the first page. Opening a report is pushed. */
  const update = useCallback(
    (patch: Partial<ReportFilters>, push = false) =>
      setParams((current) => writeReportFilters({ ...readReportFilters(current), ...patch }, current), {
        replace: !push,
      }),
    [setParams],
  );
  const changeFilters = useCallback((patch: Partial<ReportFilters>) => update({ ...patch, page: 1 }), [update]);
  const clear = useCallback(
    () => update({ client: '', site: '', type: '', from: '', to: '', search: '', page: 1 }),
    [update],
  );

  const list = useQuery(reportListQueryOptions(reportListQueryOf(filters)));
  const data = list.data;
  const members = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const filtered = hasActiveReportFilters(filters);

  // a page beyond the last one (e.g. after the last report of a page was sent) goes back to the last page
  useEffect(() => {
    if (data && !list.isPlaceholderData && members.length === 0 && total > 0 && filters.page > 1) {
      update({ page: Math.ceil(total / PAGE_SIZE) });
    }
  }, [data, list.isPlaceholderData, members.length, total, filters.page, update]);

  const emptyOf = (tab: ReportList): ReactNode =>
    filtered ? (
      <EmptyState
        icon={<SearchX size={24} />}
        message={t('reports:screen.empty.filtered')}
        action={
          <Button variant="white" onPress={clear} icon={<FilterX size={16} aria-hidden />}>
            {t('reports:screen.filters.clear')}
          </Button>
        }
      />
    ) : tab === 'to_process' ? (
      <EmptyState icon={<FileCheck2 size={24} />} message={t('reports:screen.empty.to_process')} />
    ) : (
      <EmptyState icon={<Inbox size={24} />} message={t('reports:screen.empty.history')} />
    );

  const content = (tab: ReportList): ReactNode => {
    let inner: ReactNode;
    if (list.isPending) inner = <ReportsTableSkeleton />;
    else if (list.isError && !data) {
      inner = <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
    } else if (members.length === 0) inner = emptyOf(tab);
    else {
      inner = (
        <ReportsTable
          tab={tab}
          reports={members}
          selectedUlid={filters.report}
          onSelect={(report) => update({ report }, true)}
          isStale={list.isPlaceholderData}
        />
      );
    }
    return (
      <>
        <Card flush className="overflow-hidden">
          <div aria-busy={list.isFetching || undefined}>{inner}</div>
        </Card>
        {total > 0 ? <Pagination page={filters.page} total={total} onPageChange={(page) => update({ page })} /> : null}
      </>
    );
  };

  return (
    <>
      <PageHeader title={t('reports:screen.title')} description={t('reports:screen.description')} />
      <ReportsFilters filters={filters} onChange={changeFilters} onClear={clear} />
      <Tabs
        selectedKey={filters.tab}
        onSelectionChange={(key) => update({ tab: key === 'history' ? 'history' : 'to_process', page: 1 })}
      >
        <TabList aria-label={t('reports:screen.tabs.label')} className="mb-4 flex gap-2 border-b border-gray-200">
          <Tab id="to_process" className={tabClass}>
            {t('reports:screen.tabs.to_process')}
            <Count value={data?.to_process_number} />
          </Tab>
          <Tab id="history" className={tabClass}>
            {t('reports:screen.tabs.history')}
            <Count value={data?.history_number} />
          </Tab>
        </TabList>
        {(['to_process', 'history'] as const).map((tab) => (
          <TabPanel
            key={tab}
            id={tab}
            className="rounded-lg outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
          >
            {content(tab)}
          </TabPanel>
        ))}
      </Tabs>
      <ReportPanel reportUlid={filters.report} onClose={() => update({ report: '' })} />
    </>
  );
}
