/**
 * The alert rule engine (issue 5 "Alerts"; SPEC §3 "Site" `priority_sum`, the alert-type enumeration). Opens and
 * closes the rule alerts of equipment and sites from the committed database state, keeps the sites' priority and
 * the equipment's `alert_since` up to date, then tells the open browsers and e-mails the members concerned.
 *
 * Rules (thresholds: the space's `alert_settings`, else `DEFAULT_ALERT_SETTINGS`), see alert-rules.ts:
 * TYPE_TERMITE_ALERT per station, TYPE_LOW_BATTERY and TYPE_COMMUNICATION_WEAK_SIGNAL per device,
 * TYPE_COLONY_DETECTED per site, TYPE_COMMUNICATION_ERROR per device (opened by the periodic check, closed by the
 * next update). An alert opens once (partial unique index + `ON CONFLICT DO NOTHING`); after an acknowledgement a new
 * one of the same kind opens only from an observation measured after it. Every evaluation of a site runs under the
 * site's row lock, in one transaction; events and e-mails follow the commit.
 */
import { ALERT_PRIORITIES, type AlertSettings, type RuleAlertType } from '@isoptera/contracts';
import type { Db } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { AppMetrics } from '../../platform/http/operations.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { createAutomaticReportBuilder } from '../automatic-reports/automatic-reports.builder.js';
import { reportSenderOn } from '../reports/report-sender.js';
import {
  closeAlerts,
  dailyConsumption,
  type EngineAlert,
  type EngineEquipment,
  findEquipment,
  insertAlerts,
  lastAcknowledgements,
  latestReadings,
  lockSites,
  moveSitesToCheck,
  type NewAlert,
  openAlertsOfSites,
  readAlertSettings,
  refreshSiteSummaries,
  silentDevices,
  sitesOfEquipment,
  stationsOfSites,
} from './alert-engine.repository.js';
import { createAlertNotifier, isTermiteType } from './alert-notify.js';
import {
  type ColonyEvidence,
  colonyVerdict,
  deviceVerdicts,
  hasUpdatedSince,
  isSilent,
  isSustainedConsumption,
  mayOpen,
  observationOf,
  type RuleVerdict,
  silenceDetails,
} from './alert-rules.js';
import { proposeVisits } from './visit-proposal.repository.js';

export interface AlertEngine {
  /** Evaluates every rule for these equipment from the committed database state (latest readings, equipment status, settings), opens/closes alerts, refreshes their sites (priority_sum, main_alert_type, status IN_OPERATION→TO_CHECK on a termite/colony alert, equipment.alert_since), then publishes `alert` events and enqueues the e-mails. Idempotent. */
  evaluate(input: {
    spaceId: string;
    equipmentIds: readonly string[];
    at?: Date;
  }): Promise<{ opened: number; closed: number }>;
  /** Recomputes priority_sum / main_alert_type of these sites from their open alerts (e.g. after equipment removal). */
  refreshSites(siteIds: readonly string[]): Promise<void>;
  /** The periodic check: opens TYPE_COMMUNICATION_ERROR for devices silent for twice `expected_uplink_hours` (closes it on the next uplink via evaluate). */
  checkCommunication(at?: Date): Promise<{ opened: number }>;
}

/** The identity of an alert kind: at most one open alert per (site, equipment or none, type). */
const keyOf = (siteId: string, equipmentId: string | null, type: string) => `${siteId}|${equipmentId ?? ''}|${type}`;

/** The alerts to open and close, gathered during an evaluation. */
class Plan {
  readonly toOpen: NewAlert[] = [];
  readonly toClose: string[] = [];

  constructor(
    private readonly spaceId: string,
    private readonly at: Date,
    private readonly open: ReadonlyMap<string, EngineAlert>,
    private readonly acknowledged: ReadonlyMap<string, Date>,
  ) {}

  /** Opens the alert of `verdict` when its condition holds (and no acknowledgement stands in the way); closes it when not. */
  apply(siteId: string, equipmentId: string | null, verdict: RuleVerdict): void {
    const key = keyOf(siteId, equipmentId, verdict.type);
    const current = this.open.get(key);
    if (!verdict.holds) {
      if (current) this.toClose.push(current.id);
      return;
    }
    if (current || !mayOpen(this.acknowledged.get(key), verdict.triggeredAt)) return;
    this.toOpen.push({
      id: newUlid(),
      spaceId: this.spaceId,
      siteId,
      equipmentId,
      type: verdict.type,
      priority: ALERT_PRIORITIES[verdict.type],
      openedAt: this.at,
      details: verdict.details,
    });
  }
}

/** `alerts` by their kind's key. */
const byKey = (alerts: readonly EngineAlert[]) =>
  new Map(alerts.map((a) => [keyOf(a.siteId, a.equipmentId, a.type), a]));

async function openAlertMap(tx: Db, siteIds: readonly string[]): Promise<Map<string, EngineAlert>> {
  return byKey(await openAlertsOfSites(tx, siteIds));
}

async function acknowledgementMap(tx: Db, siteIds: readonly string[]): Promise<Map<string, Date>> {
  const rows = await lastAcknowledgements(tx, siteIds);
  return new Map(rows.map((r) => [keyOf(r.siteId, r.equipmentId, r.type), r.at]));
}

/**
 * The colony rule of the sites `siteIds`, from their `open` alerts once the device rules are applied: stations in
 * termite alert, and stations with sustained bait consumption. Adds its openings and closings to `plan`.
 */
async function planColonies(
  tx: Db,
  siteIds: readonly string[],
  open: readonly EngineAlert[],
  settings: AlertSettings,
  plan: Plan,
): Promise<void> {
  const stations = await stationsOfSites(tx, siteIds);
  const consumption = await dailyConsumption(tx, siteIds, settings.bait_consumption_days);
  const rowsOf = new Map<string, typeof consumption>();
  for (const row of consumption) rowsOf.set(row.equipmentId, [...(rowsOf.get(row.equipmentId) ?? []), row]);
  const latestOf = (id: string) =>
    (rowsOf.get(id) ?? []).reduce<Date | null>(
      (max, r) => (!max || r.lastMeasuredAt > max ? r.lastMeasuredAt : max),
      null,
    );
  const inTermiteAlert = new Set(open.filter((a) => a.type === 'TYPE_TERMITE_ALERT').map((a) => a.equipmentId));
  for (const siteId of siteIds) {
    const termite: ColonyEvidence[] = [];
    const sustained: ColonyEvidence[] = [];
    for (const station of stations.filter((s) => s.siteId === siteId)) {
      const measuredAt = latestOf(station.id);
      if (inTermiteAlert.has(station.id))
        termite.push({ reference: station.reference, measuredAt: measuredAt ?? new Date(0) });
      if (measuredAt && isSustainedConsumption(rowsOf.get(station.id) ?? [], settings)) {
        sustained.push({ reference: station.reference, measuredAt });
      }
    }
    plan.apply(siteId, null, colonyVerdict(termite, sustained, settings));
  }
}

export function createAlertEngine(deps: {
  db: Db;
  mail: MailQueue;
  events: EventBus;
  appUrl: string;
  /** Counts the alerts opened (`/metrics`). */
  metrics?: Pick<AppMetrics, 'alertOpened'>;
}): AlertEngine {
  const { db } = deps;
  const notifier = createAlertNotifier(deps);
  // event reports (docs/decisions/018): a new termite or colony alert makes an alert report, ≤ 1 per site per 24 h
  const eventReports = createAutomaticReportBuilder({ db, send: reportSenderOn(db, { mail: deps.mail }) });

  /**
   * Events of every change, the control visits proposed for the new termite/colony alerts (issue 15), their
   * e-mails, then their alert reports (docs/decisions/018).
   */
  async function afterCommit(
    opened: EngineAlert[],
    closed: EngineAlert[],
    references: ReadonlyMap<string, string>,
    at: Date,
  ) {
    notifier.announce(opened, closed);
    for (const alert of opened) deps.metrics?.alertOpened(alert.type);
    if (opened.length) await proposeVisits(db, opened);
    await notifier.mailNew(opened, references);
    // a failed report must not fail the uplink that opened the alert: the alert and its mails stand
    if (opened.length) {
      await eventReports.alertsOpened(opened, at).catch((error: unknown) => {
        process.emitWarning(`alert report not built: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }

  return {
    async evaluate({ spaceId, equipmentIds, at = new Date() }) {
      const ids = [...new Set(equipmentIds)];
      const settings = await readAlertSettings(db, spaceId);
      const siteIds = await sitesOfEquipment(db, spaceId, ids);
      if (!siteIds.length) return { opened: 0, closed: 0 };
      const references = new Map<string, string>();
      const { opened, closed } = await db.transaction(async (tx) => {
        const locked = (await lockSites(tx, siteIds)).map((s) => s.id);
        const items = (await findEquipment(tx, spaceId, ids)).filter((item) => locked.includes(item.siteId));
        for (const item of items) references.set(item.id, item.reference);
        const stations = items.filter((item) => item.kind !== 'gateway').map((item) => item.id);
        const latest = new Map((await latestReadings(tx, stations)).map((r) => [r.equipmentId, r]));
        const acknowledged = await acknowledgementMap(tx, locked);

        const open = await openAlertMap(tx, locked);
        const devices = new Plan(spaceId, at, open, acknowledged);
        for (const item of items) {
          for (const verdict of deviceVerdicts(item, observationOf(item, latest.get(item.id)), settings)) {
            devices.apply(item.siteId, item.id, verdict);
          }
          const silence = open.get(keyOf(item.siteId, item.id, 'TYPE_COMMUNICATION_ERROR'));
          if (silence && hasUpdatedSince(item, silence.details)) devices.toClose.push(silence.id);
        }
        const closed = await closeAlerts(tx, devices.toClose, at, 'cleared');
        const opened = await insertAlerts(tx, devices.toOpen);

        // read again only when the device rules changed something (the usual uplink changes nothing)
        const openNow = opened.length || closed.length ? await openAlertsOfSites(tx, locked) : [...open.values()];
        const colonies = new Plan(spaceId, at, byKey(openNow), acknowledged);
        await planColonies(tx, locked, openNow, settings, colonies);
        closed.push(...(await closeAlerts(tx, colonies.toClose, at, 'cleared')));
        opened.push(...(await insertAlerts(tx, colonies.toOpen)));

        if (opened.length || closed.length) await refreshSiteSummaries(tx, locked);
        await moveSitesToCheck(tx, [...new Set(opened.filter((a) => isTermiteType(a.type)).map((a) => a.siteId))]);
        return { opened, closed };
      });
      await afterCommit(opened, closed, references, at);
      return { opened: opened.length, closed: closed.length };
    },

    async refreshSites(siteIds) {
      const ids = [...new Set(siteIds)];
      if (!ids.length) return;
      await db.transaction(async (tx) => {
        const locked = (await lockSites(tx, ids)).map((s) => s.id);
        await refreshSiteSummaries(tx, locked);
      });
    },

    async checkCommunication(at = new Date()) {
      const silent = await silentDevices(db, at);
      const bySpace = new Map<string, typeof silent>();
      for (const device of silent) bySpace.set(device.spaceId, [...(bySpace.get(device.spaceId) ?? []), device]);
      let count = 0;
      for (const [spaceId, devices] of bySpace) {
        const hours = new Map(devices.map((d) => [d.id, d.expectedUplinkHours]));
        const opened = await db.transaction(async (tx) => {
          const locked = (await lockSites(tx, [...new Set(devices.map((d) => d.siteId))])).map((s) => s.id);
          const acknowledged = await acknowledgementMap(tx, locked);
          const open = await openAlertMap(tx, locked);
          // read again under the lock: an uplink may have come in since the search
          const current: EngineEquipment[] = await findEquipment(
            tx,
            spaceId,
            devices.map((d) => d.id),
          );
          const rows: NewAlert[] = [];
          for (const item of current) {
            const expected = hours.get(item.id) as number;
            const key = keyOf(item.siteId, item.id, 'TYPE_COMMUNICATION_ERROR');
            if (!isSilent(item, at, expected) || open.has(key)) continue;
            if (!mayOpen(acknowledged.get(key), item.lastUpdateAt ?? item.createdAt)) continue;
            const type: RuleAlertType = 'TYPE_COMMUNICATION_ERROR';
            rows.push({
              id: newUlid(),
              spaceId,
              siteId: item.siteId,
              equipmentId: item.id,
              type,
              priority: ALERT_PRIORITIES[type],
              openedAt: at,
              details: silenceDetails(item, expected),
            });
          }
          const inserted = await insertAlerts(tx, rows);
          if (inserted.length) await refreshSiteSummaries(tx, locked);
          return inserted;
        });
        notifier.announce(opened, []);
        count += opened.length;
      }
      return { opened: count };
    },
  };
}
