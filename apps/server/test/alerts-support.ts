/**
 * Test support of the alert tests: the real app with every module plus a probe that hands out the app's own
 * dependencies (its event bus and mail queue), so that the engine the tests drive publishes to the app's live events
 * and delivers to its mailbox; readers of the alert, site and equipment rows the rules write.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { accounts, alerts, equipment, sites } from '../src/db/schema/index.js';
import { type AlertEngine, createAlertEngine } from '../src/modules/alerts/alert-engine.js';
import { modules } from '../src/modules/index.js';
import type { AppModule, ModuleDeps } from '../src/platform/module.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

export interface AlertsTestApp extends TestApp {
  deps: ModuleDeps;
  engine: AlertEngine;
}

/** The app (all modules) and an alert engine on its own database, event bus and mail queue. */
export async function buildAlertsTestApp(env: Record<string, string> = {}): Promise<AlertsTestApp> {
  let captured: ModuleDeps | undefined;
  const probe: AppModule = {
    name: 'alerts-test-probe',
    async register(_app, deps) {
      captured = deps;
    },
  };
  const t = await buildTestApp({ modules: [...modules, probe], env: { TWO_FACTOR_SPACES: '', ...env } });
  const deps = captured as ModuleDeps;
  const engine = createAlertEngine({ db: t.db, mail: deps.mail, events: deps.events, appUrl: deps.config.appUrl });
  return { ...t, deps, engine };
}

/** The alerts of site `siteId`, oldest first. */
export function alertsOf(t: TestApp, siteId: string) {
  return t.db.select().from(alerts).where(eq(alerts.siteId, siteId)).orderBy(asc(alerts.openedAt), asc(alerts.id));
}

/** The open alerts of site `siteId` as `type` or `type@equipmentId`, sorted. */
export async function openAlertKeys(t: TestApp, siteId: string): Promise<string[]> {
  const rows = await t.db
    .select({ type: alerts.type, equipmentId: alerts.equipmentId })
    .from(alerts)
    .where(and(eq(alerts.siteId, siteId), isNull(alerts.closedAt)));
  return rows.map((r) => (r.equipmentId ? `${r.type}@${r.equipmentId}` : r.type)).sort();
}

/** Priority, main alert type and status of site `siteId`. */
export async function siteState(t: TestApp, siteId: string) {
  const [row] = await t.db
    .select({ prioritySum: sites.prioritySum, mainAlertType: sites.mainAlertType, status: sites.status })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row;
}

/** The `alert_since` of equipment `id`. */
export async function alertSinceOf(t: TestApp, id: string): Promise<Date | null> {
  const [row] = await t.db.select({ alertSince: equipment.alertSince }).from(equipment).where(eq(equipment.id, id));
  return row?.alertSince ?? null;
}

/** Sets columns of equipment `id` as an uplink (last update, battery, signal) or a correction (reference) would. */
export async function setEquipment(
  t: TestApp,
  id: string,
  values: Partial<
    Pick<typeof equipment.$inferInsert, 'lastUpdateAt' | 'batteryLevel' | 'signalLevel' | 'trapType' | 'reference'>
  >,
): Promise<void> {
  await t.db.update(equipment).set(values).where(eq(equipment.id, id));
}

/** Turns the alert e-mails of account `accountId` on or off (`mail_notification`). */
export async function setMailNotification(t: TestApp, accountId: string, on: boolean): Promise<void> {
  await t.db.update(accounts).set({ mailNotification: on }).where(eq(accounts.id, accountId));
}

/** Makes membership `membershipId` the referent of site `siteId`. */
export async function setSiteReferent(t: TestApp, siteId: string, membershipId: string): Promise<void> {
  await t.db.update(sites).set({ referentId: membershipId }).where(eq(sites.id, siteId));
}

/** Deletes the row of equipment `id` behind the API's back (its alerts go with it). */
export async function deleteEquipmentRow(t: TestApp, id: string): Promise<void> {
  await t.db.delete(equipment).where(eq(equipment.id, id));
}

/** `hours` hours before (negative: after) `from`. */
export function hoursAgo(hours: number, from = new Date()): Date {
  return new Date(from.getTime() - hours * 3_600_000);
}
