/** Parts of a client's details (SPEC §3 "Client", "Contract"): a titled section, its sites and its contract. */
import type { ClientSiteSummary, Contract } from '@isoptera/contracts';
import { ChevronRight, FileText, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/lib/use-format';
import { StatusBadge } from '../../../shared/ui/status';

/** A titled part of the details, with optional actions at the right of its title. */
export function DetailSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-gray-900">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The client's sites, each a link to its detail screen (`/sites/{ulid}`), with its status and address. */
export function SiteList({ sites }: { sites: ClientSiteSummary[] }) {
  const { t } = useTranslation();
  if (sites.length === 0) return <p className="text-sm text-gray-600">{t('clients:detail.noSite')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
      {sites.map((site) => (
        <li key={site.ulid}>
          <Link
            to={`/sites/${encodeURIComponent(site.ulid)}`}
            className="flex items-center gap-3 px-3 py-2.5 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
          >
            <MapPin size={16} aria-hidden className="shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-brand-800">{site.name}</span>
              {site.address_label ? (
                <span className="block truncate text-[13px] text-gray-600">{site.address_label}</span>
              ) : null}
            </span>
            <StatusBadge status={site.status} />
            <ChevronRight size={16} aria-hidden className="shrink-0 text-gray-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The client's latest contract, or a sentence saying there is none. */
export function ContractSummary({ contract }: { contract: Contract | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!contract) return <p className="text-sm text-gray-600">{t('clients:detail.noContract')}</p>;
  return (
    <div className="flex gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <FileText size={18} aria-hidden className="mt-0.5 shrink-0 text-gray-500" />
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-[13px]">
        <dt className="text-gray-600">{t('clients:detail.contractReference')}</dt>
        <dd className="font-medium text-gray-900">{contract.reference}</dd>
        <dt className="text-gray-600">{t('clients:detail.contractPeriod')}</dt>
        <dd className="text-gray-900">
          {t('clients:detail.contractDates', {
            start: format.date(contract.started_at),
            end: format.date(contract.ended_at),
          })}
        </dd>
        {contract.site ? (
          <>
            <dt className="text-gray-600">{t('clients:detail.contractSite')}</dt>
            <dd className="truncate text-gray-900">{contract.site.name}</dd>
          </>
        ) : null}
        {contract.notes ? (
          <>
            <dt className="text-gray-600">{t('clients:form.notes')}</dt>
            <dd className="whitespace-pre-line text-gray-900">{contract.notes}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
