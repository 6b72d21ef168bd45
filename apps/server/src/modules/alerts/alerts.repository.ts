/**
 * The queries of the alert routes (issue 5 "Alerts"): the space's alerts, a site's alert log, one alert of a space,
 * its acknowledgement.
 * Every query is scoped to the actor's space.
 */
import type { AlertState } from '@isoptera/contracts';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, alerts, equipment, memberships, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { boundedCount, createEstimateCache, estimateRows, type Page, resolvePage } from '../../platform/db/paging.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';
import { closeAlerts, type EngineAlert, lockSites, refreshSiteSummaries } from './alert-engine.repository.js';
import { responseClockColumns } from './response-clock.js';

/** An alert with its equipment and the person who acknowledged it, as the alert log shows it. */
export interface AlertLogRow {
  id: string;
  type: string;
  priority: number;
  openedAt: Date;
  closedAt: Date | null;
  closeReason: 'cleared' | 'acknowledged' | null;
  details: unknown;
  site: { id: string; name: string };
  equipment: { id: string; reference: string; kind: 'gateway' | 'igs' | 'ags' } | null;
  acknowledgedBy: { firstname: string; lastname: string } | null;
  /** Its response clock's columns (response-clock.ts). */
  clock: { targetHours: number; dueAt: Date; respondedAt: Date | null };
}

const ackAccount = alias(accounts, 'ack_account');

/** The alert log's select; `bounded` adds a page's bounded count (`null` without it). */
function logQuery(db: Db, where: SQL | undefined, bounded?: SQL<number>) {
  return db
    .select({
      bounded: (bounded ?? sql`null`) as SQL<number | null>,
      id: alerts.id,
      type: alerts.type,
      priority: alerts.priority,
      openedAt: alerts.openedAt,
      closedAt: alerts.closedAt,
      closeReason: alerts.closeReason,
      details: alerts.details,
      siteId: sites.id,
      siteName: sites.name,
      equipmentId: equipment.id,
      equipmentReference: equipment.reference,
      equipmentKind: equipment.kind,
      ackFirstname: ackAccount.firstname,
      ackLastname: ackAccount.lastname,
      ...responseClockColumns(),
    })
    .from(alerts)
    .innerJoin(sites, eq(sites.id, alerts.siteId))
    .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
    .leftJoin(memberships, eq(memberships.id, alerts.acknowledgedBy))
    .leftJoin(ackAccount, eq(ackAccount.id, memberships.accountId))
    .where(where);
}

type LogSelect = Awaited<ReturnType<typeof logQuery>>[number];

function logRow(r: LogSelect): AlertLogRow {
  return {
    id: r.id,
    type: r.type,
    priority: r.priority,
    openedAt: r.openedAt,
    closedAt: r.closedAt,
    closeReason: r.closeReason,
    details: r.details,
    site: { id: r.siteId, name: r.siteName },
    equipment:
      r.equipmentId && r.equipmentReference && r.equipmentKind
        ? { id: r.equipmentId, reference: r.equipmentReference, kind: r.equipmentKind }
        : null,
    acknowledgedBy:
      r.ackFirstname !== null && r.ackLastname !== null ? { firstname: r.ackFirstname, lastname: r.ackLastname } : null,
    clock: { targetHours: r.targetHours, dueAt: r.dueAt, respondedAt: r.respondedAt },
  };
}

/** The filters of `GET /api/alerts` (ULIDs of the space's records; a foreign one matches nothing). */
export interface AlertListFilters {
  siteId?: string | undefined;
  equipmentId?: string | undefined;
  status?: AlertState | undefined;
  type?: string | undefined;
}

export function createAlertsRepository(db: Db) {
  const estimates = createEstimateCache();
  return {
    /** `true` when site `siteId` belongs to `spaceId`. */
    async siteExists(spaceId: string, siteId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)));
      return row !== undefined;
    },

    /** A page of the alerts of site `siteId` (optionally of one equipment), newest first, with the total count. */
    async logPage(
      spaceId: string,
      siteId: string,
      equipmentId: string | undefined,
      window: PageWindow,
    ): Promise<{ rows: AlertLogRow[]; total: number }> {
      const where = and(
        eq(alerts.spaceId, spaceId),
        eq(alerts.siteId, siteId),
        equipmentId === undefined ? undefined : eq(alerts.equipmentId, equipmentId),
      );
      const [rows, [counted]] = await Promise.all([
        logQuery(db, where).orderBy(desc(alerts.openedAt), desc(alerts.id)).limit(window.limit).offset(window.offset),
        db.select({ total: count() }).from(alerts).where(where),
      ]);
      return { rows: rows.map(logRow), total: counted?.total ?? 0 };
    },

    /**
     * A page of the alerts of `spaceId` matching `filters`, newest first (`alerts_space_opened_idx`), fetched with
     * one row more than the page and a bounded count in the same statement; the total as `resolvePage` settles it
     * (exact up to `EXACT_TOTAL_LIMIT`, then the planner's estimate).
     */
    async listPage(spaceId: string, filters: AlertListFilters, window: PageWindow): Promise<Page<AlertLogRow>> {
      const where = and(
        eq(alerts.spaceId, spaceId),
        filters.siteId === undefined ? undefined : eq(alerts.siteId, filters.siteId),
        filters.equipmentId === undefined ? undefined : eq(alerts.equipmentId, filters.equipmentId),
        filters.status === undefined
          ? undefined
          : filters.status === 'open'
            ? isNull(alerts.closedAt)
            : isNotNull(alerts.closedAt),
        filters.type === undefined ? undefined : eq(alerts.type, filters.type),
      );
      const rows = await logQuery(db, where, boundedCount(sql`${alerts}`, where))
        .orderBy(desc(alerts.openedAt), desc(alerts.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const page = await resolvePage(
        { rows, bounded: rows[0]?.bounded ?? undefined },
        {
          limit: window.limit,
          offset: window.offset,
          count: async () => {
            const result = (await db.execute(sql`select ${boundedCount(sql`${alerts}`, where)} as n`)) as {
              rows: { n: number }[];
            };
            return Number(result.rows[0]?.n ?? 0);
          },
          estimate: () =>
            estimateRows(db, estimates, `alerts:${spaceId}:${JSON.stringify(filters)}`, () =>
              db.select({ one: sql`1` }).from(alerts).where(where).getSQL(),
            ),
        },
      );
      return { ...page, rows: page.rows.map(logRow) };
    },

    /** Alert `alertId` of `spaceId` as the log shows it, or null. */
    async findLogRow(spaceId: string, alertId: string): Promise<AlertLogRow | null> {
      const [row] = await logQuery(db, and(eq(alerts.spaceId, spaceId), eq(alerts.id, alertId)));
      return row ? logRow(row) : null;
    },

    /**
     * Acknowledges alert `alertId` of `spaceId` at `at` by `membershipId`, under its site's lock, and refreshes the
     * site. Answers `not_found`, `closed` (already closed), or the closed alert.
     */
    async acknowledge(
      spaceId: string,
      alertId: string,
      membershipId: string,
      at: Date,
    ): Promise<'not_found' | 'closed' | EngineAlert> {
      return db.transaction(async (tx) => {
        const [alert] = await tx
          .select({ siteId: alerts.siteId, closedAt: alerts.closedAt })
          .from(alerts)
          .where(and(eq(alerts.spaceId, spaceId), eq(alerts.id, alertId)));
        if (!alert) return 'not_found' as const;
        await lockSites(tx, [alert.siteId]);
        const [closed] = await closeAlerts(tx, [alertId], at, 'acknowledged', membershipId);
        if (!closed) return 'closed' as const;
        await refreshSiteSummaries(tx, [alert.siteId]);
        return closed;
      });
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
