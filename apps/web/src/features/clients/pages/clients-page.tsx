/**
 * The Clients screen (SPEC §2.2 `/clients`, §2.4, §2.7 Clients): the list with a debounced search (250 ms), a
 * company/private filter, a sort order and paging ('displayed of total'), all kept in the URL while browsing; the
 * selected client's details beside the list on desktop, in place of the list on a phone; 'New client'.
 * `defaultSelectedClientUlid` and `defaultSearch` are honoured on arrival, and the global search's `clientsSearch`
 * event selects or filters without navigating.
 */
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { FileUp, Plus, SearchX, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { cn } from '../../../shared/lib/cn';
import { useEvent } from '../../../shared/lib/events';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageHeader } from '../../../shared/ui/page-header';
import { SearchInput } from '../../../shared/ui/search-input';
import { Select } from '../../../shared/ui/select';
import { useClients } from '../api/get-clients';
import { ClientCreatePanel } from '../components/client-create-panel';
import { type ClientContractsSlot, ClientDetail } from '../components/client-detail';
import { ClientsTable } from '../components/clients-table';
import {
  CLIENT_CONTRACT_FILTERS,
  CLIENT_KINDS,
  CLIENT_ORDERS,
  type ClientContractFilter,
  type ClientKind,
  type ClientOrder,
  type ClientsScreenState,
  orderToSort,
  readScreenState,
  sortToOrder,
  writeScreenState,
} from '../lib/client-list-params';

const ORDER_LABELS: Record<ClientOrder, string> = {
  name_asc: 'clients:filters.orderNameAsc',
  name_desc: 'clients:filters.orderNameDesc',
  updated_desc: 'clients:filters.orderUpdatedDesc',
  updated_asc: 'clients:filters.orderUpdatedAsc',
};
const KIND_LABELS: Record<ClientKind, string> = {
  all: 'clients:filters.kindAll',
  company: 'clients:filters.kindCompany',
  private: 'clients:filters.kindPrivate',
};
const CONTRACT_FILTER_LABELS: Record<ClientContractFilter, string> = {
  all: 'clients:contracts.filterAny',
  to_renew: 'clients:contracts.filterToRenew',
  none: 'clients:contracts.filterNone',
};

/** The Clients screen. */
export function ClientsPage({ contractsSection }: { contractsSection?: ClientContractsSlot } = {}) {
  const { t } = useTranslation();
  // the selected client is not a filter: back on Clients from the menu, the list shows (on a phone it is the screen)
  const [params, setParams] = useKeptSearchParams('clients', {
    omit: ['client', 'defaultSearch', 'defaultSelectedClientUlid'],
  });
  const state = readScreenState(params);
  const [searchText, setSearchText] = useState(state.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);

  /** Changes part of the screen state in the URL (`push` for a selection, so that Back returns to the list). */
  const update = useCallback(
    (patch: Partial<ClientsScreenState>, push = false) =>
      setParams((previous) => writeScreenState({ ...readScreenState(previous), ...patch }), { replace: !push }),
    [setParams],
  );

  // SPEC §2.2: `defaultSearch` / `defaultSelectedClientUlid` become the screen's own parameters on arrival
  useEffect(() => {
    if (params.has('defaultSearch') || params.has('defaultSelectedClientUlid')) update({});
  }, [params, update]);

  // the typed text reaches the URL (and the list) 250 ms after the last keystroke
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) update({ search: debounced, page: 1 });
  }, [debounced]);

  // a search set from outside (Back, the global search) shows in the box
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (state.search.trim() !== debounced.trim()) setSearchText(state.search);
  }, [state.search]);

  useEvent('clientsSearch', ({ clientUlid, search }) => {
    if (clientUlid) {
      update({ client: clientUlid }, true);
    } else if (search !== undefined) {
      setSearchText(search);
      update({ search, page: 1, client: null });
    }
  });

  const query = useClients({
    search: state.search,
    kind: state.kind,
    contract: state.contract,
    order: state.order,
    page: state.page,
  });
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const members = query.data?.['hydra:member'] ?? [];
  const isFiltered = state.search.trim() !== '' || state.kind !== 'all' || state.contract !== 'all';

  // a page beyond the last one (e.g. after a deletion) goes back to the last page
  useEffect(() => {
    if (query.data && members.length === 0 && total > 0 && state.page > 1)
      update({ page: Math.ceil(total / PAGE_SIZE) });
  }, [query.data, members.length, total, state.page, update]);

  const selected = state.client;

  const sort = orderToSort(state.order);
  const list = (
    <ClientsTable
      clients={query.isPending ? undefined : members}
      isLoading={query.isPending}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
      selectedUlid={selected}
      onSelect={(ulid) => update({ client: ulid }, true)}
      search={state.search}
      isStale={query.isPlaceholderData}
      sort={sort}
      onSortChange={(next) => update({ order: sortToOrder(next), page: 1 })}
      isFiltered={isFiltered}
      noMatch={{
        icon: <SearchX size={24} />,
        message: t('clients:list.emptySearch'),
        action: (
          <Button
            variant="white"
            onPress={() => {
              setSearchText('');
              update({ search: '', kind: 'all', contract: 'all', page: 1 });
            }}
          >
            {t('clients:list.resetFilters')}
          </Button>
        ),
      }}
      empty={{
        icon: <Users size={24} />,
        message: t('clients:list.empty'),
        action: (
          <Button icon={<Plus size={16} aria-hidden />} onPress={() => setCreating(true)}>
            {t('clients:actions.newClient')}
          </Button>
        ),
      }}
      pagination={total > 0 ? { page: state.page, total, onPageChange: (page) => update({ page }) } : undefined}
    />
  );

  return (
    <>
      <div className={cn(selected && 'hidden lg:block')}>
        <PageHeader
          title={t('clients:title')}
          description={t('clients:description')}
          actions={
            <div className="flex flex-wrap gap-3">
              <ButtonLink href="/clients/import" variant="white" icon={<FileUp size={16} aria-hidden />}>
                {t('clients:actions.import')}
              </ButtonLink>
              <Button icon={<Plus size={16} aria-hidden />} onPress={() => setCreating(true)}>
                {t('clients:actions.newClient')}
              </Button>
            </div>
          }
        />
      </div>
      <div
        className={cn(
          'grid items-start gap-6',
          selected && 'lg:grid-cols-[minmax(0,1fr)_26rem] xl:grid-cols-[minmax(0,1fr)_30rem]',
        )}
      >
        <div className={cn('flex min-w-0 flex-col gap-4', selected && 'hidden lg:flex')}>
          <div className="@container">
            <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-[minmax(0,1fr)_10rem_10rem_12rem]">
              <SearchInput
                label={t('clients:filters.search')}
                placeholder={t('clients:filters.searchPlaceholder')}
                value={searchText}
                onChange={setSearchText}
                className="col-span-2 @2xl:col-span-1"
              />
              <Select
                label={t('clients:filters.kind')}
                value={state.kind}
                onChange={(kind) => update({ kind: (kind || 'all') as ClientKind, page: 1 })}
                options={CLIENT_KINDS.map((kind) => ({ id: kind, label: t(KIND_LABELS[kind]) }))}
              />
              <Select
                label={t('clients:contracts.filter')}
                value={state.contract ?? 'all'}
                onChange={(contract) => update({ contract: (contract || 'all') as ClientContractFilter, page: 1 })}
                options={CLIENT_CONTRACT_FILTERS.map((filter) => ({
                  id: filter,
                  label: t(CONTRACT_FILTER_LABELS[filter]),
                }))}
              />
              <Select
                className="col-span-2 @2xl:col-span-1"
                label={t('clients:filters.order')}
                value={state.order}
                onChange={(order) => update({ order: (order || 'name_asc') as ClientOrder, page: 1 })}
                options={CLIENT_ORDERS.map((order) => ({ id: order, label: t(ORDER_LABELS[order]) }))}
              />
            </div>
          </div>
          <Card flush className="overflow-hidden">
            <div aria-busy={query.isFetching || undefined}>{list}</div>
          </Card>
        </div>
        {selected ? (
          <aside
            aria-label={t('clients:detail.label')}
            className="min-w-0 lg:sticky lg:top-0 lg:max-h-[calc(100dvh-7.5rem)] lg:overflow-y-auto lg:rounded-lg lg:border lg:border-gray-200 lg:bg-white lg:p-5 lg:shadow-xs"
          >
            <ClientDetail
              key={selected}
              clientUlid={selected}
              onClose={() => update({ client: null })}
              onDeleted={() => update({ client: null })}
              contractsSection={contractsSection}
            />
          </aside>
        ) : null}
      </div>
      <ClientCreatePanel
        isOpen={creating}
        onOpenChange={setCreating}
        onCreated={(ulid) => update({ client: ulid, search: '', kind: 'all', page: 1 }, true)}
      />
    </>
  );
}
