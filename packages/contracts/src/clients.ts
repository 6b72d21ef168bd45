/** Clients and their contacts (SPEC §3 "Client", "Contact"; §5; §7 "Clients"). */
import { z } from 'zod';
import { manyValues, orderDirection, pageQuery, reference, type SearchResult } from './common.js';
import { emailAddress, optionalText, personName, phoneNumber, requiredText } from './rules.js';

/** A contact as typed in a form (SPEC §5 "Contact": last name, first name, phone, e-mail, title required). */
export const contactInput = z.object({
  lastname: personName('lastname'),
  firstname: personName('firstname'),
  phone: phoneNumber,
  email: emailAddress,
  title: requiredText('title_required', 100),
  notes: optionalText('notes_invalid'),
});
export type ContactInput = z.input<typeof contactInput>;

/** The client part of a client form (SPEC §5 "Client": name required). */
export const clientInput = z.object({
  name: requiredText('name_required', 255),
  company: z.boolean({ error: 'company_invalid' }).default(true),
});
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

/** `PUT /api/client_contacts/{client_contact_ulid}`: the same shape with `@id` values. */
export const updateClientContactBody = z.object({
  client: clientInput.extend({ '@id': z.string().optional() }),
  contact: contactInput.extend({ '@id': z.string().optional() }),
});
export type UpdateClientContactBody = z.input<typeof updateClientContactBody>;

/** `GET /api/clients` filters. */
export const clientListQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  company: z.enum(['true', 'false']).optional(),
  'order[name]': orderDirection.optional(),
  'order[updated_at]': orderDirection.optional(),
  ulid: manyValues(z.string()),
});

/** `GET /api/clients/search?name&page&order[name]`. */
export const clientSearchQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  'order[name]': orderDirection.optional(),
});

export interface Contact {
  '@id': string;
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
export interface ClientContactAnswer {
  client: { '@id': string; ulid: string; name: string; company: boolean };
  contact: ClientContact;
}
