/**
 * The storage of the readings time series at scale (issue 16 "Telemetry at scale"; docs/decisions/025):
 *
 * - **Monthly partitions.** `readings` is `PARTITION BY RANGE (measured_at)`, one partition per UTC calendar month
 *   named `readings_pYYYYMM`, plus `readings_default` for whatever falls outside them (an insert never fails).
 *   {@link ensureReadingPartitions} makes the partitions of a span of months (the partition job: the current month
 *   and the next ones); a month whose readings already sit in the default partition gets its partition all the same
 *   (its rows moved there in the same transaction). {@link dropExpiredReadings} applies the retention setting
 *   (`READINGS_RETENTION_MONTHS`): whole partitions are dropped, never rows deleted one by one.
 * - **Daily aggregates.** `reading_days` holds per station and UTC day the highest bait consumption and the latest
 *   reading time, which the alert engine's sustained-consumption rule reads. Ingestion keeps it in step in its own
 *   insert statement (modules/telemetry); other writers of readings (the demo seed, tests, benchmarks) call
 *   {@link refreshReadingDays} after inserting.
 *
 * Month boundaries are UTC midnights of the first day of the month. These statements run on both drivers (PGlite
 * supports declarative partitioning); DDL runs under a transaction-level advisory lock so that two instances running
 * the job together do not both create a partition.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';

/** The advisory lock of the partition maintenance (creation and retention). */
export const READING_PARTITIONS_LOCK = 'isoptera:reading-partitions';

/** Months made ahead of the current one by the partition job. */
export const PARTITION_MONTHS_AHEAD = 3;

const PARTITION_NAME = /^readings_p(\d{4})(\d{2})$/;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The first instant (UTC) of the month of `at`, shifted by `months`. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** The partition's name of the month starting at `start` (`readings_p202611`). */
export function partitionName(start: Date): string {
  return `readings_p${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month partitions of `readings` that exist, oldest first, with their month's first instant. */
export async function readingPartitions(db: Db): Promise<{ name: string; start: Date }[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'readings' and p.relnamespace = current_schema()::regnamespace`);
  return rowsOf<{ name: string }>(result)
    .flatMap(({ name }) => {
      const match = PARTITION_NAME.exec(name);
      return match ? [{ name, start: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) }] : [];
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

const boundary = (at: Date) => `'${at.toISOString()}'`;

/**
 * Makes sure the month partitions from the month of `from` to the month of `to` (both included) exist. A missing
 * month is created; readings of that month already in the default partition are moved into it, in the same
 * transaction. Answers the names of the partitions created.
 */
export async function ensureReadingPartitions(db: Db, from: Date, to: Date): Promise<string[]> {
  const created: string[] = [];
  const existing = new Set((await readingPartitions(db)).map((p) => p.name));
  for (let start = monthStart(from); start <= to; start = monthStart(start, 1)) {
    const name = partitionName(start);
    if (existing.has(name)) continue;
    const end = monthStart(start, 1);
    const made = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${READING_PARTITIONS_LOCK}, 0))`);
      const again = await tx.execute(sql`select to_regclass(${name}) is not null as present`);
      if (rowsOf<{ present: boolean }>(again)[0]?.present) return false;
      const range = `from (${boundary(start)}) to (${boundary(end)})`;
      const stray = await tx.execute(
        sql.raw(`select exists (select 1 from readings_default where measured_at >= ${boundary(start)}
          and measured_at < ${boundary(end)}) as present`),
      );
      if (!rowsOf<{ present: boolean }>(stray)[0]?.present) {
        await tx.execute(sql.raw(`create table ${name} partition of readings for values ${range}`));
        return true;
      }
      // the default partition holds rows of this month: take them out, then attach the month's table
      await tx.execute(sql.raw(`create table ${name} (like readings including defaults)`));
      await tx.execute(
        sql.raw(`with moved as (
            delete from readings_default where measured_at >= ${boundary(start)} and measured_at < ${boundary(end)}
            returning *)
          insert into ${name} select * from moved`),
      );
      await tx.execute(sql.raw(`alter table readings attach partition ${name} for values ${range}`));
      return true;
    });
    if (made) created.push(name);
  }
  return created;
}

/**
 * The retention: with `months` set, drops the month partitions that ended before the first day of the month
 * `months` months before the month of `at` (so at least `months` whole months are kept besides the current one),
 * deletes the default partition's readings older than that day, and the daily aggregates before it. Answers the
 * names of the partitions dropped. `months` null keeps everything.
 */
export async function dropExpiredReadings(db: Db, months: number | null, at: Date): Promise<string[]> {
  if (months === null) return [];
  const cutoff = monthStart(at, -months);
  const expired = (await readingPartitions(db)).filter((p) => monthStart(p.start, 1) <= cutoff);
  const dropped: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${READING_PARTITIONS_LOCK}, 0))`);
    for (const partition of expired) {
      await tx.execute(sql.raw(`drop table if exists ${partition.name}`));
      dropped.push(partition.name);
    }
    await tx.execute(sql`delete from readings_default where measured_at < ${cutoff.toISOString()}::timestamptz`);
    await tx.execute(sql`delete from reading_days where day < ${cutoff.toISOString().slice(0, 10)}::date`);
  });
  return dropped;
}

/**
 * Recomputes the daily aggregates (`reading_days`) of the stations `equipmentIds` from their readings — every day
 * they have readings of. For writers of readings other than ingestion (the demo seed, tests, benchmarks).
 */
export async function refreshReadingDays(db: Db, equipmentIds: readonly string[]): Promise<void> {
  if (!equipmentIds.length) return;
  const ids = sql.join(
    [...new Set(equipmentIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into reading_days (equipment_id, day, max_consumption, last_measured_at)
    select equipment_id, (measured_at at time zone 'UTC')::date, max(bait_consumption), max(measured_at)
    from readings
    where equipment_id in (${ids})
    group by 1, 2
    on conflict (equipment_id, day) do update
      set max_consumption = excluded.max_consumption, last_measured_at = excluded.last_measured_at`);
}

/** Partitions are made at most this many months back (older readings stay in the default partition). */
const OLDEST_PARTITION_MONTHS = 120;

/**
 * The partition job's work at `at` (docs/decisions/025): applies the retention (`retentionMonths`, null keeps
 * everything), then makes the month partitions from the oldest reading left in the default partition (at most ten
 * years back, never before the retention's cutoff) to {@link PARTITION_MONTHS_AHEAD} months after the current one.
 * Safe to run from several instances at once. Answers the partitions created and dropped.
 */
export async function maintainReadingPartitions(
  db: Db,
  retentionMonths: number | null,
  at: Date,
): Promise<{ created: string[]; dropped: string[] }> {
  const dropped = await dropExpiredReadings(db, retentionMonths, at);
  const [oldest] = rowsOf<{ at: unknown }>(await db.execute(sql`select min(measured_at) as at from readings_default`));
  const floor = retentionMonths === null ? monthStart(at, -OLDEST_PARTITION_MONTHS) : monthStart(at, -retentionMonths);
  const stray = oldest?.at ? new Date(oldest.at as Date | string) : at;
  const from = new Date(Math.max(floor.getTime(), Math.min(stray.getTime(), at.getTime())));
  const created = await ensureReadingPartitions(db, from, monthStart(at, PARTITION_MONTHS_AHEAD));
  return { created, dropped };
}
