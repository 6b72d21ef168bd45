/** Clients and their contacts (SPEC §3 "Client", "Contact"; §5; §7 "Clients"). */
import { z } from 'zod';
import { cursorQuery, manyValues, orderDirection, pageQuery, reference } from './common.js';
import { isoDateTime, jsonLdKeys, searchResultOf } from './jsonld.js';
import { emailAddress, optionalText, PERSON_NAME_PATTERN, PHONE_PATTERN, requiredText } from './rules.js';

/** A required text checked by `pattern` only once present: one violation per field (`_required` or `_invalid`). */
const requiredMatching = (field: string, max: number, pattern: RegExp) =>
  requiredText(`${field}_required`, max).pipe(z.string().regex(pattern, { error: `${field}_invalid` }));

/** A contact as typed in a form (SPEC §5 "Contact": last name, first name, phone, e-mail, title required). */
export const contactInput = z.object(
  {
    lastname: requiredMatching('lastname', 100, PERSON_NAME_PATTERN),
    firstname: requiredMatching('firstname', 100, PERSON_NAME_PATTERN),
    phone: requiredMatching('phone', 32, PHONE_PATTERN),
    email: emailAddress,
    title: requiredText('title_required', 100),
    notes: optionalText('notes_invalid'),
  },
  { error: 'contact_required' },
);
export type ContactInput = z.input<typeof contactInput>;
/** A contact once parsed: trimmed, e-mail lower-cased, empty notes as null. */
export type ContactValues = z.output<typeof contactInput>;

/** The client part of a client form (SPEC §5 "Client": name required). */
export const clientInput = z.object(
  {
    name: requiredText('name_required', 255),
    company: z.boolean({ error: 'company_invalid' }).default(true),
  },
  { error: 'client_required' },
);
export type ClientInput = z.input<typeof clientInput>;

/**
 * `POST /api/client_contacts`: either a new client with its primary contact (`client` an object) and, optionally, its
 * alternative contacts (`alternatives`, created with it in one transaction: nothing is created when one is refused,
 * e.g. 422 `alternatives.<i>.email` `email_already_exist`), or a new alternative contact of an existing client
 * (`client` its IRI; `alternatives` then refused: 422 `alternatives` `client_invalid`). Answers 201 `{client,
 * contact}` (the primary contact for a new client).
 */
export const createClientContactBody = z.object({
  client: z.union([clientInput, reference(['clients'], 'client_invalid', 'client_required')], {
    error: 'client_required',
  }),
  contact: contactInput,
  alternatives: z.array(contactInput, { error: 'value_invalid' }).max(50, { error: 'value_invalid' }).optional(),
});
export type CreateClientContactBody = z.input<typeof createClientContactBody>;

/**
 * `PUT /api/client_contacts/{client_contact_ulid}`: the same shape with `@id` values (`client['@id']` the client's IRI,
 * `contact['@id']` the contact's IRI; when given they must name the link's client and contact). An omitted `company`
 * keeps the client's current kind.
 */
export const updateClientContactBody = z.object({
  client: clientInput.extend({
    '@id': z.string().optional(),
    company: z.boolean({ error: 'company_invalid' }).optional(),
  }),
  contact: contactInput.extend({ '@id': z.string().optional() }),
});
export type UpdateClientContactBody = z.input<typeof updateClientContactBody>;

/** `order[name]=asc&order[updated_at]=desc`, as `qs` parses it (a nested object); keys apply in the order given. */
export const clientOrder = z
  .object({ name: orderDirection.optional(), updated_at: orderDirection.optional() }, { error: 'value_invalid' })
  .optional();

/**
 * `GET /api/clients` filters: `name` (case-insensitive contains), `company` (`true`: companies, `false`: private
 * individuals), `order[name]` / `order[updated_at]` (default name ascending), `page`, `itemsPerPage`, `ulid[]`, and the
 * keyset `cursor` of `hydra:next`.
 */
export const clientListQuery = z.object({
  ...pageQuery,
  ...cursorQuery,
  name: z.string().trim().max(255).optional(),
  company: z.enum(['true', 'false']).optional(),
  order: clientOrder,
  ulid: manyValues(z.string()),
  contract: z
    .enum(['to_renew', 'none'])
    .optional()
    .describe(
      '`to_renew`: clients with a contract within its notice period; `none`: clients without a running contract',
    ),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

/** `GET /api/clients/search?name&page&order[name]`: 30 a page; an empty or absent `name` lists every client. */
export const clientSearchQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  order: z.object({ name: orderDirection.optional() }, { error: 'value_invalid' }).optional(),
});
export type ClientSearchQuery = z.input<typeof clientSearchQuery>;

/** A contact (`/api/contacts/{ulid}`). */
export const contactResource = z
  .object({
    ...jsonLdKeys('Contact'),
    ulid: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    phone: z.string(),
    email: z.string(),
    title: z.string(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.output<typeof contactResource>;

/** A contact with its link to a client: `client_contact_ulid` is the key of `PUT /api/client_contacts/{ulid}`. */
export const clientContactResource = contactResource
  .extend({
    client_contact_ulid: z.string().describe('ULID of the client↔contact link'),
    is_primary: z.boolean().describe("`true` for the client's main (primary) contact"),
  })
  .meta({ id: 'ClientContact' });
export type ClientContact = z.output<typeof clientContactResource>;

/** A contract as a client's detail embeds it (SPEC §3 "Contract"). */
export const contractSummary = z
  .object({
    ...jsonLdKeys('Contract'),
    ulid: z.string(),
    reference: z.string(),
    started_at: isoDateTime,
    ended_at: isoDateTime,
    notes: z.string().nullable(),
    site: z.object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ContractSummary' });
export type Contract = z.output<typeof contractSummary>;

/** A site as a client's detail lists it. */
export const clientSiteSummary = z
  .object({
    ...jsonLdKeys('Site'),
    ulid: z.string(),
    name: z.string(),
    status: z.string(),
    address_label: z.string().nullable(),
  })
  .meta({ id: 'ClientSite' });
export type ClientSiteSummary = z.output<typeof clientSiteSummary>;

/** The running contract a clients list row shows (issue 13): reference, last day and whether it is to renew. */
export const clientContractSummary = z
  .object({
    ...jsonLdKeys('Contract'),
    ulid: z.string(),
    reference: z.string(),
    end_date: z.string().describe('Last day covered, `YYYY-MM-DD` (reader’s zone)'),
    state: z.enum(['active', 'to_renew']),
  })
  .meta({ id: 'ClientContract' });
export type ClientContractSummary = z.output<typeof clientContractSummary>;

/** An item of `GET /api/clients`. */
export const clientListItem = z
  .object({
    ...jsonLdKeys('Client'),
    ulid: z.string(),
    name: z.string(),
    company: z.boolean().describe('true: a company; false: a private individual'),
    primary_contact: clientContactResource.nullable(),
    site_number: z.number().int().describe('Number of sites of the client'),
    updated_at: isoDateTime,
    contract: clientContractSummary
      .nullable()
      .default(null)
      .describe('Its running contract that ends last (issue 13), or null when none runs today'),
  })
  .meta({ id: 'Client' });
export type ClientListItem = z.output<typeof clientListItem>;

/** `GET /api/clients/{id}`: the client with its contacts, sites and latest contract. */
export const clientDetail = clientListItem
  .extend({
    other_contacts: z.array(clientContactResource),
    sites: z.array(clientSiteSummary),
    contract: contractSummary.nullable(),
    created_at: isoDateTime,
  })
  .meta({ id: 'ClientDetail' });
export type ClientDetail = z.output<typeof clientDetail>;

/** One result of `GET /api/clients/search`. */
export const clientSearchItem = z
  .object({ ...jsonLdKeys('Client'), ulid: z.string(), name: z.string(), last_updated_at: isoDateTime })
  .meta({ id: 'ClientSearchItem' });
export const clientSearchResult = searchResultOf(clientSearchItem).meta({ id: 'ClientSearchResult' });
export type ClientSearchResult = z.output<typeof clientSearchResult>;

/** The answer of `POST` / `PUT /api/client_contacts` and `PUT /api/client_contacts/{ulid}/primary`. */
export const clientContactAnswer = z
  .object({
    client: z.object({
      ...jsonLdKeys('Client'),
      ulid: z.string(),
      name: z.string(),
      company: z.boolean(),
      updated_at: isoDateTime,
    }),
    contact: clientContactResource,
  })
  .meta({ id: 'ClientContactAnswer' });
export type ClientContactAnswer = z.output<typeof clientContactAnswer>;
