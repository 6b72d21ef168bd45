/**
 * Sites screen (SPEC §2.7 "Sites: list (alert sites and other sites), create"; §3 filters kept while browsing; §9
 * 'displayed of total'): the sites in alert, then the other sites, each section with its total, loaded 30 at a time
 * ('load more', the sites in alert first), filters in the URL, and the create slide-over (opened by 'New site', or at
 * once with `?createForClient=<client ulid>`, the client then locked).
 */
import type { SiteContactAnswer, SiteListAnswer, SiteListItem } from '@isoptera/contracts';
import { FilterX, MapPinned, Plus, ShieldCheck } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { Button } from '../../../shared/ui/button';
import type { DataTableSort } from '../../../shared/ui/data-table';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSites } from '../api/get-sites';
import { DeferredSiteFormPanel } from '../components/deferred-site-form-panel';
import { SitesFilters } from '../components/sites-filters';
import { type SiteSortKey, SitesSection } from '../components/sites-section';
import {
  hasActiveSiteFilters,
  readSiteFilters,
  type SiteFilters,
  siteSortOf,
  writeSiteFilters,
} from '../lib/site-filters';

const CREATE_FOR_CLIENT = 'createForClient';

/** The sites of `section` in the loaded pages, each once (a site may move between pages while they load). */
function sitesOf(pages: readonly SiteListAnswer[], section: 'in_alert_sites' | 'other_sites'): SiteListItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page[section]).filter((site) => !seen.has(site.ulid) && seen.add(site.ulid));
}

/** The Sites screen. */
export function SitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useKeptSearchParams('sites', { omit: [CREATE_FOR_CLIENT] });
  const filters = useMemo(() => readSiteFilters(params), [params]);
  const lockedClientUlid = params.get(CREATE_FOR_CLIENT) ?? '';
  const [isCreating, setCreating] = useState(false);

  const update = useCallback(
    (patch: Partial<SiteFilters>) =>
      setParams((current) => writeSiteFilters({ ...readSiteFilters(current), ...patch }, current), {
        replace: true,
      }),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams(
        (current) =>
          writeSiteFilters({ ...readSiteFilters(new URLSearchParams()), sort: readSiteFilters(current).sort }, current),
        { replace: true },
      ),
    [setParams],
  );

  const sites = useSites(filters);
  const pages = sites.data?.pages ?? [];
  const latest = pages.at(-1);
  const alertItems = useMemo(
    () => (sites.data ? sitesOf(sites.data.pages, 'in_alert_sites') : undefined),
    [sites.data],
  );
  const otherItems = useMemo(() => (sites.data ? sitesOf(sites.data.pages, 'other_sites') : undefined), [sites.data]);
  const alertTotal = latest?.in_alert_site_number;
  const otherTotal = latest?.other_site_number;
  // the pages list the sites in alert first: 'load more' goes with the section the next sites belong to
  const alertsLeft = alertTotal !== undefined && (alertItems?.length ?? 0) < alertTotal;
  const loadMore = sites.hasNextPage ? () => void sites.fetchNextPage() : undefined;
  const filtered = hasActiveSiteFilters(filters);
  const sort = siteSortOf(filters.sort);
  const onSortChange = (next: DataTableSort<SiteSortKey>) => update({ sort: `${next.key}_${next.direction}` });

  const closeForm = (open: boolean) => {
    if (open) return;
    setCreating(false);
    if (lockedClientUlid) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(CREATE_FOR_CLIENT);
          return next;
        },
        { replace: true },
      );
    }
  };
  const onSaved = (answer: SiteContactAnswer) => {
    setCreating(false);
    void navigate(`/sites/${answer.site.ulid}`, { state: { from: '/sites' } });
  };

  const newSiteButton = (
    <Button onPress={() => setCreating(true)} icon={<Plus size={16} aria-hidden />}>
      {t('sites:list.newSite')}
    </Button>
  );
  const clearButton = (
    <Button variant="white" onPress={clear} icon={<FilterX size={16} aria-hidden />}>
      {t('sites:filters.clear')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('sites:list.title')} description={t('sites:list.description')} actions={newSiteButton} />
      <SitesFilters filters={filters} onChange={update} onClear={clear} />
      {sites.error && !sites.data ? (
        <div className="rounded-lg border border-gray-200 bg-white shadow-xs">
          <ErrorState error={sites.error} onRetry={() => void sites.refetch()} isRetrying={sites.isFetching} />
        </div>
      ) : (
        <div aria-busy={sites.isFetching || undefined}>
          <SitesSection
            id="sites-in-alert"
            title={t('sites:list.inAlert')}
            tone="alert"
            items={alertItems}
            total={alertTotal}
            isLoading={sites.isLoading}
            onLoadMore={alertsLeft ? loadMore : undefined}
            isLoadingMore={sites.isFetchingNextPage}
            sort={sort}
            onSortChange={onSortChange}
            empty={
              <EmptyState
                icon={<ShieldCheck size={24} />}
                message={filtered ? t('sites:list.noAlertMatch') : t('sites:list.noAlert')}
              />
            }
          />
          <SitesSection
            id="other-sites"
            title={t('sites:list.otherSites')}
            tone="normal"
            items={otherItems}
            total={otherTotal}
            isLoading={sites.isLoading}
            onLoadMore={alertsLeft ? undefined : loadMore}
            isLoadingMore={sites.isFetchingNextPage}
            sort={sort}
            onSortChange={onSortChange}
            pending={
              alertsLeft && otherTotal ? (
                <p className="px-4 py-6 text-center text-sm text-gray-700">
                  {t('sites:list.otherAfterAlert', { count: otherTotal })}
                </p>
              ) : undefined
            }
            empty={
              <EmptyState
                icon={<MapPinned size={24} />}
                message={filtered ? t('sites:list.noMatch') : t('sites:list.empty')}
                action={filtered ? clearButton : newSiteButton}
              />
            }
          />
        </div>
      )}
      <DeferredSiteFormPanel
        isOpen={isCreating || lockedClientUlid !== ''}
        onOpenChange={closeForm}
        lockedClientUlid={lockedClientUlid || undefined}
        onSaved={onSaved}
      />
    </>
  );
}
