/** The demo sites seed (issue 2 §5): volume, coverage of every enum value, referents, addresses, alerts, determinism. */
import { BUILDING_TYPES, SITE_STATUSES, TERMITE_SPECIES, TREATMENT_TYPES, WORK_TYPES } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace } from '../../../test/factories.js';
import { insertClient } from '../../modules/sites/sites.test-data.js';
import { sites } from '../schema/index.js';
import { DEMO_PEOPLE, DEMO_SPACES } from './demo-people.js';
import type { DemoIds } from './seed-demo.js';
import { planSeedSites, seedSites, sitesPerClient } from './seed-sites.js';
import type { SeededClient, SeededSite } from './seed-types.js';

const NOW = new Date('2026-03-02T09:00:00Z');
const CLIENTS_PER_SPACE: Record<string, number> = { pco: 44, pco3: 8, pco2: 12 };

let t: TestApp;
let ids: DemoIds;
let clients: SeededClient[];
let seeded: SeededSite[];
let rows: (typeof sites.$inferSelect)[];

beforeAll(async () => {
  t = await buildTestApp();
  ids = { spaces: {}, memberships: {} };
  for (const space of DEMO_SPACES.filter((s) => s.type === 'pco'))
    ids.spaces[space.key] = await createSpace(t.db, 'pco', { name: space.name });
  for (const person of DEMO_PEOPLE) {
    for (const m of person.memberships.filter((x) => ids.spaces[x.space])) {
      const member = await createMember(t.db, ids.spaces[m.space] as string, m.role as 'ROLE_PCO_SPACE_OWNER', {
        firstname: person.firstname,
        lastname: person.lastname,
      });
      ids.memberships[`${person.email}@${m.space}`] = member.membershipId;
    }
  }
  clients = [];
  for (const [spaceKey, n] of Object.entries(CLIENTS_PER_SPACE)) {
    for (let i = 0; i < n; i++) {
      const client = await insertClient(t.db, ids.spaces[spaceKey] as string, `Client ${spaceKey} ${i}`, 1 + (i % 3));
      clients.push({ id: client.id, spaceKey, company: i % 3 !== 2, contactIds: client.contactIds });
    }
  }
  seeded = await seedSites(t.db, ids, clients, NOW);
  rows = await t.db.select().from(sites);
}, 120_000);
afterAll(() => t.close());

const valuesIn = (spaceKey: string, pick: (row: typeof sites.$inferSelect) => string | null) =>
  new Set(rows.filter((r) => r.spaceId === ids.spaces[spaceKey]).map(pick));

describe('seedSites', () => {
  it('creates at least 92 sites, one to three per client', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(92);
    expect(rows).toHaveLength(seeded.length);
    const perClient = new Map<string, number>();
    for (const row of rows) perClient.set(row.clientId, (perClient.get(row.clientId) ?? 0) + 1);
    for (const client of clients) expect(perClient.get(client.id) ?? 0, client.id).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perClient.values())).toBeLessThanOrEqual(3);
    expect([...perClient.values()].filter((n) => n > 1).length).toBeGreaterThan(5);
  });

  it('uses every status, treatment type, termite species, work type and building type in the first PCO', () => {
    expect(valuesIn('pco', (r) => r.status)).toEqual(new Set(SITE_STATUSES));
    expect(valuesIn('pco', (r) => r.treatmentType)).toEqual(new Set(TREATMENT_TYPES));
    expect(valuesIn('pco', (r) => r.termiteSpecies)).toEqual(new Set(TERMITE_SPECIES));
    expect(valuesIn('pco', (r) => r.workType)).toEqual(new Set(WORK_TYPES));
    expect(valuesIn('pco', (r) => r.buildingType)).toEqual(new Set(BUILDING_TYPES));
  });

  it('picks referents among the space’s members, mostly technicians', () => {
    const technicians = new Set(
      ['technician@demo.example', 'emma.petit@demo.example', 'hugo.roux@demo.example'].map(
        (e) => ids.memberships[`${e}@pco`],
      ),
    );
    const first = rows.filter((r) => r.spaceId === ids.spaces.pco);
    const byTechnicians = first.filter((r) => technicians.has(r.referentId as string)).length;
    expect(byTechnicians / first.length).toBeGreaterThan(0.6);
    expect(byTechnicians).toBeLessThan(first.length);
    for (const row of rows) {
      const key = Object.entries(ids.memberships).find(([, id]) => id === row.referentId)?.[0];
      expect(key?.endsWith(`@${Object.entries(ids.spaces).find(([, id]) => id === row.spaceId)?.[0]}`), row.name).toBe(
        true,
      );
    }
  });

  it('gives realistic addresses with coordinates, areas of 80–5000 m² and estimated equipment', () => {
    for (const row of rows) {
      expect(row.area).toBeGreaterThanOrEqual(80);
      expect(row.area).toBeLessThanOrEqual(5000);
      expect(row.latitude).toMatch(/^\d+\.\d{9}$/);
      expect(row.estimatedIgsNumber).toBeGreaterThan(0);
    }
    const japanese = rows.filter((r) => r.spaceId === ids.spaces.pco2);
    expect(japanese.every((r) => r.addressLabel.startsWith('〒') && /[都府県]/.test(r.addressLabel))).toBe(true);
    expect(japanese.every((r) => Number(r.latitude) > 34 && Number(r.longitude) > 135)).toBe(true);
    const nantes = rows.filter((r) => r.spaceId === ids.spaces.pco3);
    expect(nantes.every((r) => r.postalCode?.startsWith('44') && Number(r.latitude) > 47)).toBe(true);
    const bordeaux = rows.filter((r) => r.spaceId === ids.spaces.pco);
    expect(bordeaux.every((r) => r.postalCode?.startsWith('33') && r.country === 'France')).toBe(true);
  });

  it('gives every STATUS_TO_INSTALL site a coming desired installation date', () => {
    const toInstall = rows.filter((r) => r.status === 'STATUS_TO_INSTALL');
    expect(toInstall.length).toBeGreaterThan(3);
    for (const row of toInstall)
      expect(row.desiredInstallationDate && row.desiredInstallationDate > '2026-03-02').toBe(true);
  });

  it('puts no site in alert by itself: alerts come from the equipment readings', () => {
    expect(rows.filter((r) => r.prioritySum > 0 || r.mainAlertType !== null)).toEqual([]);
  });

  it('is deterministic', () => {
    expect(planSeedSites(ids, clients, NOW)).toEqual(planSeedSites(ids, clients, NOW));
    expect(sitesPerClient(64).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(92);
    expect(sitesPerClient(20).reduce((a, b) => a + b, 0)).toBe(92);
  });
});
