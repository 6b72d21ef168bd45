/**
 * DealerList (`/dealers`, admin) and PCOList (`/pcos`, admin or dealer) — SPEC §2.2, §2.7 "Dealer and PCO
 * management": the spaces of the kind with a search sent 250 ms after the last keystroke and paging ('displayed of
 * total'), both kept in the URL; 'New dealer' / 'New PCO' and the edit in a slide-over; 'Enter' per row (substitution,
 * SPEC §4). A dealer sees only its own PCOs (the server scopes the list) and never picks a dealer.
 */
import { type ManagedSpace, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { Building2, Plus, SearchX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/auth/session';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { notifyError } from '../../../shared/ui/notifications';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { SearchInput } from '../../../shared/ui/search-input';
import { useConnectSpace, useRefreshSpaces, useSpaces } from '../api/spaces-api';
import { SpaceFormPanel } from '../components/space-form-panel';
import { SpacesTable, SpacesTableSkeleton } from '../components/spaces-table';
import { readSpaceListState, type SpaceKind, type SpaceListState, writeSpaceListState } from '../lib/space-kind';

/** The panel's state: open or not, with a new space (null) or the space edited (kept while it closes). */
interface PanelState {
  open: boolean;
  space: ManagedSpace | null;
}

/** The list screen of one kind of space. */
export function SpacesPage({ kind }: { kind: SpaceKind }) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const actorType = actor?.userType ?? 'admin';
  const isAdmin = actorType === 'admin';
  const [params, setParams] = useSearchParams();
  const state = readSpaceListState(params);
  const [searchText, setSearchText] = useState(state.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [panel, setPanel] = useState<PanelState>({ open: false, space: null });
  const refresh = useRefreshSpaces(kind);
  const connect = useConnectSpace(actorType, kind);

  const update = useCallback(
    (patch: Partial<SpaceListState>) =>
      setParams((previous) => writeSpaceListState({ ...readSpaceListState(previous), ...patch }), { replace: true }),
    [setParams],
  );

  // the typed text reaches the URL (and the list) 250 ms after the last keystroke
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) update({ search: debounced, page: 1 });
  }, [debounced]);

  // a search changed from outside (Back) shows in the box
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (state.search.trim() !== debounced.trim()) setSearchText(state.search);
  }, [state.search]);

  const query = useSpaces(kind, state);
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const spaces = query.data?.['hydra:member'] ?? [];

  // a page beyond the last one goes back to the last page
  useEffect(() => {
    if (query.data && spaces.length === 0 && total > 0 && state.page > 1)
      update({ page: Math.ceil(total / PAGE_SIZE) });
  }, [query.data, spaces.length, total, state.page, update]);

  const openNew = () => setPanel({ open: true, space: null });
  const newButton = (
    <Button icon={<Plus size={16} aria-hidden />} onPress={openNew}>
      {t(`spaces:${kind}.new`)}
    </Button>
  );

  let list: React.ReactNode;
  if (query.isPending) {
    list = <SpacesTableSkeleton />;
  } else if (query.isError) {
    list = <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (spaces.length === 0) {
    list = state.search.trim() ? (
      <EmptyState
        icon={<SearchX size={24} />}
        message={t('spaces:list.emptySearch')}
        action={
          <Button
            variant="white"
            onPress={() => {
              setSearchText('');
              update({ search: '', page: 1 });
            }}
          >
            {t('spaces:list.clearSearch')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<Building2 size={24} />} message={t(`spaces:${kind}.empty`)} action={newButton} />
    );
  } else {
    list = (
      <SpacesTable
        kind={kind}
        spaces={spaces}
        showDealer={kind === 'pco' && isAdmin}
        search={state.search}
        onEdit={(space) => setPanel({ open: true, space })}
        onConnect={(space) =>
          connect.mutate(space.ulid, { onError: (error) => notifyError(error, t('spaces:list.connectFailed')) })
        }
        connectingUlid={connect.isPending ? connect.variables : null}
        isStale={query.isPlaceholderData}
      />
    );
  }

  return (
    <>
      <PageHeader title={t(`spaces:${kind}.title`)} description={t(`spaces:${kind}.description`)} actions={newButton} />
      <div className="flex min-w-0 flex-col gap-4">
        <SearchInput
          label={t('spaces:list.search')}
          placeholder={t('spaces:list.searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <Card flush className="overflow-hidden">
          <div aria-busy={query.isFetching || undefined}>{list}</div>
        </Card>
        {total > 0 ? <Pagination page={state.page} total={total} onPageChange={(page) => update({ page })} /> : null}
      </div>
      <SpaceFormPanel
        kind={kind}
        space={panel.space}
        isOpen={panel.open}
        onOpenChange={(open) => {
          if (!open) setPanel((previous) => ({ ...previous, open: false }));
        }}
        withDealer={isAdmin}
        onSaved={() => void refresh()}
      />
    </>
  );
}

/** DealerList (`/dealers`). */
export function DealersPage() {
  return <SpacesPage kind="dealer" />;
}

/** PCOList (`/pcos`). */
export function PcosPage() {
  return <SpacesPage kind="pco" />;
}
