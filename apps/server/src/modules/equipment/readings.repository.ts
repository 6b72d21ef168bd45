/**
 * The readings history of one station (issue 5 "history queries stay fast at tens of millions of rows"). Every query
 * filters on `equipment_id = ? and measured_at between ? and ?`, a range of the primary key (equipment_id,
 * measured_at): it reads only that station's rows of the period, whatever the size of the table. The caller has
 * already checked that the station belongs to the actor's space (the readings table has no space column).
 */
import { type AnyColumn, and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { equipment, readings } from '../../db/schema/index.js';
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
 * The first `limit` readings of a station of the space in [from, to], oldest first, in one prepared statement that
 * also tells whether the station is of the space: a row per reading, or one row of nulls for a station of the space
 * without readings in the period, or no row for an unknown station (or one of another space).
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
  return db
    .select({
      measuredAt: points.measuredAt,
      termiteActivity: points.termiteActivity,
      baitConsumption: points.baitConsumption,
      batteryPercent: points.batteryPercent,
      signalLevel: points.signalLevel,
      state: points.state,
    })
    .from(station)
    .leftJoinLateral(points, sql`true`)
    .orderBy(asc(points.measuredAt))
    .prepare('readings_raw_in_space');
}

export function createReadingsRepository(db: Db) {
  const inRange = (equipmentId: string, from: Date, to: Date) =>
    and(eq(readings.equipmentId, equipmentId), gte(readings.measuredAt, from), lte(readings.measuredAt, to));
  let rawInSpace: ReturnType<typeof prepareRawInSpace> | undefined;

  return {
    /**
     * The first `limit` readings of station `equipmentId` of the space in [from, to], oldest first, in one round
     * trip; null when the station is unknown or of another space.
     */
    async rawInSpace(
      spaceId: string,
      equipmentId: string,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<ReadingPointRow[] | null> {
      rawInSpace ??= prepareRawInSpace(db);
      const rows = await rawInSpace.execute({ spaceId, equipmentId, from, to, limit });
      if (!rows.length) return null;
      return rows.filter((row): row is ReadingPointRow => row.measuredAt !== null) as ReadingPointRow[];
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
