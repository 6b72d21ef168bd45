/**
 * Fleet health (`/fleet`, admin or dealer action; issue 15 "The overview per space"): the health of the PCOs a dealer
 * looks after (an admin: every PCO) — sortable by each column, searched 250 ms after the last keystroke (SPEC §9),
 * paged ('displayed of total'), the state kept in the URL (ADR 015) — with a drill-down into each PCO by substitution
 * (issue 4: the app reloads as the PCO's owner, on its Home). SPEC §2.2 gives dealers and admins no Home: this is their
 * overview, reached from the side menu.
 */
import { type FleetHealthOrder, PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { Gauge, SearchX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { notifyError } from '../../../shared/ui/notifications';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { SearchInput } from '../../../shared/ui/search-input';
import { useEnterPco, useFleetHealth } from '../api/fleet-api';
import { FleetHealthSkeleton, FleetHealthTable } from '../components/fleet-health-table';
import {
  type FleetListState,
  readFleetListState,
  type SortDirection,
  sortedBy,
  writeFleetListState,
} from '../lib/fleet-list-state';

/** Below this width the PCOs show as cards with a 'Sort by' choice. */
const COMPACT_QUERY = '(max-width: 1023px)';

/** The fleet health screen. */
export function FleetHealthPage() {
  const { t } = useTranslation();
  const { actor } = useSession();
  const actorType = actor?.userType ?? 'dealer';
  const [params, setParams] = useKeptSearchParams('fleet');
  const state = readFleetListState(params);
  const [searchText, setSearchText] = useState(state.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const compact = useMediaQuery(COMPACT_QUERY);
  const enter = useEnterPco(actorType);

  const update = useCallback(
    (next: (previous: FleetListState) => FleetListState) =>
      setParams((previous) => writeFleetListState(next(readFleetListState(previous))), { replace: true }),
    [setParams],
  );

  // the typed text reaches the URL (and the list) 250 ms after the last keystroke
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) update((s) => ({ ...s, search: debounced, page: 1 }));
  }, [debounced]);

  // a search changed from outside (Back) shows in the box
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (state.search.trim() !== debounced.trim()) setSearchText(state.search);
  }, [state.search]);

  const query = useFleetHealth(state);
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const rows = query.data?.['hydra:member'] ?? [];

  // a page beyond the last one goes back to the last page
  useEffect(() => {
    if (query.data && rows.length === 0 && total > 0 && state.page > 1) {
      update((s) => ({ ...s, page: Math.ceil(total / PAGE_SIZE) }));
    }
  }, [query.data, rows.length, total, state.page, update]);

  let list: React.ReactNode;
  if (query.isPending) {
    list = <FleetHealthSkeleton />;
  } else if (query.isError) {
    list = <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (rows.length === 0) {
    list = state.search.trim() ? (
      <EmptyState
        icon={<SearchX size={24} />}
        message={t('overview:fleet.emptySearch')}
        action={
          <Button
            variant="white"
            onPress={() => {
              setSearchText('');
              update((s) => ({ ...s, search: '', page: 1 }));
            }}
          >
            {t('overview:fleet.clearSearch')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<Gauge size={24} />} message={t('overview:fleet.empty')} />
    );
  } else {
    list = (
      <FleetHealthTable
        rows={rows}
        sort={state.sort}
        dir={state.dir}
        onSort={(column: FleetHealthOrder) => update((s) => sortedBy(s, column))}
        onSortChange={(column: FleetHealthOrder, dir: SortDirection) =>
          update((s) => ({ ...s, sort: column, dir, page: 1 }))
        }
        onEnter={(pco) =>
          enter.mutate(pco.ulid, { onError: (error) => notifyError(error, t('overview:fleet.enterFailed')) })
        }
        enteringUlid={enter.isPending ? enter.variables : null}
        showDealer={actorType === 'admin'}
        search={state.search}
        isStale={query.isPlaceholderData}
        compact={compact}
      />
    );
  }

  return (
    <>
      <PageHeader title={t('overview:fleet.title')} description={t('overview:fleet.description')} />
      <div className="flex min-w-0 flex-col gap-4">
        <SearchInput
          label={t('overview:fleet.search')}
          placeholder={t('overview:fleet.searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <Card flush className="overflow-hidden">
          <div aria-busy={query.isFetching || undefined}>{list}</div>
        </Card>
        {total > 0 ? (
          <Pagination page={state.page} total={total} onPageChange={(page) => update((s) => ({ ...s, page }))} />
        ) : null}
      </div>
    </>
  );
}
