/**
 * Issue 5 "for a station its readings as a time-series chart … over a chosen period": `GET
 * /api/equipment/{ulid}/readings?from&to` — the period, oldest first, bucketed averages beyond 500 readings.
 */
import type { ReadingSeries } from '@isoptera/contracts';
import { READINGS_MAX_POINTS } from '@isoptera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertReadings, type TestReading } from '../../../test/equipment-factories.js';
import { ctx, request, setUpEquipmentApp, violations } from './equipment.test-support.js';

setUpEquipmentApp();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = new Date('2026-01-01T00:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
const stationId = (i: number) => ctx.site.stations[i]?.id as string;
const readingsUrl = (id: string, query: Record<string, string> = {}) =>
  `/api/equipment/${id}/readings?${new URLSearchParams(query).toString()}`;
const series = async (id: string, query: Record<string, string> = {}) => {
  const response = await request('GET', readingsUrl(id, query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReadingSeries;
};

beforeAll(async () => {
  // station 0: 1000 hourly readings from 2026-01-01 (activity = hour % 10, battery decaying); station 1: 3 readings
  const hourly: TestReading[] = Array.from({ length: 1000 }, (_, h) => ({
    measuredAt: at(h),
    termiteActivity: h % 10,
    baitConsumption: h < 500 ? 0 : 10,
    batteryPercent: 100 - Math.floor(h / 20),
    signalLevel: -80 - (h % 2) * 10,
    state: h === 999 ? 3 : 1,
  }));
  await insertReadings(ctx.t.db, stationId(0), hourly);
  await insertReadings(ctx.t.db, stationId(1), [
    { measuredAt: at(5), termiteActivity: 72, batteryPercent: null, batteryLevel: 'Low', state: 2 },
    { measuredAt: at(1), termiteActivity: 3 },
    { measuredAt: at(48) },
  ]);
});

describe('GET /api/equipment/{ulid}/readings', () => {
  it('answers the readings of the period as they are, oldest first, in the actor’s time zone', async () => {
    const answer = await series(stationId(1), { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
    expect(answer).toEqual({
      '@context': '/api/contexts/ReadingSeries',
      '@id': `/api/equipment/${stationId(1)}/readings`,
      '@type': 'ReadingSeries',
      equipment_ulid: stationId(1),
      from: '2026-01-01T01:00:00+01:00',
      to: '2026-01-02T01:00:00+01:00',
      bucketed: false,
      points: [
        {
          measured_at: '2026-01-01T02:00:00+01:00',
          termite_activity: 3,
          bait_consumption: 0,
          battery_percent: 90,
          signal_level: -90,
          state: 1,
        },
        {
          measured_at: '2026-01-01T06:00:00+01:00',
          termite_activity: 72,
          bait_consumption: 0,
          battery_percent: null,
          signal_level: -90,
          state: 2,
        },
      ],
    });
    // both ends are included
    const edges = await series(stationId(0), { from: at(10).toISOString(), to: at(20).toISOString() });
    expect(edges.points).toHaveLength(11);
    expect(edges.bucketed).toBe(false);
  });

  it('averages more than 500 readings into 500 equal time buckets', async () => {
    const from = at(0);
    const to = at(1000);
    const answer = await series(stationId(0), { from: from.toISOString(), to: to.toISOString() });
    expect(answer.bucketed).toBe(true);
    // 1000 hours in 500 buckets of 2 hours: two readings each
    expect(answer.points).toHaveLength(READINGS_MAX_POINTS);
    const times = answer.points.map((p) => Date.parse(p.measured_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(at(0.5).getTime());
    expect(answer.points[0]).toEqual({
      measured_at: '2026-01-01T01:30:00+01:00',
      termite_activity: 0.5,
      bait_consumption: 0,
      battery_percent: 100,
      signal_level: -85,
      state: 1,
    });
    // the last bucket holds readings 998 and 999: the worst state wins
    expect(answer.points.at(-1)).toMatchObject({ termite_activity: 8.5, bait_consumption: 10, state: 3 });
  });

  it('buckets over the asked period, leaving out empty buckets', async () => {
    // 1000 hourly readings in a 100-day period: buckets of 4.8 hours, the 209 first hold readings, the rest are empty
    const answer = await series(stationId(0), { from: at(0).toISOString(), to: at(100 * 24).toISOString() });
    expect(answer.bucketed).toBe(true);
    expect(answer.points).toHaveLength(209);
    expect(Date.parse(answer.points.at(-1)?.measured_at as string)).toBeLessThanOrEqual(at(999).getTime());
  });

  it('defaults to the last 30 days', async () => {
    const answer = await series(stationId(0));
    const from = Date.parse(answer.from);
    const to = Date.parse(answer.to);
    expect(to - from).toBe(30 * DAY);
    expect(Math.abs(to - Date.now())).toBeLessThan(60_000);
    const onlyTo = await series(stationId(0), { to: at(100).toISOString() });
    expect(Date.parse(onlyTo.from)).toBe(at(100).getTime() - 30 * DAY);
    expect(onlyTo.points).toHaveLength(101);
  });

  it('refuses a period over 400 days or ending before it starts (422 period_invalid)', async () => {
    for (const query of [
      { from: '2025-01-01T00:00:00Z', to: '2026-02-06T00:00:00Z' },
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    ]) {
      const response = await request('GET', readingsUrl(stationId(0), query));
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(violations(response)).toEqual(['from:period_invalid']);
    }
    const exactly400 = await request(
      'GET',
      readingsUrl(stationId(0), { from: '2025-01-01T00:00:00Z', to: '2026-02-05T00:00:00Z' }),
    );
    expect(exactly400.statusCode).toBe(200);
    const malformed = await request('GET', readingsUrl(stationId(0), { from: 'last week' }));
    expect(malformed.statusCode).toBe(400);
    expect(violations(malformed)).toEqual(['from:from_invalid']);
  });

  it("answers an empty series for a gateway, 404 for another PCO's station, 403 to a technician", async () => {
    const gateway = await series(ctx.site.gateway.id);
    expect(gateway.points).toEqual([]);
    const foreign = await request('GET', readingsUrl(ctx.foreign.stations[0]?.id as string));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('equipment_not_found');
    const technician = await request('GET', readingsUrl(stationId(0)), undefined, ctx.team.technician.cookie);
    expect(technician.statusCode).toBe(403);
  });
});
