/**
 * Rows → JSON-LD items of the clients API (SPEC §3 "Client", "Contact", "Contract"; ARCHITECTURE §4). Date-times are
 * ISO 8601 with the offset of the actor's time zone.
 */
import {
  type ClientContact,
  type ClientContactAnswer,
  type ClientDetail,
  type ClientListItem,
  type ClientSearchResult,
  type ClientSiteSummary,
  type Contract,
  contractStateOn,
  iri,
  type UpdateClientContactBody,
} from '@isoptera/contracts';
import type { ClientContactRow, ClientRow, ContactRow } from '../../db/schema/index.js';
import { formatZoned, zonedDate } from '../../platform/time/zoned.js';
import type { ClientListRow } from './clients-list.repository.js';

/** A contact with its link to the client: `@id` `/api/contacts/{ulid}`, `client_contact_ulid` the link's ULID. */
export function clientContactResource(
  contact: Pick<ContactRow, 'id' | 'firstname' | 'lastname' | 'phone' | 'email' | 'title' | 'notes'>,
  link: Pick<ClientContactRow, 'id' | 'isPrimary'>,
): ClientContact {
  return {
    '@id': iri('contacts', contact.id),
    '@type': 'Contact',
    ulid: contact.id,
    client_contact_ulid: link.id,
    is_primary: link.isPrimary,
    firstname: contact.firstname,
    lastname: contact.lastname,
    phone: contact.phone,
    email: contact.email,
    title: contact.title,
    notes: contact.notes,
  };
}

/** An item of `GET /api/clients` (`site_number` = its number of sites). */
export function clientListItemResource(row: ClientListRow, timeZone: string): ClientListItem {
  return {
    '@id': iri('clients', row.client.id),
    '@type': 'Client',
    ulid: row.client.id,
    name: row.client.name,
    company: row.client.company,
    primary_contact: row.contact && row.link ? clientContactResource(row.contact, row.link) : null,
    site_number: row.siteNumber,
    updated_at: formatZoned(row.client.updatedAt, timeZone),
    contract: row.contract ? clientContractOf(row.contract, timeZone) : null,
  };
}

/** The running contract of a list row: its last day in `timeZone`, to renew within its notice period. */
function clientContractOf(
  contract: NonNullable<ClientListRow['contract']>,
  timeZone: string,
): NonNullable<ClientListItem['contract']> {
  const endDay = zonedDate(contract.endedAt, timeZone);
  return {
    '@id': iri('contracts', contract.id),
    '@type': 'Contract',
    ulid: contract.id,
    reference: contract.reference,
    end_date: endDay,
    state:
      contractStateOn(endDay, contract.noticePeriodDays, zonedDate(new Date(), timeZone)) === 'to_renew'
        ? 'to_renew'
        : 'active',
  };
}

export interface ClientDetailParts {
  client: ClientRow;
  contacts: { contact: ContactRow; link: ClientContactRow }[];
  sites: { id: string; name: string; status: string; addressLabel: string }[];
  contract:
    | {
        contract: { id: string; reference: string; startedAt: Date; endedAt: Date; notes: string | null };
        site: { id: string; name: string } | null;
      }
    | undefined;
}

/** `GET /api/clients/{id}`: the client with its primary contact, other contacts, sites and latest contract. */
export function clientDetailResource(parts: ClientDetailParts, timeZone: string): ClientDetail {
  const primary = parts.contacts.find((c) => c.link.isPrimary);
  const sites: ClientSiteSummary[] = parts.sites.map((s) => ({
    '@id': iri('sites', s.id),
    '@type': 'Site',
    ulid: s.id,
    name: s.name,
    status: s.status,
    address_label: s.addressLabel,
  }));
  let contract: Contract | null = null;
  if (parts.contract) {
    const { contract: c, site } = parts.contract;
    contract = {
      '@id': iri('contracts', c.id),
      '@type': 'Contract',
      ulid: c.id,
      reference: c.reference,
      started_at: formatZoned(c.startedAt, timeZone),
      ended_at: formatZoned(c.endedAt, timeZone),
      notes: c.notes,
      site: site ? { '@id': iri('sites', site.id), '@type': 'Site', ulid: site.id, name: site.name } : null,
    };
  }
  return {
    ...clientListItemResource(
      {
        client: parts.client,
        contact: primary?.contact ?? null,
        link: primary?.link ?? null,
        siteNumber: sites.length,
        contract: null,
      },
      timeZone,
    ),
    other_contacts: parts.contacts.filter((c) => c !== primary).map((c) => clientContactResource(c.contact, c.link)),
    sites,
    contract,
    created_at: formatZoned(parts.client.createdAt, timeZone),
  };
}

/** One result of `GET /api/clients/search`. */
export function clientSearchItemResource(
  row: { id: string; name: string; updatedAt: Date },
  timeZone: string,
): ClientSearchResult['list'][number] {
  return {
    '@id': iri('clients', row.id),
    '@type': 'Client',
    ulid: row.id,
    name: row.name,
    last_updated_at: formatZoned(row.updatedAt, timeZone),
  };
}

/** The `{client, contact}` answer of the `client_contacts` writes. */
export function clientContactAnswer(
  client: ClientRow,
  contact: ContactRow,
  link: ClientContactRow,
  timeZone: string,
): ClientContactAnswer {
  return {
    client: {
      '@id': iri('clients', client.id),
      '@type': 'Client',
      ulid: client.id,
      name: client.name,
      company: client.company,
      updated_at: formatZoned(client.updatedAt, timeZone),
    },
    contact: clientContactResource(contact, link),
  };
}

/**
 * The body `PUT /api/client_contacts/{ulid}` would need to leave the client and the contact as they are: the base a
 * merge patch (`PATCH`) is applied to.
 */
export function clientContactPutBody(client: ClientRow, contact: ContactRow): UpdateClientContactBody {
  return {
    client: { '@id': iri('clients', client.id), name: client.name, company: client.company },
    contact: {
      '@id': iri('contacts', contact.id),
      lastname: contact.lastname,
      firstname: contact.firstname,
      phone: contact.phone,
      email: contact.email,
      title: contact.title,
      notes: contact.notes,
    },
  };
}
