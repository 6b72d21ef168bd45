/**
 * Members of a space as the API answers them (SPEC §3 "User", §7 "Users, per type"): the `SpaceUser` of the users
 * screens, the people picker search, the referent sites of a member. The request schemas are in `identity.ts`.
 */
import { z } from 'zod';
import { manyValues, orderDirection, pageQuery } from './common.js';
import { LANGUAGES, USER_STATUSES } from './enums.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys, searchResultOf } from './jsonld.js';
import { ROLES } from './roles.js';

/**
 * `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]`: active members of the actor's space,
 * `search` on first name, last name or e-mail, `role` one or many roles (`role[]=…`), default order last name then
 * first name. The query string is parsed with `qs`: `order[lastname]=asc` arrives as `{order: {lastname: 'asc'}}`.
 */
export const userSearchQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(255).optional(),
  role: manyValues(z.enum(ROLES)),
  order: z
    .object({
      lastname: orderDirection.optional(),
      firstname: orderDirection.optional(),
    })
    .optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

/**
 * A member (`/api/user_pcos/{ulid}`, `/api/user_dealers/{ulid}`, `/api/user_admins/{ulid}`) as the users list and
 * the user edit screen see it. `ulid` is the membership's ULID: the `{ulid}` of every per-user call. Dates are
 * ISO 8601 with the offset of the actor's time zone.
 */
export const spaceUser = z
  .object({
    ...jsonLdKeys('User'),
    ulid: z.string().describe('ULID of the membership'),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    color: z.string().nullable(),
    avatar: z.string().nullable().describe('URL of the avatar image (`/api/avatars/{file}`), or null'),
    lang: z.enum(LANGUAGES),
    timezone: z.string().describe('IANA time zone'),
    licence_number: z
      .string()
      .nullable()
      .describe('Pesticide applicator licence number (issue 12), copied onto the reports the member takes part in'),
    disabled_at: isoDateTime.nullable(),
    last_invited_at: isoDateTime.nullable(),
    last_login_at: isoDateTime.nullable(),
    nb_referent_site: z
      .number()
      .int()
      .min(0)
      .describe('Sites of which this member is the referent technician (always 0 outside PCO spaces)'),
  })
  .meta({ id: 'SpaceUser' });
export type SpaceUser = z.output<typeof spaceUser>;

/** `GET {users}`: a page of members (30 a page). */
export const spaceUserCollection = hydraCollectionOf(spaceUser).meta({ id: 'SpaceUserCollection' });
export type SpaceUserCollection = z.output<typeof spaceUserCollection>;

/** One result of `GET /api/user_pcos/search`: an active member with its e-mail, status and role. */
export const userSearchItem = z
  .object({
    ...jsonLdKeys('User'),
    ulid: z.string().describe('ULID of the membership'),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    color: z.string().nullable(),
    status: z.enum(USER_STATUSES),
    role: z.enum(ROLES),
  })
  .meta({ id: 'UserSearchItem' });
export type UserSearchItem = z.output<typeof userSearchItem>;
/** `GET /api/user_pcos/search` answer: `{list, total}`. */
export const userSearchResult = searchResultOf(userSearchItem).meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.output<typeof userSearchResult>;

/** A site of which a member is the referent technician (`/api/sites/{ulid}`), with its client. */
export const referentSite = z
  .object({
    ...jsonLdKeys('Site'),
    ulid: z.string(),
    name: z.string(),
    client: z.object({ ...jsonLdKeys('Client'), ulid: z.string(), name: z.string() }),
  })
  .meta({ id: 'ReferentSite' });
export type ReferentSite = z.output<typeof referentSite>;

/**
 * `GET {users}/{ulid}/referent-sites`: every site of which the member is the referent (unpaged, no `hydra:view`).
 * `PUT {users}/{ulid}/referent-sites {assignments}` (204) moves them.
 */
export const referentSiteCollection = hydraCollectionOf(referentSite).meta({ id: 'ReferentSiteCollection' });
export type ReferentSiteCollection = z.output<typeof referentSiteCollection>;

/**
 * The 200 answer of `PUT {users}/{ulid}/role` while the member is still the referent of sites: the role was NOT
 * changed; reassign the sites, then repeat the call (which answers 204).
 */
export const referentSitesPending = z
  .object({ nb_referent_site: z.number().int().min(1).describe('Sites to hand over first') })
  .meta({ id: 'ReferentSitesPending' });
export type ReferentSitesPending = z.output<typeof referentSitesPending>;
