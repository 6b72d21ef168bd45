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
import { compileRowMapper } from './compiled-rows.js';
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
