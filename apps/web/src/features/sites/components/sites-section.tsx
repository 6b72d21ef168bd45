/**
 * One section of the Sites screen: 'Sites in alert' or 'Other sites', with its count, a table on wide screens and
 * cards on phones (shared/ui/data-table), its name and last-update headers sorting the list, a loading skeleton, an empty state, 'displayed of total' and 'load more' (SPEC §2.7, §9).
 */
import type { SiteListItem } from '@isoptera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../shared/ui/data-table';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';
import { ReferentChip, SiteStatusBadge } from './site-badges';

export interface SitesSectionProps {
  id: string;
  title: string;
  tone: 'alert' | 'normal';
  /** The sites loaded so far. */
  items: SiteListItem[] | undefined;
  /** Every matching site of the section. */
  total: number | undefined;
  isLoading: boolean;
  /** Shown instead of the list when it is empty. */
  empty: ReactNode;
  /** Shown instead of the list while its sites wait for the sites in alert to be loaded first. */
  pending?: ReactNode;
  /** Loads the next page: given to the section the next sites of the sequence belong to. */
  onLoadMore?: () => void;
  isLoadingMore?: boolean;
  /** The sort of the list (its name and last-update headers sort it). */
  sort?: DataTableSort<SiteSortKey>;
  onSortChange?: (sort: DataTableSort<SiteSortKey>) => void;
}

/** The columns the sites are sorted by (the screen maps them to its `order`). */
export type SiteSortKey = 'name' | 'updated_at';

function cityOf(site: SiteListItem): string {
  return [site.address.postal_code, site.address.city].filter(Boolean).join(' ');
}

function SiteLink({ site }: { site: SiteListItem }) {
  const location = useLocation();
  return (
    <Link
      to={`/sites/${site.ulid}`}
      state={{ from: `${location.pathname}${location.search}` }}
      className="font-medium text-brand-800 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {site.name}
    </Link>
  );
}

/** A list of sites with its heading, its count and 'load more'. */
export function SitesSection({
  id,
  title,
  tone,
  items,
  total,
  isLoading,
  empty,
  pending,
  onLoadMore,
  isLoadingMore = false,
  sort,
  onSortChange,
}: SitesSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const alert = tone === 'alert';
  const headingId = `${id}-heading`;
  const list = items ?? [];
  const treatment = (site: SiteListItem) => t(`enums:treatment_type.${site.treatment_type}`);
  const columns: DataTableColumn<SiteListItem, SiteSortKey>[] = [
    {
      id: 'name',
      header: t('sites:columns.name'),
      role: 'primary',
      sortKey: 'name',
      cell: (site) => (
        <span className="flex min-w-40 flex-col text-sm">
          <SiteLink site={site} />
          <span className="text-[13px] text-gray-700">{site.client.name}</span>
          <span className="text-xs text-gray-600 @5xl:hidden">{treatment(site)}</span>
        </span>
      ),
      card: (site) => <SiteLink site={site} />,
    },
    ...(alert
      ? [
          {
            id: 'alert',
            header: t('sites:columns.alertAndStatus'),
            role: 'secondary' as const,
            hideInTable: true,
            cell: (site: SiteListItem) => <AlertBadge type={site.main_alert_type ?? 'OTHERS'} />,
          },
        ]
      : []),
    {
      id: 'client',
      header: t('sites:columns.client'),
      hideInTable: true,
      cell: (site) => site.client.name,
    },
    {
      id: 'address',
      header: t('sites:columns.address'),
      cell: (site) => (
        <span className="flex max-w-52 flex-col text-sm" title={site.address.label}>
          <span className="text-gray-900">{cityOf(site) || site.address.label}</span>
          {site.address.street ? (
            <span className="truncate text-[13px] text-gray-700">{site.address.street}</span>
          ) : null}
        </span>
      ),
      card: (site) => cityOf(site) || site.address.label,
    },
    {
      id: 'status',
      header: alert ? t('sites:columns.alertAndStatus') : t('sites:columns.status'),
      role: 'secondary',
      cell: (site) => (
        <span className="flex flex-col items-start gap-1">
          {alert ? <AlertBadge type={site.main_alert_type ?? 'OTHERS'} /> : null}
          <SiteStatusBadge status={site.status} plannedAt={site.planned_at} stacked />
        </span>
      ),
      card: (site) => <SiteStatusBadge status={site.status} plannedAt={site.planned_at} />,
      skeleton: <Skeleton className="h-5 w-24" />,
    },
    {
      id: 'referent',
      header: t('sites:columns.referent'),
      role: 'secondary',
      cell: (site) => <ReferentChip referent={site.referent} />,
    },
    {
      id: 'treatment',
      header: t('sites:columns.treatmentType'),
      visibleFrom: '@5xl',
      className: 'text-gray-700',
      cell: treatment,
    },
    {
      id: 'updated',
      header: t('sites:columns.updatedAt'),
      align: 'end',
      sortKey: 'updated_at',
      firstDirection: 'desc',
      className: 'whitespace-nowrap text-sm text-gray-700',
      cell: (site) => format.date(site.updated_at),
    },
  ];
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'mb-6 rounded-lg border border-gray-200 bg-white shadow-xs',
        alert && 'border-l-4 border-l-red-700',
      )}
    >
      <header className="flex items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
        <h2 id={headingId} className="text-[15px] font-semibold text-gray-900">
          {title}
          {total !== undefined ? (
            <span
              className={cn(
                'ml-2 rounded-full px-2 py-0.5 text-xs font-medium',
                alert ? 'bg-red-50 text-red-800' : 'bg-gray-100 text-gray-700',
              )}
            >
              {format.number(total)}
            </span>
          ) : null}
        </h2>
      </header>
      <DataTable
        caption={title}
        columns={columns}
        rows={isLoading && !items ? undefined : list}
        rowKey={(site) => site.ulid}
        isLoading={isLoading && !items}
        skeletonRows={4}
        rowClassName={alert ? () => 'bg-red-50/40 hover:bg-red-50' : undefined}
        sort={sort}
        onSortChange={onSortChange}
        cardSort={false}
        empty={{ message: '' }}
        emptyContent={pending ?? empty}
        footer={
          <div className="flex flex-col items-center justify-between gap-3 border-t border-gray-200 px-4 py-3 sm:flex-row">
            <p className="text-sm text-gray-700" aria-live="polite">
              {t('common:pagination.displayedOfTotal', {
                displayed: format.number(list.length),
                total: format.number(total ?? list.length),
              })}
            </p>
            {onLoadMore ? (
              <Button variant="white" onPress={onLoadMore} isLoading={isLoadingMore}>
                {t('sites:list.loadMore')}
              </Button>
            ) : null}
          </div>
        }
      />
    </section>
  );
}
