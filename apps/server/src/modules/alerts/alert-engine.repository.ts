/**
 * The queries of the alert engine (issue 5 "Alerts"): what the rules read (equipment, latest readings, daily bait
 * consumption, open alerts, acknowledgements, settings) and what they write (alerts opened and closed, the sites'
 * `priority_sum` / `main_alert_type` / status, the equipment's `alert_since`). Every function takes the database or
 * the transaction to run on; the engine holds the site locks that make its read-then-write safe.
 */
import { type AlertCloseReason, type AlertSettings, DEFAULT_ALERT_SETTINGS } from '@isoptera/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { accounts, alertSettings, alerts, clients, equipment, memberships, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** What the rules need to know of a piece of equipment. */
export interface EngineEquipment {
  id: string;
  siteId: string;
  kind: 'gateway' | 'igs' | 'ags';
  reference: string;
  trapType: string | null;
  batteryLevel: string | null;
  signalLevel: number | null;
  lastUpdateAt: Date | null;
  createdAt: Date;
}

/** The latest reading of a station. */
export interface LatestReading {
  equipmentId: string;
  measuredAt: Date;
  termiteActivity: number;
  baitConsumption: number;
  batteryLevel: string;
  signalLevel: number;
}

/** A station's highest bait consumption (percent) of one UTC calendar day (`YYYY-MM-DD`). */
export interface DailyConsumption {
  equipmentId: string;
  day: string;
  maxConsumption: number;
  lastMeasuredAt: Date;
}

/** An alert as the engine handles it. */
export interface EngineAlert {
  id: string;
  spaceId: string;
  siteId: string;
  equipmentId: string | null;
  type: string;
  openedAt: Date;
  details: unknown;
}

/** A new alert to insert (opened once: the partial unique index refuses a second open one). */
export interface NewAlert {
  id: string;
  spaceId: string;
  siteId: string;
  equipmentId: string | null;
  type: string;
  priority: number;
  openedAt: Date;
  details: Record<string, unknown>;
}

/** A member who gets the termite alert e-mails of a site. */
export interface AlertRecipient {
  email: string;
  lang: string;
  timezone: string;
}

const list = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** The `alerts` columns the engine reads. */
const alertColumns = {
  id: alerts.id,
  spaceId: alerts.spaceId,
  siteId: alerts.siteId,
  equipmentId: alerts.equipmentId,
  type: alerts.type,
  openedAt: alerts.openedAt,
  details: alerts.details,
};

/** The alert settings of `spaceId`, or the defaults when the space has none. */
export async function readAlertSettings(db: Db, spaceId: string): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.spaceId, spaceId));
  if (!row) return { ...DEFAULT_ALERT_SETTINGS };
  return {
    termite_activity_threshold: row.termiteActivityThreshold,
    colony_station_count: row.colonyStationCount,
    bait_consumption_threshold: row.baitConsumptionThreshold,
    bait_consumption_days: row.baitConsumptionDays,
    weak_signal_dbm: row.weakSignalDbm,
    expected_uplink_hours: row.expectedUplinkHours,
  };
}

/** Inserts or replaces the alert settings of `spaceId`. */
export async function writeAlertSettings(db: Db, spaceId: string, value: AlertSettings): Promise<void> {
  const values = {
    termiteActivityThreshold: value.termite_activity_threshold,
    colonyStationCount: value.colony_station_count,
    baitConsumptionThreshold: value.bait_consumption_threshold,
    baitConsumptionDays: value.bait_consumption_days,
    weakSignalDbm: value.weak_signal_dbm,
    expectedUplinkHours: value.expected_uplink_hours,
  };
  await db
    .insert(alertSettings)
    .values({ spaceId, ...values })
    .onConflictDoUpdate({ target: alertSettings.spaceId, set: { ...values, updatedAt: new Date() } });
}

/** The distinct sites of the equipment `ids` of `spaceId`. */
export async function sitesOfEquipment(db: Db, spaceId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ siteId: equipment.siteId })
    .from(equipment)
    .where(and(eq(equipment.spaceId, spaceId), inArray(equipment.id, [...ids])));
  return rows.map((r) => r.siteId);
}

/**
 * Locks the sites `siteIds` (`FOR NO KEY UPDATE`, in id order so that two evaluations never deadlock) and answers
 * their id and status. Holding the lock serialises the evaluations of a site: the colony rule counts the termite
 * alerts of every station of the site, which a concurrent evaluation of another station could otherwise miss. The
 * lock is the weaker row lock on purpose (docs/decisions/025): it does not conflict with the `FOR KEY SHARE` that a
 * foreign key check takes, so an uplink's `sync_logs` row (which references the site) never waits for an evaluation.
 */
export async function lockSites(tx: Db, siteIds: readonly string[]): Promise<{ id: string; status: string }[]> {
  if (!siteIds.length) return [];
  return tx
    .select({ id: sites.id, status: sites.status })
    .from(sites)
    .where(inArray(sites.id, [...siteIds]))
    .orderBy(asc(sites.id))
    .for('no key update');
}

/** The equipment `ids` of `spaceId` (unknown or foreign ids are left out). */
export async function findEquipment(db: Db, spaceId: string, ids: readonly string[]): Promise<EngineEquipment[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: equipment.id,
      siteId: equipment.siteId,
      kind: equipment.kind,
      reference: equipment.reference,
      trapType: equipment.trapType,
      batteryLevel: equipment.batteryLevel,
      signalLevel: equipment.signalLevel,
      lastUpdateAt: equipment.lastUpdateAt,
      createdAt: equipment.createdAt,
    })
    .from(equipment)
    .where(and(eq(equipment.spaceId, spaceId), inArray(equipment.id, [...ids])));
}

/** What one evaluation reads of its locked sites, see {@link readEvaluationState}. */
export interface EvaluationState {
  /** The sites locked (those of `siteIds` that exist). */
  sites: string[];
  /** The space's alert settings, or the defaults. */
  settings: AlertSettings;
  /** The evaluated equipment (of the space, on the locked sites). */
  items: EngineEquipment[];
  /** The latest reading of each evaluated station that has one. */
  latest: LatestReading[];
  /** Every station (not gateway) of the sites: the colony rule counts them all. */
  stations: { id: string; siteId: string; reference: string }[];
  /** Each station's highest bait consumption per UTC day, `bait_consumption_days` back from its latest day. */
  consumption: DailyConsumption[];
  /** The open alerts of the sites. */
  open: EngineAlert[];
  /** The latest acknowledgement time of each (site, equipment, type) of the sites. */
  acknowledgements: { siteId: string; equipmentId: string | null; type: string; at: Date }[];
}

type JsonRow = Record<string, unknown>;
const jsonRows = (value: unknown): JsonRow[] => (Array.isArray(value) ? (value as JsonRow[]) : []);
const nullableDate = (value: unknown): Date | null => (value === null || value === undefined ? null : asDate(value));

/** An equipment row (snake_case columns, from SQL or JSON) as the engine handles it. */
function engineEquipmentOf(r: JsonRow): EngineEquipment {
  return {
    id: String(r.id),
    siteId: String(r.site_id),
    kind: r.kind as EngineEquipment['kind'],
    reference: String(r.reference),
    trapType: (r.trap_type as string | null) ?? null,
    batteryLevel: (r.battery_level as string | null) ?? null,
    signalLevel: r.signal_level === null || r.signal_level === undefined ? null : Number(r.signal_level),
    lastUpdateAt: nullableDate(r.last_update_at),
    createdAt: asDate(r.created_at),
  };
}

/**
 * Locks the sites `siteIds` (`FOR NO KEY UPDATE`, in id order, so that two evaluations never deadlock) and reads,
 * after the lock is granted, everything the rules need of them for the equipment `ids` of `spaceId` — in **one round
 * trip** (the database function `alert_evaluation_state`, migration 0027; docs/decisions/025): the settings, the
 * equipment, their latest readings, the sites' stations and daily bait consumption, open alerts and acknowledgements.
 *
 * Holding the lock serialises the evaluations of a site: the colony rule counts the termite alerts of every station
 * of the site, which a concurrent evaluation of another station could otherwise miss. The lock is the weaker row
 * lock on purpose: it does not conflict with the `FOR KEY SHARE` that a foreign key check takes, so an uplink's
 * `sync_logs` row (which references the site) never waits for an evaluation. On `tx` (a transaction) the lock lasts
 * until its end; on the database itself, for the call only.
 */
export async function readEvaluationState(
  tx: Db,
  spaceId: string,
  siteIds: readonly string[],
  ids: readonly string[],
): Promise<EvaluationState> {
  const result = await tx.execute(sql`
    select alert_evaluation_state(${spaceId}, ${sql.param([...siteIds])}::bpchar[], ${sql.param([...ids])}::bpchar[],
      ${DEFAULT_ALERT_SETTINGS.bait_consumption_days}::int) as state`);
  const [{ state: row } = { state: undefined }] = rowsOf<{ state: Record<string, unknown> | undefined }>(result);
  const settings = row?.settings as JsonRow | null | undefined;
  return {
    sites: Array.isArray(row?.sites) ? (row.sites as string[]) : [],
    settings: settings
      ? {
          termite_activity_threshold: Number(settings.termite_activity_threshold),
          colony_station_count: Number(settings.colony_station_count),
          bait_consumption_threshold: Number(settings.bait_consumption_threshold),
          bait_consumption_days: Number(settings.bait_consumption_days),
          weak_signal_dbm: Number(settings.weak_signal_dbm),
          expected_uplink_hours: Number(settings.expected_uplink_hours),
        }
      : { ...DEFAULT_ALERT_SETTINGS },
    items: jsonRows(row?.items).map(engineEquipmentOf),
    latest: jsonRows(row?.latest).map((r) => ({
      equipmentId: String(r.equipment_id),
      measuredAt: asDate(r.measured_at),
      termiteActivity: Number(r.termite_activity),
      baitConsumption: Number(r.bait_consumption),
      batteryLevel: String(r.battery_level),
      signalLevel: Number(r.signal_level),
    })),
    stations: jsonRows(row?.stations).map((r) => ({
      id: String(r.id),
      siteId: String(r.site_id),
      reference: String(r.reference),
    })),
    consumption: jsonRows(row?.consumption).map((r) => ({
      equipmentId: String(r.equipment_id),
      day: String(r.day),
      maxConsumption: Number(r.max_consumption),
      lastMeasuredAt: asDate(r.last_measured_at),
    })),
    open: jsonRows(row?.open_alerts).map((r) => ({
      id: String(r.id),
      spaceId: String(r.space_id),
      siteId: String(r.site_id),
      equipmentId: (r.equipment_id as string | null) ?? null,
      type: String(r.type),
      openedAt: asDate(r.opened_at),
      details: r.details,
    })),
    acknowledgements: jsonRows(row?.acknowledgements).map((r) => ({
      siteId: String(r.site_id),
      equipmentId: (r.equipment_id as string | null) ?? null,
      type: String(r.type),
      at: asDate(r.at),
    })),
  };
}

/** The open alerts of the sites `siteIds`. */
export async function openAlertsOfSites(db: Db, siteIds: readonly string[]): Promise<EngineAlert[]> {
  if (!siteIds.length) return [];
  return db
    .select(alertColumns)
    .from(alerts)
    .where(and(inArray(alerts.siteId, [...siteIds]), isNull(alerts.closedAt)));
}

/** The latest acknowledgement time of each (site, equipment, type) of the sites `siteIds`. */
export async function lastAcknowledgements(
  db: Db,
  siteIds: readonly string[],
): Promise<{ siteId: string; equipmentId: string | null; type: string; at: Date }[]> {
  if (!siteIds.length) return [];
  const rows = await db
    .select({
      siteId: alerts.siteId,
      equipmentId: alerts.equipmentId,
      type: alerts.type,
      at: sql<unknown>`max(${alerts.closedAt})`,
    })
    .from(alerts)
    .where(and(inArray(alerts.siteId, [...siteIds]), eq(alerts.closeReason, 'acknowledged')))
    .groupBy(alerts.siteId, alerts.equipmentId, alerts.type);
  return rows.map((r) => ({ ...r, at: asDate(r.at) }));
}

/** Inserts `rows`; one that would be a second open alert of its (site, equipment, type) is skipped. Answers the inserted. */
export async function insertAlerts(db: Db, rows: readonly NewAlert[]): Promise<EngineAlert[]> {
  if (!rows.length) return [];
  return db
    .insert(alerts)
    .values([...rows])
    .onConflictDoNothing()
    .returning(alertColumns);
}

/** Closes the alerts `ids` still open at `at` with `reason` (and who acknowledged). Answers the ones it closed. */
export async function closeAlerts(
  db: Db,
  ids: readonly string[],
  at: Date,
  reason: AlertCloseReason,
  acknowledgedBy: string | null = null,
): Promise<EngineAlert[]> {
  if (!ids.length) return [];
  return db
    .update(alerts)
    .set({ closedAt: at, closeReason: reason, acknowledgedBy })
    .where(and(inArray(alerts.id, [...ids]), isNull(alerts.closedAt)))
    .returning(alertColumns);
}

/**
 * Recomputes, from their open alerts, each site's `priority_sum` (Σ priorities) and `main_alert_type` (type of the
 * highest priority, null without alert), and the `alert_since` (oldest opening) of each of their equipment. Rows that
 * already hold the right values are not rewritten.
 */
export async function refreshSiteSummaries(db: Db, siteIds: readonly string[]): Promise<void> {
  if (!siteIds.length) return;
  await db.execute(sql`
    update sites s set priority_sum = x.total, main_alert_type = x.main
    from (
      select s2.id, coalesce(sum(a.priority), 0)::int as total,
        (array_agg(a.type order by a.priority desc, a.opened_at) filter (where a.id is not null))[1] as main
      from sites s2
      left join alerts a on a.site_id = s2.id and a.closed_at is null
      where s2.id in (${list(siteIds)})
      group by s2.id
    ) x
    where s.id = x.id and (s.priority_sum <> x.total or s.main_alert_type is distinct from x.main)`);
  await db.execute(sql`
    update equipment e set alert_since = x.since
    from (
      select e2.id, min(a.opened_at) as since
      from equipment e2
      left join alerts a on a.equipment_id = e2.id and a.closed_at is null
      where e2.site_id in (${list(siteIds)})
      group by e2.id
    ) x
    where e.id = x.id and e.alert_since is distinct from x.since`);
}

/** Moves the sites `siteIds` that are `STATUS_IN_OPERATION` to `STATUS_TO_CHECK`. Answers the moved ids. */
export async function moveSitesToCheck(db: Db, siteIds: readonly string[]): Promise<string[]> {
  if (!siteIds.length) return [];
  const rows = await db
    .update(sites)
    .set({ status: 'STATUS_TO_CHECK', updatedAt: new Date() })
    .where(and(inArray(sites.id, [...siteIds]), eq(sites.status, 'STATUS_IN_OPERATION')))
    .returning({ id: sites.id });
  return rows.map((r) => r.id);
}

/**
 * The devices (gateways and connected stations) of open spaces and of sites not `STATUS_CLOSED` that have been silent
 * for twice their space's `expected_uplink_hours` at `at` (last update older than that, or never updated and created
 * before that), without an open TYPE_COMMUNICATION_ERROR. Ordered by space.
 */
export async function silentDevices(
  db: Db,
  at: Date,
): Promise<(EngineEquipment & { spaceId: string; expectedUplinkHours: number })[]> {
  const hours = sql`coalesce(st.expected_uplink_hours, ${DEFAULT_ALERT_SETTINGS.expected_uplink_hours}::int)`;
  const limit = sql`${at.toISOString()}::timestamptz - make_interval(hours => 2 * ${hours})`;
  const result = await db.execute(sql`
    select e.id, e.space_id, e.site_id, e.kind, e.reference, e.trap_type, e.battery_level, e.signal_level,
      e.last_update_at, e.created_at, ${hours} as expected_uplink_hours
    from equipment e
    join spaces sp on sp.id = e.space_id and sp.closed_at is null
    join sites si on si.id = e.site_id and si.status <> 'STATUS_CLOSED'
    left join alert_settings st on st.space_id = e.space_id
    where coalesce(e.trap_type, '') not in ('interior_not_connected', 'exterior_not_connected')
      and coalesce(e.last_update_at, e.created_at) < ${limit}
      and not exists (
        select 1 from alerts a
        where a.equipment_id = e.id and a.type = 'TYPE_COMMUNICATION_ERROR' and a.closed_at is null
      )
    order by e.space_id, e.site_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    ...engineEquipmentOf(r),
    spaceId: String(r.space_id),
    expectedUplinkHours: Number(r.expected_uplink_hours),
  }));
}

/** Site name and client name of the sites `siteIds`, for the e-mails. */
export async function sitePlaces(
  db: Db,
  siteIds: readonly string[],
): Promise<{ id: string; name: string; clientName: string; referentId: string | null }[]> {
  if (!siteIds.length) return [];
  return db
    .select({ id: sites.id, name: sites.name, clientName: clients.name, referentId: sites.referentId })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(inArray(sites.id, [...siteIds]));
}

/**
 * The active members of `spaceId` with `mail_notification` on who are the site's referent (`referentId`) or an owner
 * or manager of the space.
 */
export async function alertRecipients(db: Db, spaceId: string, referentId: string | null): Promise<AlertRecipient[]> {
  const byRole = inArray(memberships.role, ['ROLE_PCO_SPACE_OWNER', 'ROLE_PCO_SPACE_MANAGER']);
  return db
    .select({ email: accounts.email, lang: accounts.lang, timezone: accounts.timezone })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.spaceId, spaceId),
        eq(memberships.status, 'active'),
        eq(accounts.mailNotification, true),
        referentId ? sql`(${byRole} or ${memberships.id} = ${referentId})` : byRole,
      ),
    )
    .orderBy(asc(accounts.email));
}
