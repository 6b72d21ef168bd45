/**
 * Clients and their contacts (SPEC §3 "Client", "Contact", §5 "Client"/"Contact", §6 "A client's main contact cannot
 * be deleted", §7 "Clients"). Every record is looked up in the actor's space: another space's record is "not found".
 */
import {
  type ClientContactAnswer,
  type ClientDetail,
  type ClientListItem,
  type ClientSearchResult,
  type clientListQuery,
  type clientSearchQuery,
  type contactInput,
  type HydraCollection,
  PAGE_SIZE,
  ULID_PATTERN,
  type UpdateClientContactBody,
  type updateClientContactBody,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import type { ExpectedVersions } from '../../platform/db/versions.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import type { Versioned } from '../../platform/http/entity-tag.js';
import { decodeCursor, encodeCursor } from '../../platform/hydra/cursor.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import { startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import type { ClientOrderKey, ClientsRepository } from './clients.repository.js';
import {
  clientContactAnswer,
  clientContactPutBody,
  clientDetailResource,
  clientListItemResource,
  clientSearchItemResource,
} from './clients.resource.js';
import { clientOrderKeyCount, clientOrderName } from './clients-list.repository.js';

type ListQuery = z.output<typeof clientListQuery>;
type SearchQuery = z.output<typeof clientSearchQuery>;
type ContactValues = z.output<typeof contactInput>;
type UpdateBody = z.output<typeof updateClientContactBody>;
/** A new client (`{name, company}`) or the ULID of an existing one (its IRI, already parsed by the contract). */
export type ClientTarget = { name: string; company: boolean } | string;

export interface ClientsServiceOptions {
  /** The clock stamping `created_at`/`updated_at` (the demo seed spreads them over the past). */
  now?: () => Date;
}

/** The ULID an `@id` value names (`/api/<collection>/<ulid>` or a bare ULID), or null when it names something else. */
function ulidOfIri(value: string, collection: string): string | null {
  const match = /^\/api\/([a-z_]+)\/([0-9A-Za-z]{26})$/.exec(value.trim());
  if (match) return match[1] === collection ? (match[2] as string) : null;
  return ULID_PATTERN.test(value.trim()) ? value.trim() : null;
}

export function createClientsService(repository: ClientsRepository, options: ClientsServiceOptions = {}) {
  const now = options.now ?? (() => new Date());

  /** The client `clientId` of the actor's space; throws 404 `client_not_found`. */
  async function requireClient(actor: Actor, clientId: string) {
    const client = ULID_PATTERN.test(clientId) ? await repository.findClient(actor.spaceId, clientId) : undefined;
    if (!client) throw notFound('client_not_found');
    return client;
  }

  /** The client↔contact link `linkId` of the actor's space; throws 404 `contact_not_found`. */
  async function requireLink(actor: Actor, linkId: string) {
    const row = ULID_PATTERN.test(linkId) ? await repository.findLink(actor.spaceId, linkId) : undefined;
    if (!row) throw notFound('contact_not_found');
    return row;
  }

  return {
    /**
     * `GET /api/clients`: a hydra collection of `ClientListItem`, 30 a page, filtered by `name` (contains, ignoring
     * case and accents) and `company`, sorted by `order[name]` / `order[updated_at]` (default name ascending). SPEC
     * §7. `hydra:next` carries a keyset cursor (deep pages cost what the first ones do); the total is exact up to
     * 1 000 matches and on the last page, estimated past that (platform/db/paging.ts). Throws 422 `value_invalid`
     * (`cursor`) on a cursor that is not one of this order.
     */
    async list(actor: Actor, query: ListQuery, url: string): Promise<HydraCollection<ClientListItem>> {
      const window = pageWindow(query);
      const requested = Object.entries(query.order ?? {})
        .filter((entry): entry is [ClientOrderKey, 'asc' | 'desc'] => entry[1] !== undefined)
        .map(([key, direction]) => ({ key, direction }));
      const order = requested.length ? requested : [{ key: 'name' as const, direction: 'asc' as const }];
      const orderName = clientOrderName(order);
      const after = decodeCursor(query.cursor, orderName, clientOrderKeyCount(order));
      const page = await repository.list(actor.spaceId, {
        name: query.name || undefined,
        company: query.company === undefined ? undefined : query.company === 'true',
        ulids: query.ulid,
        contract: query.contract,
        today: startOfZonedDay(zonedDate(now(), actor.timezone), actor.timezone),
        order,
        limit: window.limit,
        offset: window.offset,
        after,
      });
      const cursor =
        page.hasNext && page.lastKeys ? encodeCursor(orderName, { keys: page.lastKeys, total: page.total }) : undefined;
      return hydraCollection(
        url,
        page.rows.map((row) => clientListItemResource(row, actor.timezone)),
        page.total,
        window,
        'Client',
        { hasNext: page.hasNext, cursor },
      );
    },

    /**
     * `GET /api/clients/search`: `{list: [{@id, ulid, name, last_updated_at}], total}`, 30 a page, by name
     * (`order[name]`, default ascending); an empty or absent `name` lists every client. SPEC §2.4, §3.
     */
    async search(actor: Actor, query: SearchQuery): Promise<ClientSearchResult> {
      const window = pageWindow({ page: query.page, itemsPerPage: PAGE_SIZE });
      const { rows, total } = await repository.search(actor.spaceId, {
        name: query.name || undefined,
        direction: query.order?.name ?? 'asc',
        limit: window.limit,
        offset: window.offset,
      });
      return { list: rows.map((row) => clientSearchItemResource(row, actor.timezone)), total };
    },

    /**
     * `GET /api/clients/{id}`: the client with its contacts, sites and latest contract, and the client's version (its
     * `ETag`). Throws 404 `client_not_found`.
     */
    async detail(actor: Actor, clientId: string): Promise<Versioned<ClientDetail>> {
      const client = await requireClient(actor, clientId);
      const [contacts, sites, contract] = await Promise.all([
        repository.contactsOf(actor.spaceId, client.id),
        repository.sitesOf(actor.spaceId, client.id),
        repository.latestContract(actor.spaceId, client.id),
      ]);
      return {
        body: clientDetailResource({ client, contacts, sites, contract }, actor.timezone),
        version: client.version,
      };
    },

    /** `DELETE /api/clients/{id}`: the client, its contacts, sites, contracts and interventions. Throws 404. */
    async remove(actor: Actor, clientId: string): Promise<void> {
      const client = await requireClient(actor, clientId);
      const deleted = await repository.transaction((tx) => tx.deleteClient(actor.spaceId, client.id));
      if (!deleted) throw notFound('client_not_found');
    },

    /**
     * `POST /api/client_contacts`: with a new client (`{name, company}`), creates it with `contact` as its primary
     * contact and `alternatives` as its other contacts, all in one transaction (nothing is created when one is
     * refused); with an existing client's ULID, adds `contact` as an alternative contact (the primary one when the
     * client has none) and bumps the client's `updated_at`. Throws 404 `client_not_found`, 422 `email_already_exist`
     * (`contact.email`: another contact of the client has that e-mail; `alternatives.<i>.email`: the main contact or
     * an earlier alternative has it, case ignored), 422 `client_invalid` (`alternatives` with an existing client).
     */
    async createContact(
      actor: Actor,
      target: ClientTarget,
      contact: ContactValues,
      alternatives: readonly ContactValues[] = [],
    ): Promise<ClientContactAnswer> {
      const at = now();
      if (typeof target !== 'string') {
        const seen = new Set([contact.email.toLowerCase()]);
        for (const [index, alternative] of alternatives.entries()) {
          const email = alternative.email.toLowerCase();
          if (seen.has(email))
            throw validationFailed({ propertyPath: `alternatives.${index}.email`, code: 'email_already_exist' });
          seen.add(email);
        }
        return repository.transaction(async (tx) => {
          const client = await tx.insertClient({ id: newUlid(), spaceId: actor.spaceId, ...target, at });
          const row = await tx.insertContact({ id: newUlid(), spaceId: actor.spaceId, ...contact, at });
          const link = await tx.insertLink({
            id: newUlid(),
            clientId: client.id,
            contactId: row.id,
            isPrimary: true,
            at,
          });
          await tx.insertContactsOf(client, [...alternatives], { firstIsPrimary: false, at });
          return clientContactAnswer(client, row, link, actor.timezone);
        });
      }
      if (alternatives.length > 0) throw validationFailed({ propertyPath: 'alternatives', code: 'client_invalid' });
      const existing = await requireClient(actor, target);
      return repository.transaction(async (tx) => {
        if (await tx.emailTaken(existing.id, contact.email)) {
          throw validationFailed({ propertyPath: 'contact.email', code: 'email_already_exist' });
        }
        const isPrimary = (await tx.primaryLink(existing.id)) === undefined;
        const row = await tx.insertContact({ id: newUlid(), spaceId: actor.spaceId, ...contact, at });
        const link = await tx.insertLink({ id: newUlid(), clientId: existing.id, contactId: row.id, isPrimary, at });
        const client = await tx.updateClient(actor.spaceId, existing.id, { at });
        return clientContactAnswer(client, row, link, actor.timezone);
      });
    },

    /**
     * Creates a client with its primary contact (the first of `people`) and its alternative contacts in one
     * transaction (the demo seed and imports). Throws 422 `email_already_exist` (`contacts.<i>.email`) when two of the
     * contacts share an e-mail.
     */
    async createWithContacts(
      actor: Actor,
      client: { name: string; company: boolean },
      people: [ContactValues, ...ContactValues[]],
    ): Promise<{ client: ClientContactAnswer['client']; contacts: ClientContactAnswer['contact'][] }> {
      const seen = new Set<string>();
      for (const [index, person] of people.entries()) {
        if (seen.has(person.email))
          throw validationFailed({ propertyPath: `contacts.${index}.email`, code: 'email_already_exist' });
        seen.add(person.email);
      }
      const at = now();
      return repository.transaction(async (tx) => {
        const row = await tx.insertClient({ id: newUlid(), spaceId: actor.spaceId, ...client, at });
        const rows = await tx.insertContactsOf(row, people, { firstIsPrimary: true, at });
        const answers = rows.map((r) => clientContactAnswer(row, r.contact, r.link, actor.timezone));
        return { client: (answers[0] as ClientContactAnswer).client, contacts: answers.map((a) => a.contact) };
      });
    },

    /**
     * `PUT /api/client_contacts/{client_contact_ulid}`: updates the client's name (and kind, when given) and that
     * contact. `@id` values, when given, must name the link's client (`client_invalid`) and contact
     * (`contact_invalid`). The client's version is what `If-Match` checks (`expected`; an edit of any of its contacts
     * changes it) and what the answer's `ETag` names. Throws 404 `contact_not_found`, 412 `edit_conflict`, 422
     * `email_already_exist`.
     */
    async updateContact(
      actor: Actor,
      linkId: string,
      body: UpdateBody,
      expected?: ExpectedVersions,
    ): Promise<Versioned<ClientContactAnswer>> {
      const found = await requireLink(actor, linkId);
      const clientIri = body.client['@id'];
      if (clientIri !== undefined && ulidOfIri(clientIri, 'clients') !== found.client.id) {
        throw validationFailed({ propertyPath: 'client.@id', code: 'client_invalid' });
      }
      const contactIri = body.contact['@id'];
      if (contactIri !== undefined && ulidOfIri(contactIri, 'contacts') !== found.contact.id) {
        throw validationFailed({ propertyPath: 'contact.@id', code: 'contact_invalid' });
      }
      const { '@id': _contactIri, ...contact } = body.contact;
      const at = now();
      return repository.transaction(async (tx) => {
        await tx.claimVersion(actor.spaceId, found.client.id, expected);
        if (await tx.emailTaken(found.client.id, contact.email, found.contact.id)) {
          throw validationFailed({ propertyPath: 'contact.email', code: 'email_already_exist' });
        }
        const row = await tx.updateContact(actor.spaceId, found.contact.id, { ...contact, at });
        const client = await tx.updateClient(actor.spaceId, found.client.id, {
          name: body.client.name,
          company: body.client.company,
          at,
        });
        return { body: clientContactAnswer(client, row, found.link, actor.timezone), version: client.version };
      });
    },

    /**
     * The `PUT /api/client_contacts/{client_contact_ulid}` body of the link as it stands, the base of its merge patch
     * (`PATCH`, SPEC §7). Throws 404 `contact_not_found`.
     */
    async currentContact(actor: Actor, linkId: string): Promise<UpdateClientContactBody> {
      const found = await requireLink(actor, linkId);
      return clientContactPutBody(found.client, found.contact);
    },

    /**
     * `PUT /api/client_contacts/{client_contact_ulid}/primary`: makes that contact the client's main contact; the
     * previous main contact becomes an alternative one. Concurrent calls for one client are serialised (the last one
     * wins, each answers 200). Throws 404 `contact_not_found`.
     */
    async makePrimary(actor: Actor, linkId: string): Promise<ClientContactAnswer> {
      const found = await requireLink(actor, linkId);
      const at = now();
      return repository.transaction(async (tx) => {
        // Updating the client first locks its row until the commit: a concurrent change of its main contact waits
        // here, then sees this one's result (two unlocked swaps could both end primary: a unique violation).
        const client = await tx.updateClient(actor.spaceId, found.client.id, { at });
        const link = await tx.setPrimary(found.client.id, found.link.id, at);
        return clientContactAnswer(client, found.contact, link, actor.timezone);
      });
    },

    /**
     * `DELETE /api/client_contacts/{client_contact_ulid}`: removes an alternative contact; the client's sites whose
     * main contact it was get the client's main contact. Throws 400 `main_contact_cannot_be_deleted` (SPEC §6, §8),
     * 404 `contact_not_found`.
     */
    async removeContact(actor: Actor, linkId: string): Promise<void> {
      const found = await requireLink(actor, linkId);
      if (found.link.isPrimary) throw new AppError('main_contact_cannot_be_deleted');
      const at = now();
      await repository.transaction(async (tx) => {
        const primary = await tx.primaryLink(found.client.id);
        await tx.deleteLink(found.link, primary?.contactId ?? null, at);
        await tx.updateClient(actor.spaceId, found.client.id, { at });
      });
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
