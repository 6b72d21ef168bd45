/**
 * The search and filters of a site's equipment list (SPEC §3 "Filters kept while browsing"; ADR 015): the state lives
 * in the site detail's URL (`lib/equipment-list-params.ts`) and is kept for the session per site by
 * `useKeptSearchParams('site-equipment.<site ulid>')`, so that it survives a trip to another screen and back; the
 * search reaches the URL {@link SEARCH_DEBOUNCE_MS} after the last keystroke, as in the other lists.
 */
import { EQUIPMENT_KINDS, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { SearchInput } from '../../../shared/ui/search-input';
import { Select } from '../../../shared/ui/select';
import {
  EQUIPMENT_ALERT_FILTERS,
  type EquipmentListState,
  hasEquipmentFilters,
  readEquipmentListState,
  writeEquipmentListState,
} from '../lib/equipment-list-params';

const ALL = 'all';
const ALERT_LABELS = { open: 'equipment:filters.alertsOpen', none: 'equipment:filters.alertsNone' } as const;

/** The list state of the equipment of `siteUlid`: the state in the URL, the typed search, and how to change them. */
export function useEquipmentListState(siteUlid: string) {
  const [params, setParams] = useKeptSearchParams(`site-equipment.${siteUlid}`);
  const state = useMemo(() => readEquipmentListState(params), [params]);
  const [searchText, setSearchText] = useState(state.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  const update = useCallback(
    (patch: Partial<EquipmentListState>) =>
      setParams((current) => writeEquipmentListState({ ...readEquipmentListState(current), ...patch }, current), {
        replace: true,
      }),
    [setParams],
  );

  // the typed text reaches the URL 250 ms after the last keystroke
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== state.search.trim()) update({ search: debounced });
  }, [debounced]);

  // a search set from outside (Back, the kept filters) shows in the box
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (state.search.trim() !== debounced.trim()) setSearchText(state.search);
  }, [state.search]);

  const clear = useCallback(() => {
    setSearchText('');
    update({ search: '', kind: '', alerts: '' });
  }, [update]);

  return { state, searchText, setSearchText, update, clear, filtered: hasEquipmentFilters(state) };
}

export interface EquipmentFiltersProps {
  state: EquipmentListState;
  /** The text in the search box (it reaches `state` after the debounce). */
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<EquipmentListState>) => void;
}

/** The search box and the kind and alert filters above the equipment list. */
export function EquipmentFilters({ state, searchText, onSearchText, onChange }: EquipmentFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="@container border-b border-gray-200 px-4 py-3">
      <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-[minmax(0,1fr)_11rem_11rem]">
        <SearchInput
          label={t('equipment:filters.search')}
          placeholder={t('equipment:filters.searchPlaceholder')}
          value={searchText}
          onChange={onSearchText}
          className="col-span-2 @2xl:col-span-1"
        />
        <Select
          label={t('equipment:filters.kind')}
          value={state.kind || ALL}
          onChange={(kind) => onChange({ kind: kind === ALL || !kind ? '' : (kind as EquipmentListState['kind']) })}
          options={[
            { id: ALL, label: t('equipment:filters.allKinds') },
            ...EQUIPMENT_KINDS.map((kind) => ({ id: kind, label: t(`enums:equipment_kind.${kind}`) })),
          ]}
        />
        <Select
          label={t('equipment:filters.alerts')}
          value={state.alerts || ALL}
          onChange={(alerts) =>
            onChange({ alerts: alerts === ALL || !alerts ? '' : (alerts as EquipmentListState['alerts']) })
          }
          options={[
            { id: ALL, label: t('equipment:filters.alertsAll') },
            ...EQUIPMENT_ALERT_FILTERS.map((filter) => ({ id: filter, label: t(ALERT_LABELS[filter]) })),
          ]}
        />
      </div>
    </div>
  );
}
