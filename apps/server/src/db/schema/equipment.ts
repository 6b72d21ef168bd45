/**
 * Connected equipment and its telemetry (issue 5; SPEC §3 "Equipment"): gateways and stations of a site, their
 * installation pictures, the station readings (time series), the alerts the rules open and close, the
 * synchronisation log of the uplinks, and each PCO space's alert thresholds.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { timestamps, tz, ulidPk, ulidRef } from './columns.js';
import { sites } from './sites.js';
import { spaces } from './spaces.js';

/** A gateway (`kind` gateway) or a station (igs, ags) installed on a site. */
export const equipment = pgTable(
  'equipment',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** A station's gateway (same site), or null. */
    gatewayId: ulidRef('gateway_id').references((): AnyPgColumn => equipment.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['gateway', 'igs', 'ags'] }).notNull(),
    reference: text('reference').notNull(),
    /** Unique across the platform. */
    serialNumber: text('serial_number').notNull(),
    trapType: text('trap_type'),
    treatmentType: text('treatment_type'),
    /** 0 init, 1 operational, 2 warning, 3 error. */
    state: smallint('state').notNull().default(0),
    /** 0 natural ground, 1 masonry (stations). */
    masonry: smallint('masonry'),
    installedAt: tz('installed_at'),
    firmwareVersion: text('firmware_version'),
    latitude: numeric('latitude', { precision: 12, scale: 9 }),
    longitude: numeric('longitude', { precision: 12, scale: 9 }),
    /** dBm. */
    signalLevel: smallint('signal_level'),
    batteryLevel: text('battery_level'),
    batteryPercent: smallint('battery_percent'),
    /** Time of the last uplink or reading of this equipment. */
    lastUpdateAt: tz('last_update_at'),
    /** Opening time of the oldest open alert, or null (maintained by the alerts module). */
    alertSince: tz('alert_since'),
    /** Gateways: SHA-256 (hex) of the device credential's secret; null for stations. */
    credentialHash: text('credential_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_serial_unique').on(t.serialNumber),
    index('equipment_site_idx').on(t.siteId),
    index('equipment_gateway_idx').on(t.gatewayId),
    // GET /api/equipment: the space's equipment by reference (case-insensitive), then id
    index('equipment_space_reference_idx').on(t.spaceId, sql`lower(${t.reference})`, t.id),
  ],
);
export type EquipmentRow = typeof equipment.$inferSelect;

/** An installation picture of a piece of equipment (WebP file `equipment/<32 hex>.webp` in the file storage). */
export const equipmentPictures = pgTable(
  'equipment_pictures',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    equipmentId: ulidRef('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('equipment_pictures_equipment_idx').on(t.equipmentId),
    uniqueIndex('equipment_pictures_file_unique').on(t.file),
  ],
);

/**
 * One reading of a station. The key (station, measured_at) makes ingestion idempotent and serves per-station time
 * ranges straight from the primary-key index.
 *
 * In the database the table is partitioned by month of `measured_at` (UTC), `PARTITION BY RANGE`, with partitions
 * `readings_pYYYYMM` made ahead by the partition job and a `readings_default` partition so that an insert never fails
 * (the `readings_partitions` migration, docs/decisions/025). Drizzle knows it as a plain table: queries are the same.
 */
export const readings = pgTable(
  'readings',
  {
    equipmentId: ulidRef('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    measuredAt: tz('measured_at').notNull(),
    /** 0–100. */
    termiteActivity: smallint('termite_activity').notNull(),
    /** Percent, 0–100. */
    baitConsumption: smallint('bait_consumption').notNull(),
    batteryLevel: text('battery_level').notNull(),
    batteryPercent: smallint('battery_percent'),
    /** dBm. */
    signalLevel: smallint('signal_level').notNull(),
    state: smallint('state').notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'readings_pkey', columns: [t.equipmentId, t.measuredAt] })],
);
export type ReadingRow = typeof readings.$inferSelect;

/**
 * The running daily aggregate of a station's readings that the colony rule's sustained-consumption test reads
 * (docs/decisions/025): per station and UTC calendar day, its highest bait consumption (percent) and its latest
 * `measured_at`. The uplink keeps it in step in the same statement that inserts its readings (an upsert of the
 * accepted rows only), so the rule reads `bait_consumption_days + 1` rows a station instead of the readings' window.
 */
export const readingDays = pgTable(
  'reading_days',
  {
    equipmentId: ulidRef('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    /** UTC calendar day of the readings. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Highest `bait_consumption` of the day, percent. */
    maxConsumption: smallint('max_consumption').notNull(),
    /** Latest `measured_at` of the day. */
    lastMeasuredAt: tz('last_measured_at').notNull(),
  },
  (t) => [primaryKey({ name: 'reading_days_pkey', columns: [t.equipmentId, t.day] })],
);

/**
 * An alert, open (`closed_at` null) or closed. At most one open alert per (site, equipment, type): the partial unique
 * index enforces "opens once"; a site-level alert (colony) has no equipment.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    equipmentId: ulidRef('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: integer('priority').notNull(),
    openedAt: tz('opened_at').notNull(),
    closedAt: tz('closed_at'),
    closeReason: text('close_reason', { enum: ['cleared', 'acknowledged'] }),
    acknowledgedBy: ulidRef('acknowledged_by').references(() => memberships.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    /**
     * When the space's owner was e-mailed that this alert missed its response target (docs/decisions/019); set
     * once, by the conditional update that claims the mail.
     */
    overdueNotifiedAt: tz('overdue_notified_at'),
  },
  (t) => [
    uniqueIndex('alerts_open_unique')
      .on(t.siteId, sql`coalesce(${t.equipmentId}, '')`, t.type)
      .where(sql`${t.closedAt} is null`),
    index('alerts_site_opened_idx').on(t.siteId, t.openedAt),
    index('alerts_equipment_idx').on(t.equipmentId),
    // GET /api/alerts: the space's alerts, newest first (scanned backwards)
    index('alerts_space_opened_idx').on(t.spaceId, t.openedAt, t.id),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/** One uplink as received: the site's synchronisation log. */
export const syncLogs = pgTable(
  'sync_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    gatewayId: ulidRef('gateway_id').references(() => equipment.id, { onDelete: 'set null' }),
    transport: text('transport', { enum: ['http', 'mqtt'] }).notNull(),
    receivedAt: tz('received_at').notNull(),
    accepted: integer('accepted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    errors: jsonb('errors').notNull().default([]),
  },
  (t) => [
    index('sync_logs_site_received_idx').on(t.siteId, t.receivedAt),
    index('sync_logs_gateway_idx').on(t.gatewayId),
  ],
);

/** The alert thresholds of a PCO space (defaults: `DEFAULT_ALERT_SETTINGS` of the contract when no row). */
export const alertSettings = pgTable('alert_settings', {
  spaceId: ulidRef('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  termiteActivityThreshold: smallint('termite_activity_threshold').notNull(),
  colonyStationCount: smallint('colony_station_count').notNull(),
  baitConsumptionThreshold: smallint('bait_consumption_threshold').notNull(),
  baitConsumptionDays: smallint('bait_consumption_days').notNull(),
  weakSignalDbm: smallint('weak_signal_dbm').notNull(),
  expectedUplinkHours: smallint('expected_uplink_hours').notNull(),
  ...timestamps(),
});
