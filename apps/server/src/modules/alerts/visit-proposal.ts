/**
 * The control visit proposed for a new termite or colony alert (issue 15 "Alert → visit on a response clock";
 * docs/decisions/019-response-clock.md): the site's referent in their first free slot.
 *
 * The app knows no working hours of its members (SPEC §2.7 "Planning" shows visits only), so a slot is one hour
 * between 08:00 and 18:00, Monday to Friday, in the space's time zone (its owner's, as contracts and reports read it),
 * starting at or after the alert's opening, that overlaps none of the referent's planned visits (as an intervener).
 * Public holidays are not known either. Past {@link SEARCH_DAYS} days of busy slots the first working slot is proposed.
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  accounts,
  alerts,
  alertVisitProposals,
  interventionInterveners,
  interventions,
  memberships,
  sites,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { parseZoned, zonedDate } from '../../platform/time/zoned.js';
import type { EngineAlert } from './alert-engine.repository.js';
import { isTermiteType } from './alert-notify.js';

/** The working day's first slot start and the end of its last slot (hours, wall time of the space's zone). */
export const WORK_START_HOUR = 8;
export const WORK_END_HOUR = 18;
/** How far ahead a free slot is looked for, in days. */
export const SEARCH_DAYS = 60;
/** The zone used when the space has no active owner. */
const DEFAULT_ZONE = 'Europe/Paris';

export interface Interval {
  startAt: Date;
  endAt: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the day after `date`. */
function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The one-hour working slots of calendar day `date` in `timeZone` (none on Saturday and Sunday). */
function slotsOf(date: string, timeZone: string): Interval[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return [];
  const slots: Interval[] = [];
  for (let hour = WORK_START_HOUR; hour < WORK_END_HOUR; hour++) {
    slots.push({
      startAt: parseZoned(`${date} ${pad(hour)}:00:00`, timeZone),
      endAt: parseZoned(`${date} ${pad(hour + 1)}:00:00`, timeZone),
    });
  }
  return slots;
}

/**
 * The first one-hour working slot (08:00–18:00, Monday–Friday, wall time of `timeZone`) starting at or after `after`
 * that overlaps none of `busy`; past {@link SEARCH_DAYS} days, the first working slot ignoring `busy`. Pure.
 */
export function firstFreeSlot(busy: readonly Interval[], after: Date, timeZone: string): Interval {
  let fallback: Interval | null = null;
  let date = zonedDate(after, timeZone);
  for (let day = 0; day <= SEARCH_DAYS; day++, date = nextDate(date)) {
    for (const slot of slotsOf(date, timeZone)) {
      if (slot.startAt.getTime() < after.getTime()) continue;
      fallback ??= slot;
      const taken = busy.some(
        (b) => b.startAt.getTime() < slot.endAt.getTime() && b.endAt.getTime() > slot.startAt.getTime(),
      );
      if (!taken) return slot;
    }
  }
  return fallback as Interval;
}

/** The time zone of the space: its (first) active owner's, else Europe/Paris. */
export async function spaceZone(db: Db, spaceId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: accounts.timezone })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.spaceId, spaceId),
        eq(memberships.status, 'active'),
        eq(memberships.role, 'ROLE_PCO_SPACE_OWNER'),
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row?.timezone ?? DEFAULT_ZONE;
}

/** The visits `membershipId` is an intervener of that end after `from` and start before `to`. */
async function busyIntervals(db: Db, spaceId: string, membershipId: string, from: Date, to: Date) {
  return db
    .select({ startAt: interventions.startAt, endAt: interventions.endAt })
    .from(interventions)
    .innerJoin(interventionInterveners, eq(interventionInterveners.interventionId, interventions.id))
    .where(
      and(
        eq(interventions.spaceId, spaceId),
        eq(interventionInterveners.membershipId, membershipId),
        gt(interventions.endAt, from),
        lt(interventions.startAt, to),
      ),
    );
}

/**
 * `true` when site `siteId` already has a visit proposal waiting for a decision whose alert is still open, or an
 * accepted one whose visit has not started by `now`: a second alert on the site (a termite alert per station, then
 * the colony) proposes nothing more.
 */
async function siteHasPendingProposal(db: Db, siteId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: alertVisitProposals.alertId })
    .from(alertVisitProposals)
    .innerJoin(alerts, eq(alerts.id, alertVisitProposals.alertId))
    .leftJoin(interventions, eq(interventions.id, alertVisitProposals.interventionId))
    .where(
      and(
        eq(alertVisitProposals.siteId, siteId),
        sql`((${alertVisitProposals.status} = 'proposed' and ${alerts.closedAt} is null) or (${alertVisitProposals.status} = 'accepted' and ${interventions.startAt} > ${now}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Proposes a control visit for the new termite and colony alerts among `opened` (after their transaction): per site,
 * for its highest-priority new alert (colony before termite), unless the site already has one pending; to the site's
 * referent (an active member) in their first free slot from the alert's opening, or with no intervener when the site
 * has none. Idempotent per alert (`on conflict do nothing`). Answers the proposals created (alert ids).
 */
export async function proposeVisits(db: Db, opened: readonly EngineAlert[], now = new Date()): Promise<string[]> {
  const termite = opened.filter((a) => isTermiteType(a.type));
  if (!termite.length) return [];
  const bySite = new Map<string, EngineAlert>();
  for (const alert of termite) {
    const current = bySite.get(alert.siteId);
    if (!current || (current.type !== 'TYPE_COLONY_DETECTED' && alert.type === 'TYPE_COLONY_DETECTED')) {
      bySite.set(alert.siteId, alert);
    }
  }
  const siteRows = await db
    .select({ id: sites.id, referentId: sites.referentId, referentStatus: memberships.status })
    .from(sites)
    .leftJoin(memberships, eq(memberships.id, sites.referentId))
    .where(inArray(sites.id, [...bySite.keys()]));
  const referents = new Map(
    siteRows.map((s) => [s.id, s.referentId && s.referentStatus === 'active' ? s.referentId : null]),
  );
  const created: string[] = [];
  const zones = new Map<string, string>();
  for (const [siteId, alert] of bySite) {
    if (!referents.has(siteId) || (await siteHasPendingProposal(db, siteId, now))) continue;
    let zone = zones.get(alert.spaceId);
    if (!zone) {
      zone = await spaceZone(db, alert.spaceId);
      zones.set(alert.spaceId, zone);
    }
    const referentId = referents.get(siteId) ?? null;
    const from = alert.openedAt.getTime() > now.getTime() ? alert.openedAt : now;
    const busy = referentId
      ? await busyIntervals(
          db,
          alert.spaceId,
          referentId,
          from,
          new Date(from.getTime() + (SEARCH_DAYS + 2) * 86_400_000),
        )
      : [];
    const slot = firstFreeSlot(busy, from, zone);
    const inserted = await db
      .insert(alertVisitProposals)
      .values({ alertId: alert.id, spaceId: alert.spaceId, siteId, referentId, ...slot })
      .onConflictDoNothing()
      .returning({ id: alertVisitProposals.alertId });
    if (inserted.length) created.push(alert.id);
  }
  return created;
}
