/**
 * Builds automatic reports (issue 15 "Automatic reports"; docs/decisions/018): the periodic ones of the schedule,
 * the alert reports of new termite and colony alerts, and the equipment notices of gateways silent for more than
 * 24 h. Each is a report of type `TYPE_AUTOMATIC_REPORT` (to process), with its `automatic_kind`, its period and its
 * data; `send_automatically` sends it at once through the reports' send flow (PDF frozen, mailed to the recipients).
 *
 * Exactly once: a report's row is inserted with `on conflict do nothing` on the unique key (site, type, kind,
 * period start, period end), so a retried or concurrent run inserts nothing twice, and only the run that inserted a
 * report sends it. Alert reports are limited to one per site per 24 h under the site's row lock.
 */
import type { Language } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { readAlertSettings } from '../alerts/alert-settings.service.js';
import type { ReportSender } from '../reports/report-sender.js';
import { type AutomaticReportData, buildAutomaticData } from './automatic-report-data.js';
import {
  type AutomaticReportsRepository,
  createAutomaticReportsRepository,
  insertAutomaticReports,
  lockSiteWithRecentAlertReport,
  type ScheduledSite,
  type SitePeriod,
  silentGatewaySites,
  toDate,
} from './automatic-reports.repository.js';
import { latestDuePeriod, periodToBuild } from './automatic-schedule.js';

/** Sends a report to process to `recipients` as `actor` (the reports' send flow, modules/reports/report-sender.ts). */
export type AutomaticSender = ReportSender;

/** Sites per batch of content queries and inserts. */
const BATCH = 500;
const DAY_MS = 86_400_000;
/** Alert types that produce an alert report. */
const ALERT_REPORT_TYPES = new Set(['TYPE_TERMITE_ALERT', 'TYPE_COLONY_DETECTED']);
/** Silent gateways older than this are not reported any more (a site abandoned long ago). */
const NOTICE_HORIZON_MS = 7 * DAY_MS;

/** What a run did. */
export interface AutomaticRunResult {
  /** Reports inserted by this run. */
  built: number;
  /** Quiet periods left without a report (`all_clear` false). */
  quiet: number;
  /** Reports sent at once (`send_automatically`). */
  sent: number;
}

/** The space owner as the actor that sends a report (the job has no user). */
function ownerActor(site: ScheduledSite): Actor {
  return {
    accountId: site.ownerAccountId,
    sessionId: 'automatic-reports',
    membershipId: site.ownerMembershipId,
    spaceId: site.spaceId,
    spaceType: 'pco',
    role: 'ROLE_PCO_SPACE_OWNER',
    timezone: site.timezone,
    lang: site.lang as Language,
  };
}

interface Planned extends SitePeriod {
  site: ScheduledSite;
}

export function createAutomaticReportBuilder(options: {
  db: Db;
  now?: () => Date;
  /** The send flow for `send_automatically`; absent, such reports stay to process. */
  send?: AutomaticSender;
  log?: { error(object: object, message: string): void };
}) {
  const { db, now = () => new Date(), send, log } = options;
  const repository = createAutomaticReportsRepository(db);

  /** The data of each planned report of one space (`batch`), by site id. */
  async function contents(
    repo: AutomaticReportsRepository,
    tx: Db,
    batch: readonly Planned[],
    kind: AutomaticReportData['kind'],
    at: Date,
  ): Promise<Map<string, AutomaticReportData>> {
    const first = batch[0];
    if (!first) return new Map();
    const zone = first.site.timezone;
    const [stations, alerts, visits, activity, thresholds] = await Promise.all([
      repo.stations(batch),
      repo.alerts(batch),
      repo.visits(batch),
      repo.activity(batch, zone),
      readAlertSettings(tx, first.site.spaceId),
    ]);
    const group = <T extends { site_id: string }>(rows: readonly T[]) => {
      const map = new Map<string, T[]>();
      for (const row of rows) map.set(row.site_id, [...(map.get(row.site_id) ?? []), row]);
      return map;
    };
    const [s, a, v, r] = [group(stations), group(alerts), group(visits), group(activity)];
    const out = new Map<string, AutomaticReportData>();
    for (const planned of batch) {
      out.set(
        planned.siteId,
        buildAutomaticData({
          kind,
          periodStart: planned.periodStart,
          periodEnd: planned.periodEnd,
          now: at,
          timeZone: zone,
          threshold: thresholds.termite_activity_threshold,
          stations: s.get(planned.siteId) ?? [],
          alerts: a.get(planned.siteId) ?? [],
          visits: v.get(planned.siteId) ?? [],
          activity: r.get(planned.siteId) ?? [],
        }),
      );
    }
    return out;
  }

  /** Inserts the reports (once per key); answers those this call inserted. */
  function insert(
    tx: Db,
    rows: { planned: Planned; data: AutomaticReportData; visitEnd: Date }[],
  ): Promise<{ id: string; siteId: string }[]> {
    return insertAutomaticReports(
      tx,
      rows.map(({ planned, data, visitEnd }) => ({
        spaceId: planned.site.spaceId,
        siteId: planned.siteId,
        clientId: planned.site.clientId,
        language: planned.site.lang,
        periodStart: planned.periodStart,
        periodEnd: planned.periodEnd,
        visitEnd,
        data,
      })),
    );
  }

  /** Sends the inserted reports whose site is on `send_automatically` (equipment notices never). */
  async function deliver(inserted: { id: string; siteId: string }[], bySite: Map<string, ScheduledSite>) {
    if (!send) return 0;
    const targets = inserted
      .map((row) => ({ row, site: bySite.get(row.siteId) as ScheduledSite }))
      .filter(({ site }) => site.settings.delivery === 'send_automatically');
    if (!targets.length) return 0;
    const primary = await repository.primaryEmails([...new Set(targets.map((t) => t.site.clientId))]);
    let sent = 0;
    for (const { row, site } of targets) {
      const main = site.settings.primary_contact ? primary.get(site.clientId) : undefined;
      const recipients = [...new Set([...(main ? [main.toLowerCase()] : []), ...site.settings.recipients])];
      if (!recipients.length) continue; // nobody to send to: it stays to process
      try {
        await send(ownerActor(site), row.id, recipients);
        sent += 1;
      } catch (error) {
        log?.error({ err: error, report: row.id }, 'automatic report not sent');
      }
    }
    return sent;
  }

  return {
    /**
     * The scheduled run: for every site whose schedule is on and whose latest period fell due (at most 48 h ago),
     * builds its periodic report unless it exists, then sends those on `send_automatically`. A quiet period gets a
     * report only with `all_clear`. `scope.spaceId` keeps one space (tests), `scope.siteIds` some sites;
     * `scope.ignoreCatchUp` builds the latest due period however old (the demo seed).
     */
    async runPeriodic(
      at: Date = now(),
      scope: { spaceId?: string; siteIds?: readonly string[]; ignoreCatchUp?: boolean } = {},
    ): Promise<AutomaticRunResult> {
      const result: AutomaticRunResult = { built: 0, quiet: 0, sent: 0 };
      const due: Planned[] = [];
      const { ignoreCatchUp, ...filter } = scope;
      for (const site of await repository.scheduledSites(filter)) {
        const period = ignoreCatchUp
          ? latestDuePeriod(site.settings, at, site.timezone)
          : periodToBuild(site.settings, at, site.timezone);
        if (period)
          due.push({ site, siteId: site.siteId, periodStart: period.periodStart, periodEnd: period.periodEnd });
      }
      const bySpace = new Map<string, Planned[]>();
      for (const p of due) bySpace.set(p.site.spaceId, [...(bySpace.get(p.site.spaceId) ?? []), p]);
      for (const planned of bySpace.values()) {
        for (let i = 0; i < planned.length; i += BATCH) {
          const chunk = planned.slice(i, i + BATCH);
          const done = await repository.periodicDone(chunk);
          const todo = chunk.filter((p) => !done.has(p.siteId));
          if (!todo.length) continue;
          const data = await contents(repository, db, todo, 'periodic', at);
          const rows = todo
            .map((planned) => ({
              planned,
              data: data.get(planned.siteId) as AutomaticReportData,
              // the list's "end of visit": the period's last second (its end is the next period's first instant)
              visitEnd: new Date(planned.periodEnd.getTime() - 1000),
            }))
            .filter(({ planned, data }) => {
              const keep = !data.quiet || planned.site.settings.all_clear;
              if (!keep) result.quiet += 1;
              return keep;
            });
          const inserted = await insert(db, rows);
          result.built += inserted.length;
          result.sent += await deliver(inserted, new Map(todo.map((p) => [p.siteId, p.site])));
        }
      }
      return result;
    },

    /**
     * The alert report of each site with a new termite or colony alert among `opened`, when its automatic reports are
     * on and it had no alert report in the 24 h before `at`: the 24 h before `at`, built and inserted under the
     * site's row lock (two instances cannot both pass the check).
     */
    async alertsOpened(opened: readonly { siteId: string; type: string }[], at: Date = now()): Promise<number> {
      const siteIds = [...new Set(opened.filter((a) => ALERT_REPORT_TYPES.has(a.type)).map((a) => a.siteId))];
      if (!siteIds.length) return 0;
      let built = 0;
      for (const site of await repository.scheduledSites({ siteIds })) {
        const inserted = await db.transaction(async (tx) => {
          if (await lockSiteWithRecentAlertReport(tx, site.siteId, new Date(at.getTime() - DAY_MS))) return [];
          const planned: Planned = {
            site,
            siteId: site.siteId,
            periodStart: new Date(at.getTime() - DAY_MS),
            periodEnd: at,
          };
          const data = await contents(createAutomaticReportsRepository(tx), tx, [planned], 'alert', at);
          return insert(tx, [{ planned, data: data.get(site.siteId) as AutomaticReportData, visitEnd: at }]);
        });
        built += inserted.length;
        await deliver(inserted, new Map([[site.siteId, site]]));
      }
      return built;
    },

    /**
     * The equipment notices at `at`: one per site whose automatic reports are on and whose gateways have been silent
     * for more than 24 h (the latest last uplink among them is the notice's key, so a notice is made once per
     * silence). Notices are for the PCO: they stay to process, never sent automatically.
     */
    async gatewayNotices(at: Date = now(), scope: { spaceId?: string } = {}): Promise<number> {
      const scheduled = await repository.scheduledSites(scope);
      if (!scheduled.length) return 0;
      const bySite = new Map(scheduled.map((s) => [s.siteId, s]));
      const silent = await silentGatewaySites(
        db,
        [...bySite.keys()],
        new Date(at.getTime() - DAY_MS),
        new Date(at.getTime() - NOTICE_HORIZON_MS),
      );
      let built = 0;
      const bySpace = new Map<string, Planned[]>();
      for (const row of silent) {
        const site = bySite.get(row.site_id) as ScheduledSite;
        const last = toDate(row.last) as Date;
        const planned = { site, siteId: site.siteId, periodStart: last, periodEnd: new Date(last.getTime() + DAY_MS) };
        bySpace.set(site.spaceId, [...(bySpace.get(site.spaceId) ?? []), planned]);
      }
      for (const planned of bySpace.values()) {
        const data = await contents(repository, db, planned, 'equipment', at);
        const inserted = await insert(
          db,
          planned.map((p) => ({ planned: p, data: data.get(p.siteId) as AutomaticReportData, visitEnd: at })),
        );
        built += inserted.length;
      }
      return built;
    },
  };
}
export type AutomaticReportBuilder = ReturnType<typeof createAutomaticReportBuilder>;
