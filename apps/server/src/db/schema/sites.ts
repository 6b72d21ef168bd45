/** Sites of a client, their main contact and contracts (SPEC §3 "Site", "Contract"). Area in m². */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { clients, contacts } from './clients.js';
import { foldedNameColumn, timestamps, tz, ulidPk, ulidRef, versionColumn } from './columns.js';
import { spaces } from './spaces.js';

export const sites = pgTable(
  'sites',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    clientId: ulidRef('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `name` lower-cased and unaccented (`fold_name`): what the name filter and search match, trigram-indexed. */
    nameFolded: foldedNameColumn(),
    description: text('description'),
    addressLabel: text('address_label').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    /** Decimal degrees, rounded upward to 9 decimals. */
    latitude: numeric('latitude', { precision: 12, scale: 9 }),
    longitude: numeric('longitude', { precision: 12, scale: 9 }),
    /** Area in m². */
    area: numeric('area', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    referentId: ulidRef('referent_id').references(() => memberships.id, { onDelete: 'set null' }),
    notes: text('notes'),
    workType: text('work_type').notNull().default('TYPE_UNKNOWN'),
    buildingType: text('building_type').notNull().default('TYPE_NONE'),
    termiteSpecies: text('termite_species').notNull().default('undefined'),
    treatmentType: text('treatment_type').notNull().default('TYPE_PREVENTION'),
    estimatedBoxNumber: integer('estimated_box_number').notNull().default(0),
    estimatedIgsNumber: integer('estimated_igs_number').notNull().default(0),
    estimatedAgsNumber: integer('estimated_ags_number').notNull().default(0),
    desiredInstallationDate: date('desired_installation_date', { mode: 'string' }),
    status: text('status').notNull().default('STATUS_TO_ESTIMATE'),
    /** Sum of the priorities of the site's open alerts; > 0 puts the site among the alert sites. */
    prioritySum: integer('priority_sum').notNull().default(0),
    /** Type of the highest-priority open alert, or null (maintained by the alerts module). */
    mainAlertType: text('main_alert_type'),
    version: versionColumn(),
    ...timestamps(),
  },
  (t) => [
    // The list's order: sites in alert first by priority, then by name (`lower(name)`, the id breaking ties).
    index('sites_space_priority_name_idx').on(
      t.spaceId,
      t.prioritySum.desc().nullsFirst(),
      sql`lower(${t.name})`,
      t.id,
    ),
    // The search's name order (`lower(name)`, the id breaking ties).
    index('sites_space_name_idx').on(t.spaceId, sql`lower(${t.name})`, t.id),
    // "Contains" filters on the folded name (`like '%…%'`), any tenant: the space is checked on the rows found.
    index('sites_name_trgm_idx').using('gin', t.nameFolded.op('gin_trgm_ops')),
    index('sites_client_idx').on(t.clientId),
    index('sites_referent_idx').on(t.referentId),
  ],
);
export type SiteRow = typeof sites.$inferSelect;

/** The main contact of a site (one per site), chosen among the client's contacts. */
export const siteContacts = pgTable(
  'site_contacts',
  {
    id: ulidPk(),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    contactId: ulidRef('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('site_contacts_site_unique').on(t.siteId), index('site_contacts_contact_idx').on(t.contactId)],
);

/** A contract on a site (SPEC §3 "Contract"). */
export const contracts = pgTable(
  'contracts',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    clientId: ulidRef('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id').references(() => sites.id, { onDelete: 'set null' }),
    reference: text('reference').notNull(),
    /** The start of its first day in the owner's time zone. */
    startedAt: tz('started_at').notNull(),
    /** The start of its last day in the owner's time zone (the day is covered). */
    endedAt: tz('ended_at').notNull(),
    notes: text('notes'),
    /** The visit rule (`VisitRule` of the contracts package: every N weeks/months, an RRULE, N days after), or null. */
    visitRule: jsonb('visit_rule').$type<ContractVisitRule>(),
    /** Days after a due day the visit may still be done before it is overdue. */
    visitWindowDays: integer('visit_window_days').notNull().default(7),
    preferredTechnicianId: ulidRef('preferred_technician_id').references(() => memberships.id, {
      onDelete: 'set null',
    }),
    price: numeric('price', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('EUR'),
    /** `monthly`, `quarterly` or `yearly`, or null. */
    billingPeriod: text('billing_period'),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    noticePeriodDays: integer('notice_period_days').notNull().default(30),
    warrantyYears: integer('warranty_years'),
    /** When it was ended early (`POST /api/contracts/{ulid}/end`): never renewed afterwards. */
    terminatedAt: tz('terminated_at'),
    /** When the daily job let it expire (site moved to be closed): done once. */
    expiredAt: tz('expired_at'),
    version: versionColumn(),
    ...timestamps(),
  },
  (t) => [
    index('contracts_client_idx').on(t.clientId),
    index('contracts_site_idx').on(t.siteId),
    index('contracts_space_end_idx').on(t.spaceId, t.endedAt, t.id),
  ],
);
export type ContractRow = typeof contracts.$inferSelect;

/** The stored visit rule of a contract (mirrors `VisitRule` of `@isoptera/contracts`). */
export type ContractVisitRule =
  | { type: 'every'; interval: number; unit: 'weeks' | 'months' }
  | { type: 'rrule'; rrule: string }
  | { type: 'after_last_visit'; days: number };
