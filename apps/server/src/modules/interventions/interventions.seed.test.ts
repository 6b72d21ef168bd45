/** The demo interventions (seed-interventions.ts): counts, types, hours, interveners, statuses kept, determinism. */
import { INTERVENTION_TYPES, type Intervention, SITE_STATUSES } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { DEMO_PEOPLE } from '../../db/seed/demo-people.js';
import type { DemoIds } from '../../db/seed/seed-demo.js';
import { planSeedInterventions, seedInterventions } from '../../db/seed/seed-interventions.js';
import type { SeededSite } from '../../db/seed/seed-types.js';
import { formatZoned, zonedDate } from '../../platform/time/zoned.js';
import { addClient, addSite, siteStatus } from './interventions.fixtures.js';

/** A Friday evening in Paris: every visit of "today" is already past. */
const NOW = new Date('2026-11-20T17:45:00Z');
const SPACE_KEYS = ['pco', 'pco2', 'pco3'] as const;

let t: TestApp;
const ids: DemoIds = { spaces: {}, memberships: {} };
const sites: SeededSite[] = [];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const key of SPACE_KEYS) ids.spaces[key] = await createSpace(t.db, 'pco');
  for (const person of DEMO_PEOPLE) {
    for (const m of person.memberships.filter((x) => x.space in ids.spaces)) {
      const member = await createMember(t.db, ids.spaces[m.space] as string, m.role as 'ROLE_PCO_SPACE_OWNER', {
        email: person.email,
        firstname: person.firstname,
        lastname: person.lastname,
        timezone: person.timezone,
        ...(m.color ? { color: m.color } : {}),
      });
      ids.memberships[`${person.email}@${m.space}`] = member.membershipId;
    }
  }
  for (const key of SPACE_KEYS) {
    const spaceId = ids.spaces[key] as string;
    const perStatus = key === 'pco' ? 4 : 1;
    const clientId = await addClient(t.db, spaceId, `Client ${key}`);
    for (const status of [...SITE_STATUSES, 'STATUS_IN_OPERATION', 'STATUS_IN_OPERATION']) {
      for (let i = 0; i < perStatus; i++) {
        sites.push({ id: await addSite(t.db, spaceId, clientId, { status }), clientId, spaceKey: key, status });
      }
    }
  }
  await seedInterventions(t.db, ids, sites, NOW);
  for (const [key, email] of [
    ['pco', 'owner@demo.example'],
    ['pco2', 'owner2@demo.example'],
    ['pco3', 'owner3@demo.example'],
  ] as const) {
    cookies[key] = await login(t.app, email);
  }
}, 180_000);
afterAll(() => t.close());

async function all(key: string, query = ''): Promise<{ items: Intervention[]; total: number }> {
  const items: Intervention[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/interventions?itemsPerPage=100&page=${page}${query}`,
      headers: as(cookies[key] as string),
    });
    const json = response.json();
    total = json['hydra:totalItems'];
    items.push(...json['hydra:member']);
    if (items.length >= total) return { items, total };
  }
}

describe('seedInterventions', () => {
  it('creates at least 200 visits, mostly in the first PCO, every type there', async () => {
    const counts = await Promise.all(SPACE_KEYS.map(async (key) => (await all(key)).total));
    const [pco = 0, pco2 = 0, pco3 = 0] = counts;
    expect(pco + pco2 + pco3).toBeGreaterThanOrEqual(200);
    expect(pco).toBeGreaterThan(pco2 + pco3);
    expect(pco2).toBeGreaterThan(0);
    expect(pco3).toBeGreaterThan(0);
    const types = new Set((await all('pco')).items.map((i) => i.type));
    expect([...types].sort()).toEqual([...INTERVENTION_TYPES].sort());
  });

  it('places them in working hours of the owner zone, 1–3 h long, over ±6 weeks, with 1–2 interveners', async () => {
    for (const key of SPACE_KEYS) {
      const { items } = await all(key);
      const zone = key === 'pco2' ? 'Asia/Tokyo' : 'Europe/Paris';
      for (const item of items) {
        const start = new Date(item.start_at);
        const end = new Date(item.end_at);
        const minutes = (end.getTime() - start.getTime()) / 60_000;
        expect(minutes).toBeGreaterThanOrEqual(60);
        expect(minutes).toBeLessThanOrEqual(180);
        const local = formatZoned(start, zone);
        const startHour = Number(local.slice(11, 13));
        const endLocal = formatZoned(end, zone);
        const endMinutes = Number(endLocal.slice(11, 13)) * 60 + Number(endLocal.slice(14, 16));
        expect(startHour).toBeGreaterThanOrEqual(8);
        expect(endMinutes).toBeLessThanOrEqual(18 * 60);
        expect(zonedDate(start, zone)).toBe(zonedDate(end, zone));
        expect(item.interveners.length).toBeGreaterThanOrEqual(1);
        expect(item.interveners.length).toBeLessThanOrEqual(2);
        expect(Math.abs(start.getTime() - NOW.getTime())).toBeLessThanOrEqual(43 * 86_400_000);
      }
      if (key === 'pco') {
        expect(items.some((i) => new Date(i.start_at).getTime() < NOW.getTime() - 28 * 86_400_000)).toBe(true);
        expect(items.some((i) => new Date(i.start_at).getTime() > NOW.getTime() + 28 * 86_400_000)).toBe(true);
      }
    }
  });

  it('books no intervener twice at the same time and no site twice a day', async () => {
    const { items } = await all('pco');
    const byMember = new Map<string, [number, number][]>();
    const siteDays = new Set<string>();
    for (const item of items) {
      const from = new Date(item.start_at).getTime();
      const to = new Date(item.end_at).getTime();
      for (const member of item.interveners) {
        const slots = byMember.get(member.ulid) ?? [];
        expect(slots.some(([a, b]) => from < b && a < to)).toBe(false);
        byMember.set(member.ulid, [...slots, [from, to]]);
      }
      const day = `${item.site_ulid}@${item.start_at.slice(0, 10)}`;
      expect(siteDays.has(day)).toBe(false);
      siteDays.add(day);
    }
  });

  it('gives the first PCO visits today and in the next 14 days (Home)', async () => {
    const today = zonedDate(NOW, 'Europe/Paris');
    const todays = await all('pco', `&start_date=${today}&end_date=${today}`);
    expect(todays.total).toBeGreaterThanOrEqual(4);
    const upcoming = await all('pco', `&start_date=${today}&end_date=2026-12-04`);
    expect(upcoming.total).toBeGreaterThanOrEqual(15);
  });

  it('keeps every site status as the sites seed set it, and gives each planned site its coming visit', async () => {
    for (const site of sites) expect(await siteStatus(t.db, site.id)).toBe(site.status);
    const { items } = await all('pco');
    const planned = sites.filter((s) => s.spaceKey === 'pco' && s.status.startsWith('STATUS_PLANNED_'));
    for (const site of planned) {
      expect(items.some((i) => i.site_ulid === site.id && new Date(i.start_at).getTime() > NOW.getTime())).toBe(true);
    }
  });

  it('plans the same visits for the same input', () => {
    const strip = (plan: ReturnType<typeof planSeedInterventions>) =>
      plan.map((p) => ({ ...p, startAt: p.startAt.toISOString() }));
    expect(strip(planSeedInterventions(ids, sites, NOW))).toEqual(strip(planSeedInterventions(ids, sites, NOW)));
    expect(planSeedInterventions(ids, sites, new Date(NOW.getTime() + 1000)).length).toBe(
      planSeedInterventions(ids, sites, NOW).length,
    );
  });
});
