/**
 * The detail queries of the resources edited under optimistic concurrency (issue 16, docs/decisions/024: clients,
 * sites, interventions, contracts, reports): their cached body is the object the HTTP client remembered the `ETag`
 * of (`entityTagOf`). TanStack Query's structural sharing keeps the previous object when a refetch answers equal
 * data; that object would keep a stale tag if the record's version changed without a visible change. This sharing
 * keeps it only when the tag is the same.
 */
import { replaceEqualDeep } from '@tanstack/react-query';
import { entityTagOf } from '../http-client';

/** `structuralSharing` of a versioned detail query: the previous data only while its entity tag is still the one. */
export function shareVersioned(previous: unknown, next: unknown): unknown {
  if (entityTagOf(previous) !== entityTagOf(next)) return next;
  return replaceEqualDeep(previous, next);
}
