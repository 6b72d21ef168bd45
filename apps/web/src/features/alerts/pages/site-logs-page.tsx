/**
 * SiteLogs (`/site_logs/{siteUlid}`, PCO action — SPEC §2.2 "site log", §2.7 "Sites: alert log, synchronisation
 * log"): the site's name, a link back to its detail, and two tabs, 'Alerts' (the alert log with its equipment filter)
 * and 'Synchronisation' (the uplinks of its gateways). The tab is kept in the URL (`?tab=sync`), so that it survives a
 * reload and can be linked to.
 */
import { ArrowLeft } from 'lucide-react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSite } from '../api/get-site';
import { AlertLog } from '../components/alert-log';
import { SyncLog } from '../components/sync-log';

const TAB_IDS = ['alerts', 'sync'] as const;
type TabId = (typeof TAB_IDS)[number];

const tabClass =
  'cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm font-medium text-gray-700 outline-none hover:text-gray-900 data-[focus-visible]:rounded-t-md data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-700 data-[selected]:text-brand-800';

/** The site logs screen. */
export function SiteLogsPage() {
  const { t } = useTranslation();
  const { siteUlid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const site = useSite(siteUlid);
  const tab: TabId = params.get('tab') === 'sync' ? 'sync' : 'alerts';

  return (
    <>
      <Link
        to={`/sites/${encodeURIComponent(siteUlid)}`}
        className="mb-4 inline-flex items-center gap-1.5 self-start text-sm font-medium text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('alerts:page.back')}
      </Link>
      <div className="mb-4">
        {site.data ? (
          <h1 className="text-xl font-semibold tracking-tight text-gray-900">
            {t('alerts:page.title', { name: site.data.name })}
          </h1>
        ) : (
          <>
            <h1 className="sr-only">{t('alerts:page.loadingTitle')}</h1>
            <Skeleton className="h-7 w-64" />
          </>
        )}
        {site.data ? <p className="mt-1 text-sm text-gray-600">{site.data.client.name}</p> : null}
      </div>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'sync') next.set('tab', 'sync');
          else next.delete('tab');
          setParams(next, { replace: true });
        }}
      >
        <TabList aria-label={t('alerts:page.tabs')} className="mb-4 flex gap-2 border-b border-gray-200">
          <Tab id="alerts" className={tabClass}>
            {t('alerts:page.alerts')}
          </Tab>
          <Tab id="sync" className={tabClass}>
            {t('alerts:page.sync')}
          </Tab>
        </TabList>
        <TabPanel
          id="alerts"
          className="rounded-lg outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
        >
          <AlertLog siteUlid={siteUlid} />
        </TabPanel>
        <TabPanel
          id="sync"
          className="rounded-lg outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
        >
          <SyncLog siteUlid={siteUlid} />
        </TabPanel>
      </Tabs>
    </>
  );
}
