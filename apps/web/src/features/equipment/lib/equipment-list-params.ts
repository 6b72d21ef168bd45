/**
 * The filters and sort of a site's equipment list, kept in the site detail's URL and for the session (SPEC §3
 * "Filters kept while browsing"; ADR 015, `useKeptSearchParams` per site): `equipment_search` (reference or serial
 * number, ignoring case and accents), `equipment_kind` (gateway | igs | ags), `equipment_alerts` (open | none) and
 * `equipment_order` (`<column>_<asc|desc>`, default the API's order: gateways first, then by reference). Defaults are
 * left out of the URL; other parameters are kept.
 *
 * `GET /api/sites/{ulid}/equipment` answers every equipment of the site on one page, so the list filters and sorts
 * what it holds: {@link filterEquipment}, {@link sortEquipment}.
 */
import { EQUIPMENT_KINDS, type Equipment, type EquipmentKind } from '@isoptera/contracts';

export const EQUIPMENT_SORT_KEYS = ['reference', 'battery', 'last_update'] as const;
export type EquipmentSortKey = (typeof EQUIPMENT_SORT_KEYS)[number];
export const EQUIPMENT_ALERT_FILTERS = ['open', 'none'] as const;
export type EquipmentAlertFilter = (typeof EQUIPMENT_ALERT_FILTERS)[number];

export interface EquipmentListState {
  search: string;
  /** '' for every kind. */
  kind: EquipmentKind | '';
  /** '' for every equipment, `open` with an open alert, `none` without. */
  alerts: EquipmentAlertFilter | '';
  /** `null`: the API's order. */
  sort: { key: EquipmentSortKey; direction: 'asc' | 'desc' } | null;
}

const KEYS = {
  search: 'equipment_search',
  kind: 'equipment_kind',
  alerts: 'equipment_alerts',
  sort: 'equipment_order',
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** Reads the list state from the URL parameters; unknown values fall back to the defaults. */
export function readEquipmentListState(params: URLSearchParams): EquipmentListState {
  const [, key, direction] = /^(.+)_(asc|desc)$/.exec(params.get(KEYS.sort) ?? '') ?? [];
  const sortKey = oneOf(EQUIPMENT_SORT_KEYS, key ?? null);
  return {
    search: params.get(KEYS.search) ?? '',
    kind: oneOf(EQUIPMENT_KINDS, params.get(KEYS.kind)),
    alerts: oneOf(EQUIPMENT_ALERT_FILTERS, params.get(KEYS.alerts)),
    sort: sortKey ? { key: sortKey, direction: direction as 'asc' | 'desc' } : null,
  };
}

/** Writes `state` into a copy of `base` (other parameters kept), leaving defaults out. */
export function writeEquipmentListState(state: EquipmentListState, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of Object.values(KEYS)) params.delete(key);
  if (state.search.trim()) params.set(KEYS.search, state.search.trim());
  if (state.kind) params.set(KEYS.kind, state.kind);
  if (state.alerts) params.set(KEYS.alerts, state.alerts);
  if (state.sort) params.set(KEYS.sort, `${state.sort.key}_${state.sort.direction}`);
  return params;
}

/** Whether a search or filter (not the sort) is active: the empty list then says "no match". */
export function hasEquipmentFilters(state: EquipmentListState): boolean {
  return state.search.trim() !== '' || state.kind !== '' || state.alerts !== '';
}

/** Lower case without accents, to compare texts as people type them. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The equipment matching the search (reference or serial number) and the filters, in their order. */
export function filterEquipment(items: readonly Equipment[], state: EquipmentListState): Equipment[] {
  const search = folded(state.search.trim());
  return items.filter(
    (item) =>
      (search === '' || folded(item.reference).includes(search) || folded(item.serial_number).includes(search)) &&
      (state.kind === '' || item.kind === state.kind) &&
      (state.alerts === '' || (state.alerts === 'open') === item.alerts.length > 0),
  );
}

const BATTERY_RANK = { Low: 0, Medium: 1, Operational: 2 } as const;

/** A comparable value of the sorted column; `null` (never reported) goes last whatever the direction. */
function sortValue(item: Equipment, key: EquipmentSortKey): string | number | null {
  if (key === 'reference') return item.reference;
  if (key === 'last_update') return item.last_update_at ? Date.parse(item.last_update_at) : null;
  if (item.battery_percent !== null) return item.battery_percent;
  return item.battery_level ? BATTERY_RANK[item.battery_level] * 50 : null;
}

/** The equipment in the chosen order (references compared as people read them: IGS-2 before IGS-10). */
export function sortEquipment(
  items: readonly Equipment[],
  sort: EquipmentListState['sort'],
  lang: string,
): Equipment[] {
  if (!sort) return [...items];
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number);
    return order * sign || collator.compare(a.reference, b.reference);
  });
}
