/**
 * The clients list (SPEC §2.7 Clients): each client with its kind, main contact (name, phone, e-mail), running
 * contract (issue 13), number of sites and last update. Columns follow the width of the list itself (container queries), so the list stays readable beside
 * the details panel and on a phone. Selecting a row shows the client's details.
 */
import type { ClientListItem } from '@isoptera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../../shared/ui/data-table';
import { Highlight } from '../../../shared/ui/highlight';
import { Skeleton } from '../../../shared/ui/skeleton';
import { contactName } from '../lib/client-form';
import { KindBadge } from './client-detail';

/** The columns the list sorts by (the screen maps them to its `order`). */
export type ClientSortKey = 'name' | 'updated';

export interface ClientsTableProps
  extends Omit<
    DataTableProps<ClientListItem, ClientSortKey>,
    'caption' | 'columns' | 'rows' | 'rowKey' | 'onRowClick' | 'isRowSelected' | 'empty'
  > {
  /** The clients of the page; `undefined` while the first page loads. */
  clients: readonly ClientListItem[] | undefined;
  selectedUlid: string | null;
  onSelect: (ulid: string) => void;
  /** The search text, highlighted in the names. */
  search: string;
  /** The empty list without search or filter (default: 'no client yet'). */
  empty?: DataTableProps<ClientListItem, ClientSortKey>['empty'];
}

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

/** The clients of one page as a table (cards on a phone), with the list's states. */
export function ClientsTable({ clients, selectedUlid, onSelect, search, empty, ...states }: ClientsTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const nameButton = (client: ClientListItem) => (
    <button
      type="button"
      aria-current={client.ulid === selectedUlid ? 'true' : undefined}
      onClick={() => onSelect(client.ulid)}
      className="block max-w-full truncate text-left text-sm font-semibold text-gray-900 outline-none hover:text-brand-800 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <Highlight text={client.name} query={search} />
    </button>
  );
  const toRenew = <Badge tone="amber">{t('clients:contracts.toRenew')}</Badge>;
  const columns: DataTableColumn<ClientListItem, ClientSortKey>[] = [
    {
      id: 'name',
      header: t('clients:list.name'),
      role: 'primary',
      sortKey: 'name',
      cell: (client) => {
        const contact = client.primary_contact;
        return (
          <>
            {nameButton(client)}
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <KindBadge company={client.company} />
              <span className="text-xs text-gray-600 @md:hidden">
                {t('clients:list.siteCount', { count: client.site_number })}
              </span>
              {client.contract?.state === 'to_renew' ? <span className="@2xl:hidden">{toRenew}</span> : null}
            </div>
            {contact ? (
              <p className="mt-1 truncate text-[13px] text-gray-700 @xl:hidden">
                {contactName(contact, i18n.language)} · {contact.phone}
              </p>
            ) : null}
          </>
        );
      },
      card: nameButton,
      skeleton: (
        <>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="mt-2 h-4 w-20" />
        </>
      ),
    },
    {
      id: 'kind',
      header: t('clients:filters.kind'),
      role: 'secondary',
      hideInTable: true,
      cell: (client) => (
        <span className="flex flex-wrap items-center gap-2">
          <KindBadge company={client.company} />
          {client.contract?.state === 'to_renew' ? toRenew : null}
        </span>
      ),
    },
    {
      id: 'contact',
      header: t('clients:list.mainContact'),
      visibleFrom: '@xl',
      width: 'w-[34%]',
      cell: (client) => {
        const contact = client.primary_contact;
        if (!contact) return <p className="text-gray-600">{t('clients:list.noContact')}</p>;
        return (
          <>
            <p className="truncate font-medium text-gray-900">{contactName(contact, i18n.language)}</p>
            <p className="truncate text-gray-700">
              {contact.phone} · {contact.email}
            </p>
          </>
        );
      },
      card: (client) => {
        const contact = client.primary_contact;
        if (!contact) return <span className="text-gray-600">{t('clients:list.noContact')}</span>;
        return (
          <>
            <span className="block truncate">{contactName(contact, i18n.language)}</span>
            <span className="block truncate text-gray-700">{contact.phone}</span>
          </>
        );
      },
      skeleton: (
        <>
          <Skeleton className="h-3 w-2/3" />
          <Skeleton className="mt-2 h-3 w-1/2" />
        </>
      ),
    },
    {
      id: 'contract',
      header: t('clients:contracts.contract'),
      visibleFrom: '@2xl',
      width: 'w-36',
      cell: (client) => <ContractCell contract={client.contract} />,
      card: (client) =>
        client.contract ? (
          <span className="block truncate">{client.contract.reference}</span>
        ) : (
          <span className="text-gray-600">{t('clients:contracts.noContract')}</span>
        ),
    },
    {
      id: 'sites',
      header: t('clients:list.sites'),
      visibleFrom: '@md',
      width: 'w-20',
      align: 'end',
      className: 'text-sm text-gray-900 tabular-nums',
      cell: (client) => (
        <>
          <span aria-hidden>{format.number(client.site_number)}</span>
          <span className="sr-only">{t('clients:list.siteCount', { count: client.site_number })}</span>
        </>
      ),
      card: (client) => format.number(client.site_number),
    },
    {
      id: 'updated',
      header: t('clients:list.updatedAt'),
      visibleFrom: '@3xl',
      width: 'w-32',
      sortKey: 'updated',
      firstDirection: 'desc',
      className: 'text-gray-700',
      cell: (client) => format.date(client.updated_at),
    },
  ];
  return (
    <DataTable
      caption={t('clients:list.label')}
      columns={columns}
      rows={clients}
      rowKey={(client) => client.ulid}
      onRowClick={(client) => onSelect(client.ulid)}
      isRowSelected={(client) => client.ulid === selectedUlid}
      layout="fixed"
      skeletonRows={8}
      cardHeadingLevel={2}
      cardSort={false}
      empty={empty ?? { message: t('clients:list.empty') }}
      {...states}
    />
  );
}
