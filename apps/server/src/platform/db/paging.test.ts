/**
 * Issue 11 "no exact count(*) on every page, keyset paging for deep pages", through the clients and interventions
 * lists on PGlite and PostgreSQL: totals exact up to {@link EXACT_TOTAL_LIMIT} and on the last page, estimated past
 * it but never below what a client has loaded while a next page exists; `hydra:next` carries a keyset cursor whose
 * pages are those of `?page=`; a cursor that is not one of the list's order answers 422. The sites list's two
 * totals follow the same rule.
 */
import type { HydraCollection } from '@isoptera/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { EXACT_TOTAL_LIMIT } from './paging.js';

type Page = HydraCollection<{ ulid: string; name?: string; start_at?: string }>;

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;

async function get(url: string, cookie = team.owner.cookie) {
  return t.app.inject({ url, headers: as(cookie) });
}
async function page(url: string): Promise<Page> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** Inserts clients `Client <from>` … `Client <to>` (numbers zero-padded) into the space, in one statement. */
async function insertClients(spaceId: string, from: number, to: number, prefix = 'Client'): Promise<void> {
  await t.db.execute(sql`
    insert into clients (id, space_id, name, company, updated_at)
    select ${`01C${spaceId.slice(-6)}`} || lpad(n::text, 17, '0'), ${spaceId}, ${prefix} || ' ' || lpad(n::text, 5, '0'),
      true, '2026-01-01 10:00:00.123456+00'
    from generate_series(${from}::int, ${to}::int) as n`);
  await t.db.execute(sql`analyze clients`);
}

/** Follows `hydra:next` from `url`; answers every page. */
async function walk(url: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let next: string | undefined = url; next; next = pages.at(-1)?.['hydra:view']?.['hydra:next']) {
    pages.push(await page(next));
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  await insertClients(other.spaceId, 1, 40, 'Other');
});
afterAll(() => t.close());

describe('totals of the clients list', () => {
  it(`are exact up to ${EXACT_TOTAL_LIMIT} matches, whatever the page`, async () => {
    await insertClients(team.spaceId, 1, EXACT_TOTAL_LIMIT);
    const first = await page('/api/clients?itemsPerPage=30');
    expect(first['hydra:totalItems']).toBe(EXACT_TOTAL_LIMIT);
    expect(first['hydra:view']?.['hydra:last']).toBe('/api/clients?itemsPerPage=30&page=34');
    expect((await page('/api/clients?itemsPerPage=30&page=20'))['hydra:totalItems']).toBe(EXACT_TOTAL_LIMIT);
    expect((await page('/api/clients?name=client%2000012'))['hydra:totalItems']).toBe(1);
  });

  it('are estimated past the limit, never below what is loaded while a next page exists, exact on the last page', async () => {
    await insertClients(team.spaceId, EXACT_TOTAL_LIMIT + 1, EXACT_TOTAL_LIMIT + 150);
    const total = EXACT_TOTAL_LIMIT + 150;
    const first = await page('/api/clients?itemsPerPage=100');
    expect(first['hydra:totalItems']).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(Math.abs(first['hydra:totalItems'] - total)).toBeLessThanOrEqual(total * 0.1);

    const pages = await walk('/api/clients?itemsPerPage=100');
    const ulids = pages.flatMap((p) => p['hydra:member'].map((c) => c.ulid));
    expect(ulids).toHaveLength(total);
    expect(new Set(ulids).size).toBe(total);
    const names = pages.flatMap((p) => p['hydra:member'].map((c) => c.name));
    expect(names[0]).toBe('Client 00001');
    expect(names.at(-1)).toBe(`Client ${String(total).padStart(5, '0')}`);
    let loaded = 0;
    for (const p of pages.slice(0, -1)) {
      loaded += p['hydra:member'].length;
      expect(p['hydra:totalItems']).toBeGreaterThan(loaded);
    }
    expect(pages.at(-1)?.['hydra:totalItems']).toBe(total);
    expect(pages.at(-1)?.['hydra:view']?.['hydra:next']).toBeUndefined();

    const lastByOffset = await page('/api/clients?itemsPerPage=100&page=12');
    expect(lastByOffset['hydra:member']).toHaveLength(50);
    expect(lastByOffset['hydra:totalItems']).toBe(total);
    const pastTheEnd = await page('/api/clients?itemsPerPage=100&page=40');
    expect(pastTheEnd['hydra:member']).toEqual([]);
    expect(pastTheEnd['hydra:totalItems']).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });
});

describe('keyset pages of the clients list', () => {
  it('are the pages ?page= answers, and hydra:next carries the cursor', async () => {
    const first = await page('/api/clients?itemsPerPage=30&name=client');
    const next = first['hydra:view']?.['hydra:next'] as string;
    expect(next).toMatch(/^\/api\/clients\?itemsPerPage=30&name=client&page=2&cursor=[\w-]+$/);
    const byCursor = await page(next);
    const byOffset = await page('/api/clients?itemsPerPage=30&name=client&page=2');
    expect(byCursor['hydra:member']).toEqual(byOffset['hydra:member']);
    expect(byCursor['hydra:view']?.['@id']).toBe(next);
    expect(byCursor['hydra:view']?.['hydra:previous']).toBe('/api/clients?itemsPerPage=30&name=client&page=1');
  });

  it('walk a descending order of equal timestamps (microseconds kept) without losing or repeating a client', async () => {
    const pages = await walk('/api/clients?itemsPerPage=100&order[updated_at]=desc');
    const ulids = pages.flatMap((p) => p['hydra:member'].map((c) => c.ulid));
    expect(new Set(ulids).size).toBe(EXACT_TOTAL_LIMIT + 150);
    expect(ulids).toEqual([...ulids].sort().reverse());
  });

  it('answers 422 value_invalid on cursor for an altered cursor or one of another order, 400 for no cursor at all', async () => {
    const next = (await page('/api/clients?itemsPerPage=30'))['hydra:view']?.['hydra:next'] as string;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') as string;
    const cases: [string, number][] = [
      [`/api/clients?page=2&cursor=${cursor.slice(0, -4)}`, 422],
      [`/api/clients?page=2&cursor=${cursor}&order[name]=desc`, 422],
      ['/api/clients?page=2&cursor=not~base64', 400],
    ];
    for (const [url, status] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().violations).toEqual([
        expect.objectContaining({ propertyPath: 'cursor', code: 'value_invalid' }),
      ]);
    }
  });
});

describe('keyset pages of the interventions list', () => {
  it('walk every intervention once, by start then id, with the exact total on the last page', async () => {
    const clientId = `01C${team.spaceId.slice(-6)}${'0'.repeat(16)}1`;
    const siteId = `01S${team.spaceId.slice(-6)}${'0'.repeat(17)}`;
    await t.db.execute(sql`
      insert into sites (id, space_id, client_id, name, address_label, area)
      values (${siteId}, ${team.spaceId}, ${clientId}, 'Site', '1 rue des Termites', 100)`);
    // 250 visits, five at each start instant: the id breaks the ties
    await t.db.execute(sql`
      insert into interventions (id, space_id, client_id, site_id, type, start_at, end_at)
      select '01I' || lpad(n::text, 23, '0'), ${team.spaceId}, ${clientId}, ${siteId}, 'TYPE_CONTROL_VISIT',
        '2027-03-01 08:00:00.654321+00'::timestamptz + (n / 5) * interval '1 hour',
        '2027-03-01 09:00:00+00'::timestamptz + (n / 5) * interval '1 hour'
      from generate_series(1, 250) as n`);
    await t.db.execute(sql`
      insert into intervention_interveners (intervention_id, membership_id)
      select '01I' || lpad(n::text, 23, '0'), ${team.technician.membershipId} from generate_series(1, 250) as n`);
    const pages = await walk('/api/interventions?itemsPerPage=100');
    expect(pages).toHaveLength(3);
    expect(pages[1]?.['hydra:view']?.['@id']).toMatch(/page=2&cursor=/);
    const ulids = pages.flatMap((p) => p['hydra:member'].map((i) => i.ulid));
    expect(ulids).toEqual(Array.from({ length: 250 }, (_, i) => `01I${String(i + 1).padStart(23, '0')}`));
    expect(pages.map((p) => p['hydra:totalItems'])).toEqual([250, 250, 250]);
    expect(pages[2]?.['hydra:member'][0]).toMatchObject({
      interveners: [expect.objectContaining({ ulid: team.technician.membershipId })],
    });
  });
});

describe('totals of the sites list (in alert first)', () => {
  it('count each side exactly up to the limit, estimate past it, and hydra:next still walks every site once', async () => {
    const fleet = await createPcoTeam(t.app, t.db);
    const clientId = `01D${fleet.spaceId.slice(-6)}${'0'.repeat(17)}`;
    await t.db.execute(sql`
      insert into clients (id, space_id, name, company) values (${clientId}, ${fleet.spaceId}, 'Grand compte', true)`);
    const others = EXACT_TOTAL_LIMIT + 50;
    // three sites in alert, then more quiet sites than the exact-count limit
    await t.db.execute(sql`
      insert into sites (id, space_id, client_id, name, address_label, area, priority_sum)
      select '01S' || lpad(n::text, 23, '0'), ${fleet.spaceId}, ${clientId}, 'Site ' || lpad(n::text, 5, '0'),
        '1 rue des Termites', 100, case when n <= 3 then 10 + n else 0 end
      from generate_series(1, ${others + 3}::int) as n`);
    await t.db.execute(sql`analyze sites`);
    const list = async (url: string) => {
      const response = await get(url, fleet.owner.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        in_alert_sites: { ulid: string }[];
        other_sites: { ulid: string }[];
        in_alert_site_number: number;
        other_site_number: number;
        'hydra:view': { 'hydra:next'?: string };
      };
    };
    const first = await list('/api/sites?itemsPerPage=100');
    expect(first.in_alert_site_number).toBe(3);
    expect(first.in_alert_sites.map((s) => s.ulid)).toEqual([
      `01S${'3'.padStart(23, '0')}`,
      `01S${'2'.padStart(23, '0')}`,
      `01S${'1'.padStart(23, '0')}`,
    ]);
    // past the limit: the planner's estimate, never below the limit + 1
    expect(first.other_site_number).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const seen: string[] = [];
    for (let next: string | undefined = '/api/sites?itemsPerPage=100'; next; ) {
      const answer = await list(next);
      seen.push(...answer.in_alert_sites.map((s) => s.ulid), ...answer.other_sites.map((s) => s.ulid));
      next = answer['hydra:view']['hydra:next'];
      expect(seen.length).toBeLessThanOrEqual(others + 3);
    }
    expect(new Set(seen).size).toBe(others + 3);
  });
});
