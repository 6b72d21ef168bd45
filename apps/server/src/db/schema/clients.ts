/** Clients of a PCO, their contacts and the client↔contact links (SPEC §3 "Client", "Contact"). */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedNameColumn, timestamps, ulidPk, ulidRef, versionColumn } from './columns.js';
import { spaces } from './spaces.js';

/**
 * Latin letters with diacritics and their base letter, for the name filters that still fold in SQL with `translate`
 * (users, spaces); clients and sites use {@link foldedNameColumn}.
 */
const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįñńňòóôõöōőŕřśšşťùúûüūůűųýÿźżž';
export const NAME_FOLD_FROM = ACCENTED + ACCENTED.toUpperCase();
/** The base letter of each letter of {@link NAME_FOLD_FROM}, at the same position. */
export const NAME_FOLD_TO = Array.from(NAME_FOLD_FROM, (c) =>
  c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
).join('');

export const clients = pgTable(
  'clients',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `name` lower-cased and unaccented (`fold_name`): what the name filter and search match, trigram-indexed. */
    nameFolded: foldedNameColumn(),
    /** true: a commercial company; false: a private individual. */
    company: boolean('company').notNull().default(true),
    version: versionColumn(),
    ...timestamps(),
  },
  (t) => [
    // Serves the name order of lists and searches (ICU root collation, the id breaking ties) without a sort.
    index('clients_space_name_icu_idx').on(t.spaceId, sql`${t.name} collate "und-x-icu"`, t.id),
    // Serves `order[updated_at]` and its keyset pages.
    index('clients_space_updated_idx').on(t.spaceId, t.updatedAt, t.id),
    // "Contains" filters on the folded name (`like '%…%'`), any tenant: the space is checked on the rows found.
    index('clients_name_trgm_idx').using('gin', t.nameFolded.op('gin_trgm_ops')),
  ],
);
export type ClientRow = typeof clients.$inferSelect;

export const contacts = pgTable(
  'contacts',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [index('contacts_space_idx').on(t.spaceId)],
);
export type ContactRow = typeof contacts.$inferSelect;

/** The link of a contact to a client; exactly one link per client is primary (the main contact). */
export const clientContacts = pgTable(
  'client_contacts',
  {
    id: ulidPk(),
    clientId: ulidRef('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    contactId: ulidRef('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('client_contacts_pair_unique').on(t.clientId, t.contactId),
    uniqueIndex('client_contacts_primary_unique').on(t.clientId).where(sql`${t.isPrimary}`),
    index('client_contacts_contact_idx').on(t.contactId),
  ],
);
export type ClientContactRow = typeof clientContacts.$inferSelect;
