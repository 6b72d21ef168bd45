import type { ContactValues } from '@isoptera/contracts';
/**
 * Clients, their contacts and client↔contact links (SPEC §3 "Client", "Contact"). The only file of the module that
 * talks to the database; every read and write is scoped to the space id it is given.
 */
import { and, asc, desc, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import {
  type ClientContactRow,
  type ClientRow,
  type ContactRow,
  clientContacts,
  clients,
  contacts,
  contracts,
  siteContacts,
  sites,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { claimVersion, type ExpectedVersions } from '../../platform/db/versions.js';
import { newUlid } from '../../platform/ids.js';
import { createClientsListQueries } from './clients-list.repository.js';

export type { ClientListFilter, ClientListRow, ClientOrderKey } from './clients-list.repository.js';

/** A contact typed in a form, already validated (SPEC §5 "Contact"). */
export type NewContact = ContactValues;

/** The queries of the module on `db` (a database or a transaction). */
function createClientsQueries(db: Db) {
  return {
    /** The client `clientId` of the space, or undefined. */
    async findClient(spaceId: string, clientId: string): Promise<ClientRow | undefined> {
      const [row] = await db
        .select()
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.spaceId, spaceId)))
        .limit(1);
      return row;
    },

    /** The contacts of a client of the space with their links, the primary first, then in creation order. */
    async contactsOf(spaceId: string, clientId: string): Promise<{ contact: ContactRow; link: ClientContactRow }[]> {
      return db
        .select({ contact: contacts, link: clientContacts })
        .from(clientContacts)
        .innerJoin(contacts, eq(contacts.id, clientContacts.contactId))
        .innerJoin(clients, eq(clients.id, clientContacts.clientId))
        .where(and(eq(clientContacts.clientId, clientId), eq(clients.spaceId, spaceId)))
        .orderBy(desc(clientContacts.isPrimary), asc(clientContacts.id));
    },

    /** The sites of a client of the space, by name: id, name, status and address label. */
    sitesOf(spaceId: string, clientId: string) {
      return db
        .select({ id: sites.id, name: sites.name, status: sites.status, addressLabel: sites.addressLabel })
        .from(sites)
        .where(and(eq(sites.clientId, clientId), eq(sites.spaceId, spaceId)))
        .orderBy(asc(sites.name), asc(sites.id));
    },

    /** The client's latest contract (latest start, then latest created) with its site's name, or undefined. */
    async latestContract(spaceId: string, clientId: string) {
      const [row] = await db
        .select({ contract: contracts, site: { id: sites.id, name: sites.name } })
        .from(contracts)
        .leftJoin(sites, eq(sites.id, contracts.siteId))
        .where(and(eq(contracts.clientId, clientId), eq(contracts.spaceId, spaceId)))
        .orderBy(desc(contracts.startedAt), desc(contracts.createdAt), desc(contracts.id))
        .limit(1);
      return row;
    },

    /** The link `linkId` with its contact and client, when the client belongs to the space; else undefined. */
    async findLink(spaceId: string, linkId: string) {
      const [row] = await db
        .select({ link: clientContacts, contact: contacts, client: clients })
        .from(clientContacts)
        .innerJoin(contacts, eq(contacts.id, clientContacts.contactId))
        .innerJoin(clients, eq(clients.id, clientContacts.clientId))
        .where(and(eq(clientContacts.id, linkId), eq(clients.spaceId, spaceId)))
        .limit(1);
      return row;
    },

    /** `true` when another contact of the client (not `exceptContactId`) has the e-mail `email` (lower case). */
    async emailTaken(clientId: string, email: string, exceptContactId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(clientContacts)
        .innerJoin(contacts, eq(contacts.id, clientContacts.contactId))
        .where(
          and(
            eq(clientContacts.clientId, clientId),
            sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
            exceptContactId ? ne(contacts.id, exceptContactId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertClient(row: {
      id: string;
      spaceId: string;
      name: string;
      company: boolean;
      at: Date;
    }): Promise<ClientRow> {
      const [inserted] = await db
        .insert(clients)
        .values({
          id: row.id,
          spaceId: row.spaceId,
          name: row.name,
          company: row.company,
          createdAt: row.at,
          updatedAt: row.at,
        })
        .returning();
      return inserted as ClientRow;
    },

    async insertContact(row: NewContact & { id: string; spaceId: string; at: Date }): Promise<ContactRow> {
      const { at, ...values } = row;
      const [inserted] = await db
        .insert(contacts)
        .values({ ...values, createdAt: at, updatedAt: at })
        .returning();
      return inserted as ContactRow;
    },

    /** Inserts several contacts and their links to one client in two statements (the first link primary when asked). */
    async insertContactsOf(
      client: { id: string; spaceId: string },
      people: NewContact[],
      options: { firstIsPrimary: boolean; at: Date },
    ): Promise<{ contact: ContactRow; link: ClientContactRow }[]> {
      if (!people.length) return [];
      const at = options.at;
      const contactRows = await db
        .insert(contacts)
        .values(people.map((p) => ({ ...p, id: newUlid(), spaceId: client.spaceId, createdAt: at, updatedAt: at })))
        .returning();
      const linkRows = await db
        .insert(clientContacts)
        .values(
          contactRows.map((c, i) => ({
            id: newUlid(),
            clientId: client.id,
            contactId: c.id,
            isPrimary: options.firstIsPrimary && i === 0,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning();
      return contactRows.map((contact, i) => ({ contact, link: linkRows[i] as ClientContactRow }));
    },

    async insertLink(row: { id: string; clientId: string; contactId: string; isPrimary: boolean; at: Date }) {
      const { at, ...values } = row;
      const [inserted] = await db
        .insert(clientContacts)
        .values({ ...values, createdAt: at, updatedAt: at })
        .returning();
      return inserted as ClientContactRow;
    },

    /**
     * Checks that client `clientId` of the space is at one of the `expected` versions (its `If-Match`) and locks its
     * row until the commit; the first write of an edit's transaction. Throws 412 `edit_conflict` (platform/db/versions).
     */
    claimVersion(spaceId: string, clientId: string, expected: ExpectedVersions): Promise<void> {
      return claimVersion(db, clients, spaceId, clientId, expected);
    },

    /** Updates the client's name and kind (when given) and bumps its `updated_at` (and, by trigger, its `version`). */
    async updateClient(
      spaceId: string,
      clientId: string,
      values: { name?: string; company?: boolean | undefined; at: Date },
    ) {
      const [row] = await db
        .update(clients)
        .set({
          ...(values.name === undefined ? {} : { name: values.name }),
          ...(values.company === undefined ? {} : { company: values.company }),
          updatedAt: values.at,
        })
        .where(and(eq(clients.id, clientId), eq(clients.spaceId, spaceId)))
        .returning();
      return row as ClientRow;
    },

    async updateContact(spaceId: string, contactId: string, values: NewContact & { at: Date }) {
      const { at, ...fields } = values;
      const [row] = await db
        .update(contacts)
        .set({ ...fields, updatedAt: at })
        .where(and(eq(contacts.id, contactId), eq(contacts.spaceId, spaceId)))
        .returning();
      return row as ContactRow;
    },

    /** Makes `linkId` the client's only primary link (the previous primary becomes an alternative one). */
    async setPrimary(clientId: string, linkId: string, at: Date): Promise<ClientContactRow> {
      await db
        .update(clientContacts)
        .set({ isPrimary: false, updatedAt: at })
        .where(
          and(eq(clientContacts.clientId, clientId), eq(clientContacts.isPrimary, true), ne(clientContacts.id, linkId)),
        );
      const [row] = await db
        .update(clientContacts)
        .set({ isPrimary: true, updatedAt: at })
        .where(and(eq(clientContacts.id, linkId), eq(clientContacts.clientId, clientId)))
        .returning();
      return row as ClientContactRow;
    },

    /** The client's primary link, or undefined. */
    async primaryLink(clientId: string): Promise<ClientContactRow | undefined> {
      const [row] = await db
        .select()
        .from(clientContacts)
        .where(and(eq(clientContacts.clientId, clientId), eq(clientContacts.isPrimary, true)))
        .limit(1);
      return row;
    },

    /**
     * Removes the link `linkId`; the client's sites whose main contact was that contact get `replacementContactId`;
     * the contact itself is deleted when no other client or site refers to it any more.
     */
    async deleteLink(link: ClientContactRow, replacementContactId: string | null, at: Date): Promise<void> {
      const clientSites = db.select({ id: sites.id }).from(sites).where(eq(sites.clientId, link.clientId));
      if (replacementContactId) {
        await db
          .update(siteContacts)
          .set({ contactId: replacementContactId, updatedAt: at })
          .where(and(eq(siteContacts.contactId, link.contactId), inArray(siteContacts.siteId, clientSites)));
      }
      await db.delete(clientContacts).where(eq(clientContacts.id, link.id));
      await deleteOrphanContacts([link.contactId]);
    },

    /** Deletes the client of the space (its links, sites, contracts and interventions cascade) and its own contacts. */
    async deleteClient(spaceId: string, clientId: string): Promise<boolean> {
      const linked = await db
        .select({ id: clientContacts.contactId })
        .from(clientContacts)
        .where(eq(clientContacts.clientId, clientId));
      const ofSites = await db
        .select({ id: siteContacts.contactId })
        .from(siteContacts)
        .innerJoin(sites, eq(sites.id, siteContacts.siteId))
        .where(eq(sites.clientId, clientId));
      const deleted = await db
        .delete(clients)
        .where(and(eq(clients.id, clientId), eq(clients.spaceId, spaceId)))
        .returning({ id: clients.id });
      if (!deleted.length) return false;
      await deleteOrphanContacts([...new Set([...linked, ...ofSites].map((r) => r.id))]);
      return true;
    },
  };

  /** Deletes those of `contactIds` that no client and no site refers to any more. */
  async function deleteOrphanContacts(contactIds: string[]): Promise<void> {
    if (!contactIds.length) return;
    await db
      .delete(contacts)
      .where(
        and(
          inArray(contacts.id, contactIds),
          notExists(db.select({ one: sql`1` }).from(clientContacts).where(eq(clientContacts.contactId, contacts.id))),
          notExists(db.select({ one: sql`1` }).from(siteContacts).where(eq(siteContacts.contactId, contacts.id))),
        ),
      );
  }
}
/** The queries available inside a transaction. */
export type ClientsQueries = ReturnType<typeof createClientsQueries>;

/**
 * The clients repository: its queries, the list and search (prepared statements, clients-list.repository.ts), plus
 * `transaction(work)` running `work` on queries bound to one transaction.
 */
export function createClientsRepository(db: Db) {
  return {
    ...createClientsQueries(db),
    ...createClientsListQueries(db),
    /** Runs `work` in one transaction; inside it, use only the queries it is given. */
    transaction<T>(work: (tx: ClientsQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createClientsQueries(tx as unknown as Db)));
    },
  };
}
export type ClientsRepository = ReturnType<typeof createClientsRepository>;
