/**
 * The readings history of one station (issue 5 "history queries stay fast at tens of millions of rows"). Every query
 * filters on `equipment_id = ? and measured_at between ? and ?`, a range of the primary key (equipment_id,
 * measured_at): it reads only that station's rows of the period, whatever the size of the table. The caller has
 * already checked that the station belongs to the actor's space (the readings table has no space column).
 */
import { type AnyColumn, and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { equipment, readings } from '../../db/schema/index.js';
import { compileRowMapper } from '../../platform/db/compiled-rows.js';
import type { Db } from '../../platform/db/database.js';

/** One point of a series: a reading, or the averages of a time bucket (`state` = the worst state of the bucket). */
export interface ReadingPointRow {
  measuredAt: Date;
  termiteActivity: number;
  baitConsumption: number;
  batteryPercent: number | null;
  signalLevel: number;
  state: number;
}

/**
 * A raw point as the database aggregates it: `[measured_at in epoch milliseconds, termite_activity, bait_consumption,
 * battery_percent, signal_level, state]`.
 */
export type ReadingTuple = [number, number, number, number | null, number, number];

/**
 * The first `limit` readings of a station of the space in [from, to], oldest first, in one prepared statement that
 * also tells whether the station is of the space. The points come back as **one JSON array** (`json_agg` of tuples):
 * mapping a row per reading through the ORM cost more CPU than the query itself (issue 11, docs/benchmarks.md).
 * `found` is 0 for an unknown station (or one of another space); `points` is null when it has no reading in the period.
 */
function prepareRawInSpace(db: Db) {
  const station = db
    .select({ id: equipment.id })
    .from(equipment)
    .where(and(eq(equipment.id, sql.placeholder('equipmentId')), eq(equipment.spaceId, sql.placeholder('spaceId'))))
    .as('station');
  const points = db
    .select({
      measuredAt: readings.measuredAt,
      termiteActivity: readings.termiteActivity,
      baitConsumption: readings.baitConsumption,
      batteryPercent: readings.batteryPercent,
      signalLevel: readings.signalLevel,
      state: readings.state,
    })
    .from(readings)
    .where(
      and(
        eq(readings.equipmentId, station.id),
        gte(readings.measuredAt, sql.placeholder('from')),
        lte(readings.measuredAt, sql.placeholder('to')),
      ),
    )
    .orderBy(asc(readings.measuredAt))
    .limit(sql.placeholder('limit'))
    .as('points');
  return compileRowMapper(
    db
      .select({
        found: sql<number>`count(${station.id})::int`.mapWith(Number),
        points: sql<ReadingTuple[] | null>`json_agg(json_build_array(
        (extract(epoch from ${points.measuredAt}) * 1000)::float8, ${points.termiteActivity}, ${points.baitConsumption},
        ${points.batteryPercent}, ${points.signalLevel}, ${points.state}
      ) order by ${points.measuredAt}) filter (where ${points.measuredAt} is not null)`,
      })
      .from(station)
      .leftJoinLateral(points, sql`true`)
      .prepare('readings_raw_in_space'),
  );
}

export function createReadingsRepository(db: Db) {
  const inRange = (equipmentId: string, from: Date, to: Date) =>
    and(eq(readings.equipmentId, equipmentId), gte(readings.measuredAt, from), lte(readings.measuredAt, to));
  let rawInSpace: ReturnType<typeof prepareRawInSpace> | undefined;

  return {
    /**
     * The first `limit` readings of station `equipmentId` of the space in [from, to], oldest first, in one round
     * trip, as the database's tuples (no object nor `Date` per reading: the service writes each point straight from
     * its tuple); null when the station is unknown or of another space.
     */
    async rawInSpace(
      spaceId: string,
      equipmentId: string,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<ReadingTuple[] | null> {
      rawInSpace ??= prepareRawInSpace(db);
      const [row] = await rawInSpace.execute({ spaceId, equipmentId, from, to, limit });
      if (!row?.found) return null;
      return row.points ?? [];
    },

    /** The first `limit` readings of the station in [from, to], oldest first. */
    async raw(equipmentId: string, from: Date, to: Date, limit: number): Promise<ReadingPointRow[]> {
      return db
        .select({
          measuredAt: readings.measuredAt,
          termiteActivity: readings.termiteActivity,
          baitConsumption: readings.baitConsumption,
          batteryPercent: readings.batteryPercent,
          signalLevel: readings.signalLevel,
          state: readings.state,
        })
        .from(readings)
        .where(inRange(equipmentId, from, to))
        .orderBy(asc(readings.measuredAt))
        .limit(limit);
    },

    /**
     * The station's readings in [from, to] averaged into `buckets` equal time buckets (empty buckets left out), oldest
     * first; each point is at the mean time of its readings, values rounded to one decimal. Computed by PostgreSQL
     * (`width_bucket` over the epoch of `measured_at`), so only the points leave the database.
     */
    async bucketed(equipmentId: string, from: Date, to: Date, buckets: number): Promise<ReadingPointRow[]> {
      const epoch = sql`extract(epoch from ${readings.measuredAt})::float8`;
      // `to` itself falls in the last bucket (width_bucket's upper bound is exclusive)
      const bucket = sql`least(width_bucket(${epoch}, ${from.getTime() / 1000}::float8, ${
        to.getTime() / 1000
      }::float8, ${buckets}::int), ${buckets}::int)`;
      const average = (column: AnyColumn) => sql<number>`round(avg(${column})::numeric, 1)`.mapWith(Number);
      return db
        .select({
          measuredAt: sql<Date>`date_trunc('second', to_timestamp(avg(${epoch})))`.mapWith(readings.measuredAt),
          termiteActivity: average(readings.termiteActivity),
          baitConsumption: average(readings.baitConsumption),
          batteryPercent: average(readings.batteryPercent),
          signalLevel: average(readings.signalLevel),
          state: sql<number>`max(${readings.state})`.mapWith(Number),
        })
        .from(readings)
        .where(inRange(equipmentId, from, to))
        .groupBy(bucket)
        .orderBy(sql`min(${readings.measuredAt})`);
    },
  };
}
export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
