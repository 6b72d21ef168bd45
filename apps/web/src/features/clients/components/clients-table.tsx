/**
 * The clients list (SPEC §2.7 Clients): each client with its kind, main contact (name, phone, e-mail), running
 * contract (issue 13), number of sites and last update. Columns follow the width of the list itself (container queries), so the list stays readable beside
 * the details panel and on a phone. Selecting a row shows the client's details.
 */
import type { ClientListItem } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Highlight } from '../../../shared/ui/highlight';
import { Skeleton } from '../../../shared/ui/skeleton';
import { contactName } from '../lib/client-form';
import { KindBadge } from './client-detail';

export interface ClientsTableProps {
  clients: ClientListItem[];
  selectedUlid: string | null;
  onSelect: (ulid: string) => void;
  /** The search text, highlighted in the names. */
  search: string;
  /** Dims the rows while the next page or filter loads. */
  isStale?: boolean;
}

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const CONTACT_COLUMN = 'hidden @xl:table-cell';
const SITES_COLUMN = 'hidden @md:table-cell';
const UPDATED_COLUMN = 'hidden @3xl:table-cell';
const CONTRACT_COLUMN = 'hidden @2xl:table-cell';
/** Header widths (the client column takes the rest). */
const WIDTHS = { contact: 'w-[34%]', sites: 'w-20', updated: 'w-32', contract: 'w-36' };

/** A client's running contract (issue 13): its reference and last day, or 'to renew'; 'no contract' otherwise. */
function ContractCell({ contract }: { contract: ClientListItem['contract'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!contract) return <p className="text-gray-600">{t('clients:contracts.noContract')}</p>;
  return (
    <>
      <p className="truncate font-medium text-gray-900">{contract.reference}</p>
      {contract.state === 'to_renew' ? (
        <Badge tone="amber">{t('clients:contracts.toRenew')}</Badge>
      ) : (
        <p className="truncate text-gray-700">
          {t('clients:contracts.contractUntil', { date: format.date(contract.end_date) })}
        </p>
      )}
    </>
  );
}

function TableHead() {
  const { t } = useTranslation();
  return (
    <thead className="border-b border-gray-200 bg-gray-50">
      <tr>
        <th scope="col" className={HEAD}>
          {t('clients:list.name')}
        </th>
        <th scope="col" className={cn(HEAD, CONTACT_COLUMN, WIDTHS.contact)}>
          {t('clients:list.mainContact')}
        </th>
        <th scope="col" className={cn(HEAD, CONTRACT_COLUMN, WIDTHS.contract)}>
          {t('clients:contracts.contract')}
        </th>
        <th scope="col" className={cn(HEAD, SITES_COLUMN, WIDTHS.sites, 'text-right')}>
          {t('clients:list.sites')}
        </th>
        <th scope="col" className={cn(HEAD, UPDATED_COLUMN, WIDTHS.updated)}>
          {t('clients:list.updatedAt')}
        </th>
      </tr>
    </thead>
  );
}

/** The clients of one page as a table. */
export function ClientsTable({ clients, selectedUlid, onSelect, search, isStale = false }: ClientsTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <div className="@container">
      <table className={cn('w-full table-fixed border-collapse', isStale && 'opacity-60 transition-opacity')}>
        <caption className="sr-only">{t('clients:list.label')}</caption>
        <TableHead />
        <tbody className="divide-y divide-gray-100">
          {clients.map((client) => {
            const selected = client.ulid === selectedUlid;
            const contact = client.primary_contact;
            const sites = t('clients:list.siteCount', { count: client.site_number });
            return (
              <tr
                key={client.ulid}
                onClick={() => onSelect(client.ulid)}
                className={cn(
                  'cursor-pointer align-top hover:bg-gray-50',
                  selected && 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)] hover:bg-brand-50',
                )}
              >
                <td className="px-4 py-3">
                  <button
                    type="button"
                    aria-current={selected ? 'true' : undefined}
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(client.ulid);
                    }}
                    className="block max-w-full truncate text-left text-sm font-semibold text-gray-900 outline-none hover:text-brand-800 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    <Highlight text={client.name} query={search} />
                  </button>
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <KindBadge company={client.company} />
                    <span className="text-xs text-gray-600 @md:hidden">{sites}</span>
                    {client.contract?.state === 'to_renew' ? (
                      <span className="@2xl:hidden">
                        <Badge tone="amber">{t('clients:contracts.toRenew')}</Badge>
                      </span>
                    ) : null}
                  </div>
                  {contact ? (
                    <p className="mt-1 truncate text-[13px] text-gray-700 @xl:hidden">
                      {contactName(contact, i18n.language)} · {contact.phone}
                    </p>
                  ) : null}
                </td>
                <td className={cn('px-4 py-3 text-[13px]', CONTACT_COLUMN)}>
                  {contact ? (
                    <>
                      <p className="truncate font-medium text-gray-900">{contactName(contact, i18n.language)}</p>
                      <p className="truncate text-gray-700">
                        {contact.phone} · {contact.email}
                      </p>
                    </>
                  ) : (
                    <p className="text-gray-600">{t('clients:list.noContact')}</p>
                  )}
                </td>
                <td className={cn('px-4 py-3 text-[13px]', CONTRACT_COLUMN)}>
                  <ContractCell contract={client.contract} />
                </td>
                <td className={cn('px-4 py-3 text-right text-sm text-gray-900 tabular-nums', SITES_COLUMN)}>
                  <span aria-hidden>{format.number(client.site_number)}</span>
                  <span className="sr-only">{sites}</span>
                </td>
                <td className={cn('px-4 py-3 text-[13px] text-gray-700', UPDATED_COLUMN)}>
                  {format.date(client.updated_at)}
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
export function ClientsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="@container" aria-hidden>
      <table className="w-full table-fixed">
        <tbody className="divide-y divide-gray-100">
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
            <tr key={i}>
              <td className="px-4 py-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="mt-2 h-4 w-20" />
              </td>
              <td className={cn('px-4 py-3', CONTACT_COLUMN)}>
                <Skeleton className="h-3 w-2/3" />
                <Skeleton className="mt-2 h-3 w-1/2" />
              </td>
              <td className={cn('px-4 py-3', CONTRACT_COLUMN)}>
                <Skeleton className="h-4 w-24" />
              </td>
              <td className={cn('px-4 py-3', SITES_COLUMN)}>
                <Skeleton className="ml-auto h-4 w-6" />
              </td>
              <td className={cn('px-4 py-3', UPDATED_COLUMN)}>
                <Skeleton className="h-3 w-20" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
