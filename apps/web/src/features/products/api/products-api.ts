/**
 * The product catalogue's calls (issue 12 "Products used"; contracts `productEndpoints`, docs/decisions/010): the list
 * (`GET /api/products?search&include_archived&page`, by name, 30 a page), create (201), replace (`PUT`, 200) and
 * delete (`DELETE`: 204 when the product was deleted, 200 with the product — now archived — when a report used it).
 * Writes are the PCO owner's. Every write refreshes the catalogue and what shows it (`invalidateResource`).
 */
import {
  type Product,
  type ProductBody,
  type ProductCollection,
  type ProductListQuery,
  productEndpoints,
} from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { productKeys } from '../../../shared/api/resources/reports';

/** What the catalogue screen asks: a search, archived ones or not, a page. */
export interface ProductListParams {
  search: string;
  includeArchived: boolean;
  page: number;
}

/** `GET /api/products` for `params`; the previous page stays on screen while the next one loads. */
export function productListQueryOptions({ search, includeArchived, page }: ProductListParams) {
  const query: Partial<ProductListQuery> = {
    page,
    include_archived: includeArchived ? 'true' : 'false',
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }): Promise<ProductCollection> =>
      callEndpoint(productEndpoints.list, { query: query as ProductListQuery, signal, redirectOnError: false }),
    placeholderData: keepPreviousData,
  });
}

/** What a delete did: `deleted` (204), or `archived` with the product (200: a report used it). */
export type RemoveOutcome = { kind: 'deleted' } | { kind: 'archived'; product: Product };

/** Creates (no `ulid`, with `idempotencyKey`: ADR 027) or replaces product `ulid`; resolves with the stored product. */
export function saveProduct(
  { ulid, body }: { ulid?: string; body: ProductBody },
  idempotencyKey?: string,
): Promise<Product> {
  return ulid
    ? callEndpoint(productEndpoints.update, { params: { ulid }, body, redirectOnError: false })
    : callEndpoint(productEndpoints.create, { body, idempotencyKey, redirectOnError: false });
}

/** Deletes product `ulid`; one a report used is archived instead (the API answers it, 200). */
export async function removeProduct(ulid: string): Promise<RemoveOutcome> {
  const answer = await callEndpoint(productEndpoints.remove, { params: { ulid }, redirectOnError: false });
  return answer ? { kind: 'archived', product: answer as Product } : { kind: 'deleted' };
}

/** The catalogue's mutations: save (create or replace) and remove; each refreshes the views of products. */
export function useProductMutations() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const refresh = () => invalidateResource(queryClient, 'products');
  return {
    save: useMutation({
      mutationFn: (input: { ulid?: string; body: ProductBody }) =>
        saveProduct(input, input.ulid ? undefined : keys.keyFor(input.body)),
      onSuccess: () => {
        keys.renew();
        return refresh();
      },
    }),
    remove: useMutation({ mutationFn: removeProduct, onSuccess: refresh }),
  };
}
