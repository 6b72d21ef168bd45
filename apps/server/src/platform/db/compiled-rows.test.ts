/**
 * `compileRowMapper` (issue 11, docs/benchmarks.md) must give exactly the rows Drizzle's own mapping gives, on the
 * driver of this project: flat and nested selections, whole joined tables, `sql` expressions with and without
 * `mapWith`, timestamps, and a left-joined table's object set to `null` when its row is missing.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSpace } from '../../../test/factories.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { spaces } from '../../db/schema/index.js';
import { compileRowMapper, parseTimestamp } from './compiled-rows.js';
import type { Database } from './database.js';

let database: Database;
let pco = '';
let dealer = '';

beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
  dealer = await createSpace(database.db, 'dealer', { name: 'Distributeur Sud' });
  pco = await createSpace(database.db, 'pco', { name: 'Termites & Co', dealerId: dealer });
});
afterAll(() => database.close());

const parent = alias(spaces, 'parent');

/** The same select, prepared under `name`, for the spaces `ids` in id order. */
function statement(name: string) {
  const { db } = database;
  return db
    .select({
      id: spaces.id,
      shout: sql<string>`upper(${spaces.name})`,
      length: sql<number>`length(${spaces.name})`.mapWith(Number),
      createdAt: spaces.createdAt,
      parent,
      summary: { name: parent.name, createdAt: parent.createdAt },
    })
    .from(spaces)
    .leftJoin(parent, eq(parent.id, spaces.dealerId))
    .where(sql`${spaces.id} in (${sql.placeholder('a')}, ${sql.placeholder('b')})`)
    .orderBy(asc(spaces.id))
    .prepare(name);
}

describe('compileRowMapper', () => {
  it('maps rows exactly as Drizzle does, nested objects and missing left joins included', async () => {
    const expected = await statement('compiled_rows_drizzle').execute({ a: dealer, b: pco });
    const compiled = await compileRowMapper(statement('compiled_rows_compiled')).execute({ a: dealer, b: pco });
    expect(compiled).toEqual(expected);
    const [ofDealer, ofPco] = compiled;
    // a dealer has no parent: the joined table and the object made of its columns are null
    expect(ofDealer).toMatchObject({ id: dealer, shout: 'DISTRIBUTEUR SUD', length: 16, parent: null, summary: null });
    expect(ofDealer?.createdAt).toBeInstanceOf(Date);
    expect(ofPco?.parent?.name).toBe('Distributeur Sud');
    expect(ofPco?.summary).toEqual({ name: 'Distributeur Sud', createdAt: expect.any(Date) });
  });

  it('leaves a statement without selected fields as it is', () => {
    const raw = { customResultMapper: undefined };
    expect(compileRowMapper(raw)).toBe(raw);
    expect(raw.customResultMapper).toBeUndefined();
  });
});

describe('parseTimestamp', () => {
  it('reads the text of a timestamp as Drizzle does (new Date), odd cases included', () => {
    const withZone = [
      '2026-11-28 04:40:00+00',
      '2026-11-28 04:40:00.1+00',
      '2026-11-28 04:40:00.12+01',
      '2026-11-28 04:40:00.123999+05:30',
      '2026-11-28 04:40:00.999999-03:30',
      '2024-02-29 23:59:59.5+14',
      '1969-12-31 23:59:59.999+00',
      '2026-04-31 00:00:00+00',
      '1900-01-01 00:00:00+00:09:21',
      '0099-01-01 00:00:00+00',
      '0001-01-01 00:00:00+00 BC',
      '10000-01-01 00:00:00+00',
      'infinity',
      '-infinity',
      '2026-11-28T04:40:00Z',
    ];
    for (const text of withZone) {
      expect([text, parseTimestamp(text, true).getTime()]).toEqual([text, new Date(text).getTime()]);
    }
    for (const text of ['2026-11-28 04:40:00', '2026-11-28 04:40:00.654321', '1970-01-01 00:00:00', 'infinity']) {
      expect([text, parseTimestamp(text, false).getTime()]).toEqual([text, new Date(`${text}+0000`).getTime()]);
    }
  });

  it('agrees with new Date on instants spread over 1000–9999, with every kind of offset and fraction', () => {
    const offsets = ['+00', '+01', '-03:30', '+05:45', '+14', '-12'];
    const fractions = ['', '.5', '.05', '.123', '.9999', '.000001'];
    const mismatches: string[] = [];
    for (
      let i = 0, ms = Date.UTC(1000, 0, 1);
      ms < Date.UTC(9999, 0, 1);
      i += 1, ms += 86_400_000 * 3_217 + 3_725_001
    ) {
      const text = `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}${fractions[i % 6]}${offsets[i % 5]}`;
      if (parseTimestamp(text, true).getTime() !== new Date(text).getTime()) mismatches.push(text);
    }
    expect(mismatches).toEqual([]);
  });

  it('reads the timestamps the database sends', async () => {
    const { db } = database;
    const result = (await db.execute(
      sql`select now()::text as now, (now() - interval '1 year 3 days 7 hours')::text as before`,
    )) as unknown as { rows: { now: string; before: string }[] };
    for (const text of Object.values(result.rows[0] ?? {})) {
      expect(parseTimestamp(text, true).getTime()).toBe(new Date(text).getTime());
    }
  });
});
