/**
 * The database side of automatic reports (docs/decisions/018): the schedule (the PCO's row and the sites' overrides),
 * the sites whose schedule is on, and what a report shows, read for a batch of sites of one space at once (one
 * statement per kind of content, so that the monthly run over 10 000 sites stays a few hundred statements). Every
 * query is scoped to a space or to sites read from one.
 */
import {
  type AutomaticReportSettings,
  DEFAULT_AUTOMATIC_REPORT_SETTINGS,
  LANGUAGES,
  type Language,
} from '@isoptera/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type AutomaticReportSettingsRow, automaticReportSettings, reports, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';
import { respondedAtSql } from '../alerts/response-clock.js';
import type { AutomaticReportData } from './automatic-report-data.js';

/** Rows of a raw statement (both drivers answer `{rows}`). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp as the drivers give it (a Date, or a string inside JSON) as a Date; null stays null. */
export const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** The stored schedule of a row (snake-case JSON of the row, or the row itself) as the contract's settings. */
export function settingsOfRow(row: {
  frequency: string;
  weekday: number;
  month_day?: number | null;
  monthDay?: number | null;
  hour: number;
  delivery: string;
  primary_contact?: boolean;
  primaryContact?: boolean;
  recipients: string[];
  all_clear?: boolean;
  allClear?: boolean;
}): AutomaticReportSettings {
  const monthDay = row.month_day !== undefined ? row.month_day : row.monthDay;
  return {
    frequency: row.frequency as AutomaticReportSettings['frequency'],
    weekday: row.weekday,
    month_day: monthDay ?? 'last',
    hour: row.hour,
    delivery: row.delivery as AutomaticReportSettings['delivery'],
    primary_contact: (row.primary_contact ?? row.primaryContact) !== false,
    recipients: row.recipients ?? [],
    all_clear: (row.all_clear ?? row.allClear) !== false,
  };
}

const valuesOf = (settings: AutomaticReportSettings) => ({
  frequency: settings.frequency,
  weekday: settings.weekday,
  monthDay: settings.month_day === 'last' ? null : settings.month_day,
  hour: settings.hour,
  delivery: settings.delivery,
  primaryContact: settings.primary_contact,
  recipients: [...new Set(settings.recipients)],
  allClear: settings.all_clear,
});

/** A site whose schedule is on, with what the job needs to know about it and its space. */
export interface ScheduledSite {
  siteId: string;
  spaceId: string;
  clientId: string;
  timezone: string;
  lang: Language;
  ownerMembershipId: string;
  ownerAccountId: string;
  settings: AutomaticReportSettings;
}

interface ScheduledRow {
  site_id: string;
  space_id: string;
  client_id: string;
  timezone: string;
  lang: string;
  membership_id: string;
  account_id: string;
  settings: Parameters<typeof settingsOfRow>[0];
}

const languageOf = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'fr';

/** A site and the period of one report, as the batched content queries take them. */
export interface SitePeriod {
  siteId: string;
  periodStart: Date;
  periodEnd: Date;
}

/** The batch as JSON for `json_to_recordset(…) as b(site_id, ps, pe)`. */
const batchJson = (batch: readonly SitePeriod[]) =>
  JSON.stringify(
    batch.map((b) => ({ site_id: b.siteId, ps: b.periodStart.toISOString(), pe: b.periodEnd.toISOString() })),
  );

export interface StationRow {
  site_id: string;
  id: string;
  reference: string;
  kind: 'gateway' | 'igs' | 'ags';
  state: number;
  battery_level: string | null;
  battery_percent: number | null;
  signal_level: number | null;
  last_update_at: Date | string | null;
}

export interface AlertRowOfPeriod {
  site_id: string;
  batch_start: Date | string;
  type: string;
  reference: string | null;
  opened_at: Date | string;
  closed_at: Date | string | null;
  close_reason: string | null;
  responded_at: Date | string | null;
}

export interface VisitRow {
  site_id: string;
  batch_start: Date | string;
  type: string;
  visit_started_at: Date | string;
  visit_ended_at: Date | string;
  technician_name: string | null;
}

export interface ActivityRow {
  site_id: string;
  batch_start: Date | string;
  reference: string;
  day: string;
  activity: number;
}

export function createAutomaticReportsRepository(db: Db) {
  return {
    /** The PCO's schedule of `spaceId` (the defaults until saved). */
    async pcoSettings(spaceId: string): Promise<AutomaticReportSettings> {
      const [row] = await db
        .select()
        .from(automaticReportSettings)
        .where(and(eq(automaticReportSettings.spaceId, spaceId), isNull(automaticReportSettings.siteId)));
      return row ? settingsOfRow(row) : { ...DEFAULT_AUTOMATIC_REPORT_SETTINGS };
    },

    /** Saves the PCO's schedule of `spaceId` (insert or replace). */
    async writePcoSettings(spaceId: string, settings: AutomaticReportSettings): Promise<void> {
      const values = { ...valuesOf(settings), updatedAt: new Date() };
      const updated = await db
        .update(automaticReportSettings)
        .set(values)
        .where(and(eq(automaticReportSettings.spaceId, spaceId), isNull(automaticReportSettings.siteId)))
        .returning({ id: automaticReportSettings.id });
      if (updated.length) return;
      await db
        .insert(automaticReportSettings)
        .values({ id: newUlid(), spaceId, siteId: null, ...values })
        .onConflictDoUpdate({
          target: automaticReportSettings.spaceId,
          targetWhere: sql`${automaticReportSettings.siteId} is null`,
          set: values,
        });
    },

    /** Whether site `siteId` belongs to `spaceId`. */
    async siteExists(spaceId: string, siteId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      return Boolean(row);
    },

    /** The site's own schedule, or null when it follows the PCO's. */
    async siteSettings(spaceId: string, siteId: string): Promise<AutomaticReportSettings | null> {
      const [row]: AutomaticReportSettingsRow[] = await db
        .select()
        .from(automaticReportSettings)
        .where(and(eq(automaticReportSettings.spaceId, spaceId), eq(automaticReportSettings.siteId, siteId)));
      return row ? settingsOfRow(row) : null;
    },

    /** Gives the site its own schedule (`settings`) or, with null, puts it back on the PCO's. */
    async writeSiteSettings(spaceId: string, siteId: string, settings: AutomaticReportSettings | null): Promise<void> {
      if (!settings) {
        await db
          .delete(automaticReportSettings)
          .where(and(eq(automaticReportSettings.spaceId, spaceId), eq(automaticReportSettings.siteId, siteId)));
        return;
      }
      const values = { ...valuesOf(settings), updatedAt: new Date() };
      await db
        .insert(automaticReportSettings)
        .values({ id: newUlid(), spaceId, siteId, ...values })
        .onConflictDoUpdate({ target: automaticReportSettings.siteId, set: values });
    },

    /**
     * The sites whose schedule (their own, else their PCO's) is on, of open PCO spaces with an active owner, except
     * closed sites; `siteIds` narrows to those sites (the event reports), `spaceId` to one space. The owner's zone and language are the
     * space's.
     */
    async scheduledSites(filter: { siteIds?: readonly string[]; spaceId?: string } = {}): Promise<ScheduledSite[]> {
      const { siteIds, spaceId } = filter;
      const onlySites = siteIds
        ? sql`and s.id in (select value from json_array_elements_text(${JSON.stringify(siteIds)}::json))`
        : sql``;
      const only = spaceId ? sql`${onlySites} and s.space_id = ${spaceId}` : onlySites;
      const rows = await rowsOf<ScheduledRow>(
        db,
        sql`
        with owners as (
          select distinct on (m.space_id) m.space_id, m.id as membership_id, a.id as account_id, a.timezone, a.lang
          from memberships m
          join accounts a on a.id = m.account_id
          join spaces sp on sp.id = m.space_id and sp.type = 'pco' and sp.closed_at is null
          where m.role = 'ROLE_PCO_SPACE_OWNER' and m.status = 'active'
          order by m.space_id, m.created_at, m.id
        )
        select s.id as site_id, s.space_id, s.client_id, o.timezone, o.lang, o.membership_id, o.account_id,
               coalesce(to_jsonb(own), to_jsonb(pco)) as settings
        from sites s
        join owners o on o.space_id = s.space_id
        left join automatic_report_settings own on own.site_id = s.id
        left join automatic_report_settings pco on pco.space_id = s.space_id and pco.site_id is null
        where coalesce(own.frequency, pco.frequency, 'off') <> 'off' and s.status <> 'STATUS_CLOSED' ${only}
        order by s.space_id, s.id`,
      );
      return rows.map((row) => ({
        siteId: row.site_id,
        spaceId: row.space_id,
        clientId: row.client_id,
        timezone: row.timezone,
        lang: languageOf(row.lang),
        ownerMembershipId: row.membership_id,
        ownerAccountId: row.account_id,
        settings: settingsOfRow(row.settings),
      }));
    },

    /** Of `batch`, the sites whose periodic report of that period already exists. */
    async periodicDone(batch: readonly SitePeriod[]): Promise<Set<string>> {
      if (!batch.length) return new Set();
      const rows = await rowsOf<{ site_id: string }>(
        db,
        sql`
        select b.site_id from json_to_recordset(${batchJson(batch)}::json) as b(site_id char(26), ps timestamptz, pe timestamptz)
        where exists (
          select 1 from reports r
          where r.site_id = b.site_id and r.type = 'TYPE_AUTOMATIC_REPORT' and r.automatic_kind = 'periodic'
            and r.period_start = b.ps and r.period_end = b.pe)`,
      );
      return new Set(rows.map((r) => r.site_id));
    },

    /** Every piece of equipment of the batch's sites, gateways first, then by reference. */
    stations(batch: readonly SitePeriod[]): Promise<StationRow[]> {
      return rowsOf<StationRow>(
        db,
        sql`
        select e.site_id, e.id, e.reference, e.kind, e.state, e.battery_level, e.battery_percent, e.signal_level,
               e.last_update_at
        from equipment e
        where e.site_id in (select b.site_id from json_to_recordset(${batchJson(batch)}::json) as b(site_id char(26)))
        order by e.site_id, (e.kind = 'gateway') desc, lower(e.reference), e.id`,
      );
    },

    /**
     * The alerts opened or closed within each site's period, with when they were answered: the response clock's
     * definition (alerts/response-clock.ts — the first visit check-in on the site after the opening and before the
     * closing, or the acknowledgement, whichever came first).
     */
    alerts(batch: readonly SitePeriod[]): Promise<AlertRowOfPeriod[]> {
      return rowsOf<AlertRowOfPeriod>(
        db,
        sql`
        select "alerts".site_id, b.ps as batch_start, "alerts".type, e.reference, "alerts".opened_at,
               "alerts".closed_at, "alerts".close_reason, ${respondedAtSql} as responded_at
        from json_to_recordset(${batchJson(batch)}::json) as b(site_id char(26), ps timestamptz, pe timestamptz)
        join alerts on "alerts".site_id = b.site_id
          and (("alerts".opened_at >= b.ps and "alerts".opened_at < b.pe)
            or ("alerts".closed_at >= b.ps and "alerts".closed_at < b.pe))
        left join equipment e on e.id = "alerts".equipment_id
        order by "alerts".site_id, "alerts".opened_at, "alerts".id`,
      );
    },

    /** The visits recorded (reports of visits, not in progress) that ended within each site's period. */
    visits(batch: readonly SitePeriod[]): Promise<VisitRow[]> {
      return rowsOf<VisitRow>(
        db,
        sql`
        select r.site_id, b.ps as batch_start, r.type, r.visit_started_at, r.visit_ended_at, r.technician_name
        from json_to_recordset(${batchJson(batch)}::json) as b(site_id char(26), ps timestamptz, pe timestamptz)
        join reports r on r.site_id = b.site_id and r.type <> 'TYPE_AUTOMATIC_REPORT' and r.status <> 'in_progress'
          and r.visit_ended_at >= b.ps and r.visit_ended_at < b.pe
        order by r.site_id, r.visit_ended_at, r.id`,
      );
    },

    /** The highest termite activity of each station per local day (in `timeZone`) within each site's period. */
    activity(batch: readonly SitePeriod[], timeZone: string): Promise<ActivityRow[]> {
      return rowsOf<ActivityRow>(
        db,
        sql`
        select e.site_id, b.ps as batch_start, e.reference,
               to_char(rd.measured_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               max(rd.termite_activity)::int as activity
        from json_to_recordset(${batchJson(batch)}::json) as b(site_id char(26), ps timestamptz, pe timestamptz)
        join equipment e on e.site_id = b.site_id and e.kind <> 'gateway'
        join readings rd on rd.equipment_id = e.id and rd.measured_at >= b.ps and rd.measured_at < b.pe
        group by e.site_id, b.ps, e.reference, day
        order by e.site_id, e.reference, day`,
      );
    },

    /** The e-mail of each client's primary contact. */
    async primaryEmails(clientIds: readonly string[]): Promise<Map<string, string>> {
      if (!clientIds.length) return new Map();
      const rows = await rowsOf<{ client_id: string; email: string }>(
        db,
        sql`
        select cc.client_id, c.email from client_contacts cc join contacts c on c.id = cc.contact_id
        where cc.is_primary and cc.client_id in (select value from json_array_elements_text(${JSON.stringify(clientIds)}::json))`,
      );
      return new Map(rows.map((r) => [r.client_id, r.email]));
    },
  };
}
export type AutomaticReportsRepository = ReturnType<typeof createAutomaticReportsRepository>;

/** One automatic report to insert (to process), with its period and data. */
export interface AutomaticReportInsert {
  spaceId: string;
  siteId: string;
  clientId: string;
  language: Language;
  periodStart: Date;
  periodEnd: Date;
  /** The report's `visit_ended_at`: when it was built. */
  visitEnd: Date;
  data: AutomaticReportData;
}

/**
 * Inserts the reports once per key (site, type, kind, period start, period end): `on conflict do nothing`, so a
 * retried or concurrent run inserts nothing twice. Answers the rows this call inserted.
 */
export async function insertAutomaticReports(
  tx: Db,
  rows: readonly AutomaticReportInsert[],
): Promise<{ id: string; siteId: string }[]> {
  if (!rows.length) return [];
  return tx
    .insert(reports)
    .values(
      rows.map((row) => ({
        id: newUlid(),
        spaceId: row.spaceId,
        siteId: row.siteId,
        clientId: row.clientId,
        type: 'TYPE_AUTOMATIC_REPORT',
        status: 'to_process',
        visitStartedAt: row.periodStart,
        visitEndedAt: row.visitEnd,
        language: row.language,
        automaticKind: row.data.kind,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        automaticData: row.data,
      })),
    )
    .onConflictDoNothing({
      target: [reports.siteId, reports.type, reports.automaticKind, reports.periodStart, reports.periodEnd],
      where: sql`${reports.periodStart} is not null`,
    })
    .returning({ id: reports.id, siteId: reports.siteId });
}

/**
 * Locks the site's row (in the transaction `tx`, until it ends) and tells whether the site has an alert report whose
 * period ends after `since`: two instances cannot both find none.
 */
export async function lockSiteWithRecentAlertReport(tx: Db, siteId: string, since: Date): Promise<boolean> {
  await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
  const [recent] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.siteId, siteId),
        eq(reports.type, 'TYPE_AUTOMATIC_REPORT'),
        eq(reports.automaticKind, 'alert'),
        gt(reports.periodEnd, since),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** The sites among `siteIds` whose gateways were last heard between `after` and `before`, with that last uplink. */
export function silentGatewaySites(
  db: Db,
  siteIds: readonly string[],
  before: Date,
  after: Date,
): Promise<{ site_id: string; last: Date | string }[]> {
  return rowsOf<{ site_id: string; last: Date | string }>(
    db,
    sql`
    select e.site_id, max(e.last_update_at) as last
    from equipment e
    where e.kind = 'gateway' and e.last_update_at < ${before.toISOString()}::timestamptz
      and e.last_update_at > ${after.toISOString()}::timestamptz
      and e.site_id in (select value from json_array_elements_text(${JSON.stringify(siteIds)}::json))
    group by e.site_id`,
  );
}
