/**
 * Shapes shared by every resource: ULIDs, IRI references, addresses, date-time inputs, hydra collections
 * (ARCHITECTURE §4).
 */
import { z } from 'zod';
import { USER_STATUSES } from './enums.js';
import { jsonLdKeys } from './jsonld.js';
import { ROLES } from './roles.js';
import {
  DATE_PATTERN,
  DATE_TIME_POST_PATTERN,
  ISO_DATE_TIME_PATTERN,
  roundCoordinateUp,
  ULID_PATTERN,
} from './rules.js';

export const ulidSchema = z.string().regex(ULID_PATTERN);

/** IRI of an item: `/api/<collection>/<ulid>`. */
export function iri(collection: string, ulid: string): string {
  return `/api/${collection}/${ulid}`;
}

/**
 * A reference in a request body: the IRI `/api/<collection>/<ulid>` (one of `collections`) or a bare ULID.
 * Parses to the ULID; reports `code` when missing or malformed.
 */
export function reference(collections: readonly string[], code: string, requiredCode = code) {
  return z.string({ error: requiredCode }).transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === '') {
      ctx.addIssue({ code: 'custom', message: requiredCode });
      return z.NEVER;
    }
    const match = /^\/api\/([a-z_]+)\/([0-9A-Za-z]{26})$/.exec(trimmed);
    const ulid = match ? match[2] : trimmed;
    if ((match && !collections.includes(match[1] as string)) || !ULID_PATTERN.test(ulid as string)) {
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return ulid as string;
  });
}

/** Member references: `/api/user_pcos/{ulid}` (also user_dealers, user_admins). */
export const MEMBER_COLLECTIONS = ['user_pcos', 'user_dealers', 'user_admins'] as const;

/**
 * A date-time input: `YYYY-MM-DD HH:mm:ss` in the actor's time zone, or ISO 8601 with an offset.
 * Stays a string here; the server interprets it with the actor's zone.
 */
export const dateTimeInput = (requiredCode: string, invalidCode: string) =>
  z
    .string({ error: requiredCode })
    .trim()
    .min(1, { error: requiredCode })
    .refine((v) => DATE_TIME_POST_PATTERN.test(v) || ISO_DATE_TIME_PATTERN.test(v), { error: invalidCode });

/** A calendar date `YYYY-MM-DD`. */
export const dateInput = (code: string) => z.string({ error: code }).regex(DATE_PATTERN, { error: code });

/** A coordinate as text or number; answered as text rounded upward to 9 decimals. */
export const coordinate = (code: string, limit: number) =>
  z.union([z.string(), z.number()], { error: code }).transform((value, ctx) => {
    const text = String(value).trim();
    const number = Number(text);
    if (text === '' || !Number.isFinite(number) || Math.abs(number) > limit) {
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return roundCoordinateUp(text);
  });

/** A postal address with coordinates (ARCHITECTURE §4): the address must be precise, i.e. carry coordinates. */
export const addressInput = z.object(
  {
    label: z.string({ error: 'address_invalid' }).trim().min(1, { error: 'address_required' }).max(500),
    street: z.string().trim().max(255).nullish(),
    postal_code: z.string().trim().max(20).nullish(),
    city: z.string().trim().max(120).nullish(),
    country: z.string().trim().max(120).nullish(),
    latitude: coordinate('latitude_invalid', 90),
    longitude: coordinate('longitude_invalid', 180),
  },
  { error: 'address_required' },
);
export type AddressInput = z.input<typeof addressInput>;

/** A postal address as answered (a value object: no `@id`); coordinates are decimal degrees as text (9 decimals). */
export const addressValue = z.object({
  label: z.string(),
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.string().nullable().describe('Decimal degrees as text, rounded upward to 9 decimals'),
  longitude: z.string().nullable().describe('Decimal degrees as text, rounded upward to 9 decimals'),
});
export type Address = z.output<typeof addressValue>;

/** Paging query of every collection: `page` from 1, `itemsPerPage` up to 100. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
};

/**
 * The keyset cursor of a list's `hydra:next` link (`?page=N&cursor=…`): opaque, passed back as it came. Without it,
 * `page` pages by offset.
 */
export const cursorQuery = {
  cursor: z
    .string()
    .max(2048)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'value_invalid' })
    .optional()
    .describe('Opaque keyset cursor of `hydra:next`; leave it as it came'),
};

/** A query value given once or repeated (`users[]=a&users[]=b`): always read as an array. */
export const manyValues = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

/** Sort direction of `order[field]`. */
export const orderDirection = z.enum(['asc', 'desc']);

/** A hydra collection as the API answers it (ARCHITECTURE §4). */
export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: {
    '@id': string;
    '@type': 'hydra:PartialCollectionView';
    'hydra:first'?: string;
    'hydra:last'?: string;
    'hydra:next'?: string;
    'hydra:previous'?: string;
  };
}

/** The `{list, total}` answer of the `/search` endpoints (SPEC §3 "Client search result"). */
export interface SearchResult<T> {
  list: T[];
  total: number;
}

/**
 * A member embedded in another resource (a site's referent, an intervention's interveners; SPEC §3 "User (lists and
 * pickers)"): a `User`, as the users API names members, with its `@id` `/api/user_<type>s/{membership ulid}`, its
 * names and chip colour.
 */
export const memberLight = z
  .object({
    ...jsonLdKeys('User'),
    ulid: z.string().describe('ULID of the membership'),
    firstname: z.string(),
    lastname: z.string(),
    color: z.string().nullable().describe('Chip colour, #rrggbb'),
    status: z.enum(USER_STATUSES).optional(),
    role: z.enum(ROLES).optional(),
  })
  .meta({ id: 'MemberLight' });
export type MemberLight = z.output<typeof memberLight>;

/** A member as lists and pickers show it (SPEC §3 "User"). */
export interface UserLight {
  '@id': string;
  ulid: string;
  firstname: string;
  lastname: string;
  color: string | null;
  status?: 'active' | 'invited' | 'disabled';
  role?: string;
}
