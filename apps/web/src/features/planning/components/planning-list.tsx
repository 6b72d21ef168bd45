/**
 * The planning as a list (SPEC §9 "Interventions are grouped by start date"): day headers in the user's language and
 * time zone, rows, 'displayed of total' and 'load more'; skeleton, empty and error states.
 */
import type { Intervention } from '@isoptera/contracts';
import { CalendarX, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { intlLocale } from '../../../shared/i18n/languages';
import { emit } from '../../../shared/lib/events';
import { formatNumber } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { usePlanningList } from '../api/list-interventions';
import { formatDayHeader, groupByDay } from '../lib/group-by-day';
import type { PlanningFilters } from '../lib/planning-filters';
import { InterventionRow } from './intervention-row';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="rounded-lg border border-gray-200 bg-white shadow-xs">
      <p role="status" className="sr-only">
        {t('planning:list.loading')}
      </p>
      {[0, 1].map((group) => (
        <div key={group} aria-hidden>
          <div className="border-b border-gray-200 bg-gray-50 px-4 py-2.5">
            <Skeleton className="h-4 w-48" />
          </div>
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-4 border-b border-gray-100 px-4 py-3.5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-5 w-28 rounded-full" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="hidden h-5 w-32 rounded-full sm:block" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export interface PlanningListProps {
  filters: PlanningFilters;
  onDelete: (intervention: Intervention) => void;
  onResetFilters?: () => void;
}

/** The grouped list with its paging. */
export function PlanningList({ filters, onDelete, onResetFilters }: PlanningListProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSession();
  const query = usePlanningList(filters);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p['hydra:member']) ?? [], [query.data]);
  const total = query.data?.pages[0]?.['hydra:totalItems'] ?? 0;
  const groups = useMemo(() => groupByDay(items, timeZone), [items, timeZone]);
  const locale = intlLocale(i18n.language);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-gray-200 bg-white shadow-xs">
        <EmptyState
          icon={<CalendarX size={24} />}
          message={t('planning:list.empty')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button onPress={() => emit('openInterventionPanel', {})} icon={<Plus size={16} aria-hidden />}>
                {t('planning:newVisit')}
              </Button>
              {onResetFilters ? (
                <Button variant="white" onPress={onResetFilters}>
                  {t('planning:filters.reset')}
                </Button>
              ) : null}
            </div>
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-xs"
        aria-busy={query.isFetching || undefined}
      >
        {groups.map((group) => {
          const headingId = `planning-day-${group.date}`;
          return (
            <section key={group.date} aria-labelledby={headingId}>
              <div className="flex items-center justify-between gap-3 border-y border-gray-200 bg-gray-50 px-4 py-2 first:border-t-0">
                <h2 id={headingId} className="text-sm font-semibold text-gray-900 first-letter:uppercase">
                  {formatDayHeader(group.date, locale)}
                </h2>
                <span className="text-xs text-gray-600">{t('planning:list.count', { count: group.items.length })}</span>
              </div>
              <ul>
                {group.items.map((intervention) => (
                  <InterventionRow key={intervention.ulid} intervention={intervention} onDelete={onDelete} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
        <p className="text-sm text-gray-700" aria-live="polite">
          {t('common:pagination.displayedOfTotal', {
            displayed: formatNumber(items.length, i18n.language),
            total: formatNumber(total, i18n.language),
          })}
        </p>
        {query.hasNextPage ? (
          <Button variant="white" onPress={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
            {t('planning:list.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
