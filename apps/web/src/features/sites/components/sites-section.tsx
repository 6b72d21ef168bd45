/**
 * One section of the Sites screen: 'Sites in alert' or 'Other sites', with its count, a table on wide screens and
 * cards on narrow ones, a loading skeleton, an empty state, 'displayed of total' and 'load more' (SPEC §2.7, §9).
 */
import type { SiteListItem } from '@isoptera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
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
}

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

function SkeletonRows({ alert }: { alert: boolean }) {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <li key={i} className="flex items-center gap-4 px-4 py-3">
          {alert ? <Skeleton className="h-5 w-24" /> : null}
          <Skeleton className="h-4 w-40" />
          <Skeleton className="hidden h-4 w-32 md:block" />
          <Skeleton className="hidden h-4 w-48 md:block" />
          <Skeleton className="h-5 w-24" />
        </li>
      ))}
    </ul>
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
}: SitesSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const alert = tone === 'alert';
  const headingId = `${id}-heading`;
  const list = items ?? [];
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
      {isLoading && !items ? (
        <SkeletonRows alert={alert} />
      ) : list.length === 0 ? (
        (pending ?? empty)
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-gray-50 text-xs font-medium text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('sites:columns.name')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('sites:columns.address')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {alert ? t('sites:columns.alertAndStatus') : t('sites:columns.status')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('sites:columns.referent')}
                  </th>
                  <th scope="col" className="hidden px-3 py-2 2xl:table-cell">
                    {t('sites:columns.treatmentType')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t('sites:columns.updatedAt')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.map((site) => (
                  <tr
                    key={site.ulid}
                    className={cn('align-middle', alert ? 'bg-red-50/40 hover:bg-red-50' : 'hover:bg-gray-50')}
                  >
                    <td className="px-3 py-3">
                      <span className="flex min-w-40 flex-col">
                        <SiteLink site={site} />
                        <span className="text-[13px] text-gray-700">{site.client.name}</span>
                        <span className="text-xs text-gray-600 2xl:hidden">
                          {t(`enums:treatment_type.${site.treatment_type}`)}
                        </span>
                      </span>
                    </td>
                    <td className="px-3 py-3">
                      <span className="flex max-w-52 flex-col" title={site.address.label}>
                        <span className="text-gray-900">{cityOf(site) || site.address.label}</span>
                        {site.address.street ? (
                          <span className="truncate text-[13px] text-gray-700">{site.address.street}</span>
                        ) : null}
                      </span>
                    </td>
                    <td className="px-3 py-3">
                      <span className="flex flex-col items-start gap-1">
                        {alert ? <AlertBadge type={site.main_alert_type ?? 'OTHERS'} /> : null}
                        <SiteStatusBadge status={site.status} plannedAt={site.planned_at} stacked />
                      </span>
                    </td>
                    <td className="px-3 py-3">
                      <ReferentChip referent={site.referent} />
                    </td>
                    <td className="hidden px-3 py-3 text-[13px] text-gray-700 2xl:table-cell">
                      {t(`enums:treatment_type.${site.treatment_type}`)}
                    </td>
                    <td className="px-3 py-3 text-right whitespace-nowrap text-gray-700">
                      {format.date(site.updated_at)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-gray-100 md:hidden">
            {list.map((site) => (
              <li key={site.ulid} className={cn('flex flex-col gap-2 px-4 py-3', alert && 'bg-red-50/40')}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <SiteLink site={site} />
                  {alert ? <AlertBadge type={site.main_alert_type ?? 'OTHERS'} /> : null}
                </div>
                <p className="text-sm text-gray-800">
                  {site.client.name}
                  {cityOf(site) ? <span className="text-gray-600"> · {cityOf(site)}</span> : null}
                </p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <SiteStatusBadge status={site.status} plannedAt={site.planned_at} />
                  <ReferentChip referent={site.referent} />
                </div>
                <p className="text-xs text-gray-600">
                  {t(`enums:treatment_type.${site.treatment_type}`)} ·{' '}
                  {t('sites:columns.updatedOn', { date: format.date(site.updated_at) })}
                </p>
              </li>
            ))}
          </ul>
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
        </>
      )}
    </section>
  );
}
