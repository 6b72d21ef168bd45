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
  type DailyConsumption,
  type EngineAlert,
  type EngineEquipment,
  type EvaluationState,
  findEquipment,
  insertAlerts,
  lastAcknowledgements,
  lockSites,
  moveSitesToCheck,
  type NewAlert,
  openAlertsOfSites,
  readEvaluationState,
  refreshSiteSummaries,
  silentDevices,
  sitesOfEquipment,
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
    /** The sites of these equipment when the caller knows them (an uplink: its gateway's site); else looked up. */
    siteIds?: readonly string[];
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
    /** The open alerts the plan starts from, by their kind's key. */
    readonly open: ReadonlyMap<string, EngineAlert>,
    /** The latest acknowledgement of each kind. */
    readonly acknowledged: ReadonlyMap<string, Date>,
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
 * termite alert, and stations with sustained bait consumption (`stations` of the sites, their daily `consumption`).
 * Adds its openings and closings to `plan`.
 */
function planColonies(
  siteIds: readonly string[],
  stations: readonly { id: string; siteId: string; reference: string }[],
  consumption: readonly DailyConsumption[],
  open: readonly EngineAlert[],
  settings: AlertSettings,
  plan: Plan,
): void {
  const rowsOf = new Map<string, DailyConsumption[]>();
  for (const row of consumption) {
    const rows = rowsOf.get(row.equipmentId);
    if (rows) rows.push(row);
    else rowsOf.set(row.equipmentId, [row]);
  }
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

/**
 * The device rules of an evaluation (termite activity, battery, signal; a silence alert closed by a newer update)
 * applied to what `state` holds.
 */
function devicePlan(spaceId: string, at: Date, state: EvaluationState) {
  const latest = new Map(state.latest.map((r) => [r.equipmentId, r]));
  const acknowledged = new Map(state.acknowledgements.map((r) => [keyOf(r.siteId, r.equipmentId, r.type), r.at]));
  const open = byKey(state.open);
  const plan = new Plan(spaceId, at, open, acknowledged);
  for (const item of state.items) {
    for (const verdict of deviceVerdicts(item, observationOf(item, latest.get(item.id)), state.settings)) {
      plan.apply(item.siteId, item.id, verdict);
    }
    const silence = open.get(keyOf(item.siteId, item.id, 'TYPE_COMMUNICATION_ERROR'));
    if (silence && hasUpdatedSince(item, silence.details)) plan.toClose.push(silence.id);
  }
  return plan;
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
    async evaluate({ spaceId, equipmentIds, siteIds: knownSites, at = new Date() }) {
      const ids = [...new Set(equipmentIds)];
      const siteIds = knownSites ? [...new Set(knownSites)] : await sitesOfEquipment(db, spaceId, ids);
      if (!siteIds.length || !ids.length) return { opened: 0, closed: 0 };

      // First look, one round trip: the sites locked for the read only. The usual uplink changes nothing — and a
      // decision taken under the lock stays true once it is released, since nothing is written.
      const first = await readEvaluationState(db, spaceId, siteIds, ids);
      const glance = devicePlan(spaceId, at, first);
      if (!glance.toOpen.length && !glance.toClose.length) {
        const colonies = new Plan(spaceId, at, glance.open, glance.acknowledged);
        planColonies(
          first.sites,
          first.stations,
          first.consumption,
          [...glance.open.values()],
          first.settings,
          colonies,
        );
        if (!colonies.toOpen.length && !colonies.toClose.length) return { opened: 0, closed: 0 };
      }

      // Something changes: read again and write in one transaction that holds the sites' locks until it commits.
      const references = new Map<string, string>();
      const { opened, closed } = await db.transaction(async (tx) => {
        const state = await readEvaluationState(tx, spaceId, siteIds, ids);
        const locked = state.sites;
        for (const item of state.items) references.set(item.id, item.reference);
        const devices = devicePlan(spaceId, at, state);
        const closed = await closeAlerts(tx, devices.toClose, at, 'cleared');
        const opened = await insertAlerts(tx, devices.toOpen);

        // read again only when the device rules changed something
        const openNow =
          opened.length || closed.length ? await openAlertsOfSites(tx, locked) : [...devices.open.values()];
        const colonies = new Plan(spaceId, at, byKey(openNow), devices.acknowledged);
        planColonies(locked, state.stations, state.consumption, openNow, state.settings, colonies);
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
