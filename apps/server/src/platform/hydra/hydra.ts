/**
 * JSON-LD / Hydra serialisation and paging (ARCHITECTURE §4): collections of 30 items a page by default,
 * `?page=` from 1 and `?itemsPerPage=` up to 100.
 */
import { contextIri, type HydraCollection, MAX_PAGE_SIZE, PAGE_SIZE } from '@isoptera/contracts';

/** The paging links of a page (`hydra:PartialCollectionView`). */
export type HydraView = NonNullable<HydraCollection<unknown>['hydra:view']>;

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

/** The window of rows a `{page, itemsPerPage}` query asks for. */
export function pageWindow(query: { page?: number; itemsPerPage?: number | undefined }): PageWindow {
  const page = Math.max(1, query.page ?? 1);
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, query.itemsPerPage ?? PAGE_SIZE));
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * `url` (its `path` and query `params`, parsed once by the caller) at page `page`: with the keyset `cursor` that leads
 * there, or without any cursor (`OFFSET` paging).
 */
function withPage(path: string, params: URLSearchParams, page: number, cursor?: string): string {
  const copy = new URLSearchParams(params);
  copy.set('page', String(page));
  if (cursor) copy.set('cursor', cursor);
  else copy.delete('cursor');
  return `${path}?${copy.toString()}`;
}

/** How the list knows its next page (keyset-paged lists, platform/db/paging.ts). */
export interface NextPage {
  /** A next page exists (the query fetched one row more than the page). */
  hasNext: boolean;
  /** The keyset cursor of the next page, put in `hydra:next`. */
  cursor?: string | undefined;
}

/**
 * A hydra collection of `members` (already serialised items of the JSON-LD class `type`, e.g. `Client`) for the
 * request `url` (path + query), with the total number of matching items and the paging links of `hydra:view`.
 * With `next`, `hydra:next` follows it (and carries its cursor) instead of being computed from the total.
 */
export function hydraCollection<T>(
  url: string,
  members: T[],
  total: number,
  window: PageWindow,
  type: string,
  next?: NextPage,
): HydraCollection<T> {
  const path = url.split('?')[0] ?? url;
  return {
    '@context': contextIri(type),
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
    'hydra:view': hydraView(url, total, window, next),
  };
}

/**
 * The `hydra:view` of the page `window` of `total` items for the request `url` (path + query): its own, first and
 * last pages, and the next and previous ones when they exist (the query kept, `page` replaced). With `next`,
 * `hydra:next` follows it (and carries its keyset cursor) instead of being computed from the total.
 */
export function hydraView(url: string, total: number, window: PageWindow, next?: NextPage): HydraView {
  const last = Math.max(1, Math.ceil(total / window.limit), next?.hasNext ? window.page + 1 : 1);
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  const view: HydraView = {
    '@id': withPage(path, params, window.page, params.get('cursor') ?? undefined),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': withPage(path, params, 1),
    'hydra:last': withPage(path, params, last),
  };
  if (next ? next.hasNext : window.page < last) {
    view['hydra:next'] = withPage(path, params, window.page + 1, next?.cursor);
  }
  if (window.page > 1) view['hydra:previous'] = withPage(path, params, window.page - 1);
  return view;
}
