/**
 * Building blocks of the JSON-LD / Hydra response schemas (SPEC §7, ARCHITECTURE §4): every resource, embedded ones
 * included, has `@id` (its IRI) and `@type`; a top-level item also has `@context` (`/api/contexts/{Type}`); a
 * collection is a `hydra:Collection` with `hydra:member`, `hydra:totalItems` and a `hydra:view` for paging.
 */
import { z } from 'zod';

/** The IRI of the JSON-LD context of a resource type: `/api/contexts/Client`. */
export function contextIri(type: string): string {
  return `/api/contexts/${type}`;
}

/**
 * The JSON-LD keys of a resource of `type`: `@context` (present on a top-level item, absent when embedded), `@id`
 * and `@type`. Spread it into the resource's `z.object({...})`.
 */
export function jsonLdKeys<const T extends string>(type: T) {
  return {
    '@context': z.string().optional().describe('IRI of the JSON-LD context (top-level items only)'),
    '@id': z.string().describe('IRI of the resource'),
    '@type': z.literal(type),
  };
}

/** An embedded reference without a type of its own in the schema: `{@id, @type, ulid}` plus what `extra` names. */
export const hydraView = z
  .object({
    '@id': z.string(),
    '@type': z.literal('hydra:PartialCollectionView'),
    'hydra:first': z.string().optional(),
    'hydra:last': z.string().optional(),
    'hydra:next': z.string().optional(),
    'hydra:previous': z.string().optional(),
  })
  .meta({ id: 'HydraPartialCollectionView' });

/** A page of `item`s: `{@context, @id, @type: hydra:Collection, hydra:member, hydra:totalItems, hydra:view}`. */
export function hydraCollectionOf<T extends z.ZodType>(item: T) {
  return z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(item),
    'hydra:totalItems': z.number().int().min(0),
    'hydra:view': hydraView.optional(),
  });
}

/** The `{list, total}` answer of the `/search` endpoints (SPEC §3 "Client search result"). */
export function searchResultOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}

/**
 * A date-time in an answer: ISO 8601 with the offset of the actor's time zone. `format: date-time` documents it in
 * OpenAPI and makes it an `xmls:dateTime` in the Hydra documentation.
 */
export const isoDateTime = z
  .string()
  .meta({ description: 'ISO 8601 date-time with offset, in the actor’s time zone', format: 'date-time' });
