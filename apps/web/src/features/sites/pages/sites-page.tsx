/**
 * Sites screen (SPEC §2.7 "Sites: list (alert sites and other sites), create"; §3 filters kept while browsing): the
 * sites in alert and the other sites, each with its count and paging, filters in the URL, and the create slide-over
 * (opened by 'New site', or at once with `?createForClient=<client ulid>`, the client then locked).
 */
import type { SiteContactAnswer } from '@isoptera/contracts';
import { FilterX, MapPinned, Plus, ShieldCheck } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSites } from '../api/get-sites';
import { DeferredSiteFormPanel } from '../components/deferred-site-form-panel';
import { SitesFilters } from '../components/sites-filters';
import { SitesSection } from '../components/sites-section';
import {
  changeSiteFilters,
  hasActiveSiteFilters,
  readSiteFilters,
  type SiteFilters,
  writeSiteFilters,
} from '../lib/site-filters';

const CREATE_FOR_CLIENT = 'createForClient';

/** The Sites screen. */
export function SitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSiteFilters(params), [params]);
  const lockedClientUlid = params.get(CREATE_FOR_CLIENT) ?? '';
  const [isCreating, setCreating] = useState(false);

  const update = useCallback(
    (patch: Partial<SiteFilters>) =>
      setParams((current) => writeSiteFilters(changeSiteFilters(readSiteFilters(current), patch), current), {
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

  const alertSites = useSites(filters, filters.alertPage);
  const otherSites = useSites(filters, filters.page);
  const failed = alertSites.error ?? otherSites.error;
  const filtered = hasActiveSiteFilters(filters);

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
      {failed && !alertSites.data && !otherSites.data ? (
        <div className="rounded-lg border border-gray-200 bg-white shadow-xs">
          <ErrorState
            error={failed}
            onRetry={() => {
              void alertSites.refetch();
              void otherSites.refetch();
            }}
            isRetrying={alertSites.isFetching || otherSites.isFetching}
          />
        </div>
      ) : (
        <div aria-busy={alertSites.isFetching || otherSites.isFetching || undefined}>
          <SitesSection
            id="sites-in-alert"
            title={t('sites:list.inAlert')}
            tone="alert"
            items={alertSites.data?.in_alert_sites}
            total={alertSites.data?.in_alert_site_number}
            page={filters.alertPage}
            onPageChange={(alertPage) => update({ alertPage })}
            isLoading={alertSites.isLoading}
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
            items={otherSites.data?.other_sites}
            total={otherSites.data?.other_site_number}
            page={filters.page}
            onPageChange={(page) => update({ page })}
            isLoading={otherSites.isLoading}
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
