/** Clients and their contacts (SPEC §3 "Client", "Contact"; §5; §7 "Clients"). */
import { z } from 'zod';
import { manyValues, orderDirection, pageQuery, reference, type SearchResult } from './common.js';
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
 * `POST /api/client_contacts`: either a new client with its primary contact (`client` an object), or a new
 * alternative contact of an existing client (`client` its IRI). Answers 201 `{client, contact}`.
 */
export const createClientContactBody = z.object({
  client: z.union([clientInput, reference(['clients'], 'client_invalid', 'client_required')], {
    error: 'client_required',
  }),
  contact: contactInput,
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
 * individuals), `order[name]` / `order[updated_at]` (default name ascending), `page`, `itemsPerPage`, `ulid[]`.
 */
export const clientListQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  company: z.enum(['true', 'false']).optional(),
  order: clientOrder,
  ulid: manyValues(z.string()),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

/** `GET /api/clients/search?name&page&order[name]`: 30 a page; an empty or absent `name` lists every client. */
export const clientSearchQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  order: z.object({ name: orderDirection.optional() }, { error: 'value_invalid' }).optional(),
});
export type ClientSearchQuery = z.input<typeof clientSearchQuery>;

export interface Contact {
  /** `/api/contacts/{ulid}`. */
  '@id': string;
  '@type'?: 'Contact';
  ulid: string;
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  title: string;
  notes: string | null;
}
export interface ClientContact extends Contact {
  /** ULID of the client↔contact link, the key of `PUT /api/client_contacts/{client_contact_ulid}`. */
  client_contact_ulid: string;
  /** `true` for the client's main (primary) contact. */
  is_primary?: boolean;
}
export interface Contract {
  '@id': string;
  ulid: string;
  reference: string;
  started_at: string;
  ended_at: string;
  notes: string | null;
  site: { '@id': string; ulid: string; name: string } | null;
}
export interface ClientSiteSummary {
  '@id': string;
  ulid: string;
  name: string;
  status: string;
  address_label: string | null;
}
/** An item of `GET /api/clients`. */
export interface ClientListItem {
  '@id': string;
  '@type': 'Client';
  ulid: string;
  name: string;
  company: boolean;
  primary_contact: ClientContact | null;
  site_number: number;
  updated_at: string;
}
/** `GET /api/clients/{id}`. */
export interface ClientDetail extends ClientListItem {
  other_contacts: ClientContact[];
  sites: ClientSiteSummary[];
  contract: Contract | null;
  created_at: string;
}
export type ClientSearchResult = SearchResult<{ '@id': string; ulid: string; name: string; last_updated_at: string }>;
/** The answer of `POST` / `PUT /api/client_contacts` and `PUT /api/client_contacts/{ulid}/primary`. */
export interface ClientContactAnswer {
  client: { '@id': string; '@type'?: 'Client'; ulid: string; name: string; company: boolean; updated_at?: string };
  contact: ClientContact;
}
