/**
 * The database side of client imports (docs/decisions/012): the import rows (the file's bytes read only where needed),
 * the space's existing clients as duplicate keys, the writes of one batch, and undo. Every query is scoped to a space.
 */
import type { ImportRowValues } from '@isoptera/contracts';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import {
  type ClientImportRow,
  clientContacts,
  clientImportRecords,
  clientImports,
  clients,
  contacts,
  siteContacts,
  sites,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';

/** An import without its file. */
export type ImportMeta = Omit<ClientImportRow, 'file'>;

/** Every column of an import but its file. */
const { file: _file, ...metaColumns } = getTableColumns(clientImports);

/** A duplicate key's target: the client and the contact a row would update. */
export interface DuplicateTarget {
  clientId: string;
  contactId: string | null;
}

/** The space's duplicate keys: lower-cased client name, lower-cased e-mail, phone digits. */
export interface DuplicateKeys {
  names: Map<string, DuplicateTarget>;
  emails: Map<string, DuplicateTarget>;
  phones: Map<string, DuplicateTarget>;
}

/** Normalised keys of a row: client name and e-mail lower-cased, phone reduced to its digits. */
export const nameKey = (name: string) => name.trim().toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();
export const phoneKey = (phone: string) => phone.replace(/\D/g, '');

/** One row of a batch, decided: create, or update the target. */
export type BatchRow =
  | { kind: 'create'; values: ImportRowValues }
  | { kind: 'update'; values: ImportRowValues; target: DuplicateTarget };

export function createClientImportsRepository(db: Db) {
  return {
    async insert(values: typeof clientImports.$inferInsert): Promise<void> {
      await db.insert(clientImports).values(values);
    },

    /** The import `id` of the space, without its file, or undefined. */
    async find(spaceId: string, id: string): Promise<ImportMeta | undefined> {
      const [row] = await db
        .select(metaColumns)
        .from(clientImports)
        .where(and(eq(clientImports.id, id), eq(clientImports.spaceId, spaceId)))
        .limit(1);
      return row;
    },

    /** The import `id` (any space: the job), without its file. */
    async findById(id: string): Promise<ImportMeta | undefined> {
      const [row] = await db.select(metaColumns).from(clientImports).where(eq(clientImports.id, id)).limit(1);
      return row;
    },

    /** The bytes of the import's file. */
    async fileOf(id: string): Promise<Buffer> {
      const [row] = await db
        .select({ file: clientImports.file })
        .from(clientImports)
        .where(eq(clientImports.id, id))
        .limit(1);
      return row?.file ?? Buffer.alloc(0);
    },

    /** The 20 latest imports of the space. */
    latest(spaceId: string): Promise<ImportMeta[]> {
      return db
        .select(metaColumns)
        .from(clientImports)
        .where(eq(clientImports.spaceId, spaceId))
        .orderBy(desc(clientImports.createdAt), desc(clientImports.id))
        .limit(20);
    },

    async update(id: string, values: Partial<typeof clientImports.$inferInsert>): Promise<void> {
      await db
        .update(clientImports)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(clientImports.id, id));
    },

    /** Sets `values` only while the import has `status`; `true` when it did (a guard against two starts). */
    async moveFrom(id: string, status: string, values: Partial<typeof clientImports.$inferInsert>): Promise<boolean> {
      const moved = await db
        .update(clientImports)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(clientImports.id, id), eq(clientImports.status, status)))
        .returning({ id: clientImports.id });
      return moved.length > 0;
    },

    /** The duplicate keys of the space's clients (name → primary contact; e-mail, phone → that contact). */
    async duplicateKeys(spaceId: string): Promise<DuplicateKeys> {
      const keys: DuplicateKeys = { names: new Map(), emails: new Map(), phones: new Map() };
      const rows = await db
        .select({
          clientId: clients.id,
          name: clients.name,
          contactId: contacts.id,
          email: contacts.email,
          phone: contacts.phone,
          isPrimary: clientContacts.isPrimary,
        })
        .from(clients)
        .leftJoin(clientContacts, eq(clientContacts.clientId, clients.id))
        .leftJoin(contacts, eq(contacts.id, clientContacts.contactId))
        .where(eq(clients.spaceId, spaceId));
      for (const row of rows) {
        const name = nameKey(row.name);
        const current = keys.names.get(name);
        if (!current || (row.isPrimary && current.clientId === row.clientId)) {
          if (!current || current.clientId === row.clientId)
            keys.names.set(name, { clientId: row.clientId, contactId: row.contactId });
        }
        if (row.contactId && row.email && !keys.emails.has(emailKey(row.email)))
          keys.emails.set(emailKey(row.email), { clientId: row.clientId, contactId: row.contactId });
        if (row.contactId && row.phone && !keys.phones.has(phoneKey(row.phone)))
          keys.phones.set(phoneKey(row.phone), { clientId: row.clientId, contactId: row.contactId });
      }
      return keys;
    },

    /**
     * Writes one batch in one transaction, with the import's progress: creates or updates each row's client and
     * contact (and its site), records what it wrote for undo, then sets `progress` on the import. Answers the
     * targets of the created rows, in order (`null` for updates), so later rows can find them as duplicates.
     */
    writeBatch(
      job: { importId: string; spaceId: string; referentId: string | null },
      rows: BatchRow[],
      progress: Partial<typeof clientImports.$inferInsert>,
    ): Promise<(DuplicateTarget | null)[]> {
      return db.transaction(async (tx) => {
        const at = new Date();
        const records: (typeof clientImportRecords.$inferInsert)[] = [];
        const record = (kind: string, entityId: string, action: string, before?: Record<string, unknown>) =>
          records.push({ id: newUlid(), importId: job.importId, kind, entityId, action, stampedAt: at, before });
        const created: (DuplicateTarget | null)[] = [];
        const newClients: (typeof clients.$inferInsert)[] = [];
        const newContacts: (typeof contacts.$inferInsert)[] = [];
        const newLinks: (typeof clientContacts.$inferInsert)[] = [];
        const newSites: (typeof sites.$inferInsert)[] = [];
        const newSiteLinks: (typeof siteContacts.$inferInsert)[] = [];
        const siteOf = (clientId: string, contactId: string, site: NonNullable<ImportRowValues['site']>) => {
          const siteId = newUlid();
          newSites.push({
            id: siteId,
            spaceId: job.spaceId,
            clientId,
            name: site.name,
            addressLabel: site.address.label,
            street: site.address.street ?? null,
            postalCode: site.address.postal_code ?? null,
            city: site.address.city ?? null,
            country: site.address.country ?? null,
            latitude: site.address.latitude,
            longitude: site.address.longitude,
            area: site.area,
            referentId: job.referentId,
            createdAt: at,
            updatedAt: at,
          });
          newSiteLinks.push({ id: newUlid(), siteId, contactId, createdAt: at, updatedAt: at });
          record('site', siteId, 'created');
        };
        for (const row of rows) {
          const { client, contact, site } = row.values;
          if (row.kind === 'create') {
            const clientId = newUlid();
            const contactId = newUlid();
            newClients.push({
              id: clientId,
              spaceId: job.spaceId,
              name: client.name,
              company: client.company,
              createdAt: at,
              updatedAt: at,
            });
            newContacts.push({ ...contact, id: contactId, spaceId: job.spaceId, createdAt: at, updatedAt: at });
            newLinks.push({ id: newUlid(), clientId, contactId, isPrimary: true, createdAt: at, updatedAt: at });
            record('client', clientId, 'created');
            record('contact', contactId, 'created');
            if (site) siteOf(clientId, contactId, site);
            created.push({ clientId, contactId });
            continue;
          }
          const { clientId, contactId } = row.target;
          const [before] = await tx
            .select({ name: clients.name, company: clients.company })
            .from(clients)
            .where(and(eq(clients.id, clientId), eq(clients.spaceId, job.spaceId)));
          if (!before) {
            created.push(null);
            continue;
          }
          await tx
            .update(clients)
            .set({ name: client.name, company: client.company, updatedAt: at })
            .where(eq(clients.id, clientId));
          record('client', clientId, 'updated', before);
          let linkedContact = contactId;
          if (contactId) {
            const [old] = await tx
              .select({
                firstname: contacts.firstname,
                lastname: contacts.lastname,
                phone: contacts.phone,
                email: contacts.email,
                title: contacts.title,
                notes: contacts.notes,
              })
              .from(contacts)
              .where(eq(contacts.id, contactId));
            if (old) {
              await tx
                .update(contacts)
                .set({ ...contact, updatedAt: at })
                .where(eq(contacts.id, contactId));
              record('contact', contactId, 'updated', old);
            } else linkedContact = null;
          }
          if (!linkedContact) {
            linkedContact = newUlid();
            newContacts.push({ ...contact, id: linkedContact, spaceId: job.spaceId, createdAt: at, updatedAt: at });
            newLinks.push({
              id: newUlid(),
              clientId,
              contactId: linkedContact,
              isPrimary: false,
              createdAt: at,
              updatedAt: at,
            });
            record('contact', linkedContact, 'created');
          }
          if (site) siteOf(clientId, linkedContact, site);
          created.push(null);
        }
        if (newClients.length) await tx.insert(clients).values(newClients);
        if (newContacts.length) await tx.insert(contacts).values(newContacts);
        if (newLinks.length) await tx.insert(clientContacts).values(newLinks);
        if (newSites.length) await tx.insert(sites).values(newSites);
        if (newSiteLinks.length) await tx.insert(siteContacts).values(newSiteLinks);
        if (records.length) await tx.insert(clientImportRecords).values(records);
        await tx
          .update(clientImports)
          .set({ ...progress, updatedAt: at })
          .where(eq(clientImports.id, job.importId));
        return created;
      });
    },

    /**
     * Undoes the import `importId`: deletes the sites, contacts and clients it created and restores the clients and
     * contacts it updated, each only while its `updated_at` is still the one the import left. A created client
     * whose contact or site changed is kept with them. Answers how many records were kept.
     */
    undo(importId: string, spaceId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const records = await tx.select().from(clientImportRecords).where(eq(clientImportRecords.importId, importId));
        const table = { client: clients, contact: contacts, site: sites } as const;
        /** `true` when the record still has the `updated_at` the import left. */
        const untouched = async (kind: keyof typeof table, id: string, at: Date) => {
          const t = table[kind];
          const [row] = await tx
            .select({ updatedAt: t.updatedAt })
            .from(t)
            .where(and(eq(t.id, id), eq(t.spaceId, spaceId)));
          return row ? row.updatedAt.getTime() === at.getTime() : null;
        };
        let kept = 0;
        const createdClients = records.filter((r) => r.kind === 'client' && r.action === 'created');
        const createdOthers = records.filter((r) => r.kind !== 'client' && r.action === 'created');
        const stillThere = new Map<string, boolean | null>();
        for (const r of records)
          stillThere.set(r.id, await untouched(r.kind as keyof typeof table, r.entityId, r.stampedAt));
        // created sites and contacts: deleted when untouched
        const deleteSites: string[] = [];
        const deleteContacts: string[] = [];
        for (const r of createdOthers) {
          const state = stillThere.get(r.id);
          if (state === null) continue;
          if (!state) {
            kept++;
            continue;
          }
          (r.kind === 'site' ? deleteSites : deleteContacts).push(r.entityId);
        }
        // a created client whose created site or contact changed stays
        const touchedClients = new Set<string>();
        if (deleteSites.length < createdOthers.filter((r) => r.kind === 'site').length) {
          const keptSites = createdOthers.filter((r) => r.kind === 'site' && stillThere.get(r.id) === false);
          if (keptSites.length) {
            const owners = await tx
              .select({ clientId: sites.clientId })
              .from(sites)
              .where(
                inArray(
                  sites.id,
                  keptSites.map((r) => r.entityId),
                ),
              );
            for (const o of owners) touchedClients.add(o.clientId);
          }
        }
        const keptContacts = createdOthers.filter((r) => r.kind === 'contact' && stillThere.get(r.id) === false);
        if (keptContacts.length) {
          const owners = await tx
            .select({ clientId: clientContacts.clientId })
            .from(clientContacts)
            .where(
              inArray(
                clientContacts.contactId,
                keptContacts.map((r) => r.entityId),
              ),
            );
          for (const o of owners) touchedClients.add(o.clientId);
        }
        const deleteClients: string[] = [];
        for (const r of createdClients) {
          const state = stillThere.get(r.id);
          if (state === null) continue;
          if (!state || touchedClients.has(r.entityId)) kept++;
          else deleteClients.push(r.entityId);
        }
        if (deleteSites.length) await tx.delete(sites).where(inArray(sites.id, deleteSites));
        if (deleteClients.length) await tx.delete(clients).where(inArray(clients.id, deleteClients));
        if (deleteContacts.length) {
          await tx.delete(clientContacts).where(inArray(clientContacts.contactId, deleteContacts));
          await tx.delete(contacts).where(inArray(contacts.id, deleteContacts));
        }
        // updated clients and contacts: their previous values back when untouched
        const at = new Date();
        for (const r of records.filter((x) => x.action === 'updated')) {
          const state = stillThere.get(r.id);
          if (state === null) continue;
          if (!state) {
            kept++;
            continue;
          }
          if (r.kind === 'client')
            await tx
              .update(clients)
              .set({ ...(r.before as object), updatedAt: at })
              .where(eq(clients.id, r.entityId));
          if (r.kind === 'contact')
            await tx
              .update(contacts)
              .set({ ...(r.before as object), updatedAt: at })
              .where(eq(contacts.id, r.entityId));
        }
        return kept;
      });
    },
  };
}
export type ClientImportsRepository = ReturnType<typeof createClientImportsRepository>;
