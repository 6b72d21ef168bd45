/**
 * Issue 12 "Demo data", on the real demo seed: every past visit of the last six weeks has a report — most sent, the
 * last few to process, a few discarded with a reason —, the checks agree with the stations' readings, sent reports
 * carry a frozen PDF, each demo PCO has a catalogue in its language, the sites keep the statuses they were seeded
 * with, and another PCO's owner gets 404 for them. Checked through the API as each space's owner sees it.
 */
import type { ProductCollection, Report, ReportCollection } from '@isoptera/contracts';
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interventions, sites, spaces } from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-people.js';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.js';
import { ACTIVITY_THRESHOLD, TO_PROCESS_LAST } from '../src/db/seed/seed-reports.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { as, login } from './factories.js';

const NOW = new Date();
const DAY_MS = 86_400_000;

let t: TestApp;
let owner: Record<string, string>;
let owner2: Record<string, string>;
let pcoId = '';
let siteStatusesBefore = new Map<string, string>();

async function get<T>(headers: Record<string, string>, url: string): Promise<T> {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** Every report of one list of the first PCO, all pages; visit reports only unless `automatic`. */
async function all(status: 'to_process' | 'history', automatic = false): Promise<ReportCollection['hydra:member']> {
  const items: ReportCollection['hydra:member'] = [];
  for (let page = 1; page < 20; page++) {
    const body = await get<ReportCollection>(owner, `/api/reports?status=${status}&itemsPerPage=100&page=${page}`);
    items.push(...body['hydra:member']);
    if (body['hydra:member'].length < 100) break;
  }
  return items.filter((r) => automatic || r.type !== 'TYPE_AUTOMATIC_REPORT');
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoIfEmpty(t.db, NOW);
  const [pco] = await t.db.select().from(spaces).where(eq(spaces.name, 'Sud-Ouest Protection Termites'));
  pcoId = pco?.id ?? '';
  owner = as(await login(t.app, 'owner@demo.example', DEMO_PASSWORD));
  owner2 = as(await login(t.app, 'owner2@demo.example', DEMO_PASSWORD));
  siteStatusesBefore = new Map(
    (await t.db.select({ id: sites.id, status: sites.status }).from(sites)).map((s) => [s.id, s.status]),
  );
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('demo reports', () => {
  it('has last month’s monthly automatic report of one site of the first PCO, to process, drawn as a PDF (issue 15)', async () => {
    const automatic = (await all('to_process', true)).filter((r) => r.type === 'TYPE_AUTOMATIC_REPORT');
    expect(automatic).toHaveLength(1);
    expect(automatic[0]).toMatchObject({ automatic_kind: 'periodic', intervention_ulid: null, language: 'fr' });
    const monthStart = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 1, 1));
    expect(Math.abs(Date.parse(automatic[0]?.visit_started_at ?? '') - monthStart.getTime())).toBeLessThan(DAY_MS);
    const pdf = await t.app.inject({ url: `/api/reports/${automatic[0]?.ulid}/pdf`, headers: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives every past visit of the last six weeks a report: most sent, the last few to process, a few discarded', async () => {
    const past = await t.db
      .select({ id: interventions.id })
      .from(interventions)
      .where(
        and(
          eq(interventions.spaceId, pcoId),
          gte(interventions.startAt, new Date(NOW.getTime() - 42 * DAY_MS)),
          lt(interventions.endAt, NOW),
        ),
      );
    const toProcess = await all('to_process');
    const history = await all('history');
    const reported = new Set([...toProcess, ...history].map((r) => r.intervention_ulid));
    expect(past.length).toBeGreaterThan(40);
    expect(reported).toEqual(new Set(past.map((v) => v.id)));

    const sent = history.filter((r) => r.status === 'sent');
    const discarded = history.filter((r) => r.status === 'discarded');
    expect(sent.length).toBeGreaterThan(past.length / 2);
    expect(discarded.length).toBeGreaterThan(0);
    expect(discarded.every((r) => (r.discard_reason ?? '').length > 0)).toBe(true);
    expect(toProcess.length).toBe(TO_PROCESS_LAST);
    const lastSent = Math.max(...sent.map((r) => Date.parse(r.visit_ended_at)));
    expect(toProcess.every((r) => Date.parse(r.visit_ended_at) >= lastSent)).toBe(true);
    expect(sent.every((r) => r.sent_at !== null)).toBe(true);
  });

  it('records checks that agree with the readings, a bait used where termites were found, and freezes the sent PDF', async () => {
    const listed = [...(await all('to_process')), ...(await all('history'))];
    const reports = await Promise.all(listed.map((r) => get<Report>(owner, `/api/reports/${r.ulid}`)));
    const checks = reports.flatMap((r) => r.station_checks);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      const active = (check.termite_activity ?? 0) >= ACTIVITY_THRESHOLD;
      expect(check.result, check.reference).toBe(active ? 'activity' : 'no_activity');
    }
    const withActivity = reports.filter((r) => r.station_checks.some((c) => c.result === 'activity'));
    expect(withActivity.length).toBeGreaterThan(0);
    expect(withActivity.every((r) => r.product_uses.length === 1 && r.product_uses[0]?.registration_number)).toBe(true);
    const first = reports.find((r) => r.status === 'sent') as Report;
    expect(first.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(first.deliveries[0]?.recipients.length).toBe(1);
    const pdf = await t.app.inject({ url: `/api/reports/${first.ulid}/pdf`, headers: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives each demo PCO a catalogue in its language', async () => {
    const fr = await get<ProductCollection>(owner, '/api/products');
    const ja = await get<ProductCollection>(owner2, '/api/products');
    expect(fr['hydra:member'].map((p) => p.register)).toContain('fr_biocide');
    expect(ja['hydra:member'].every((p) => p.register === 'jp')).toBe(true);
    expect(ja['hydra:member'].some((p) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(p.name))).toBe(true);
  });

  it('leaves the sites in the statuses they were seeded with', async () => {
    const open = await all('to_process');
    expect(open.length).toBeGreaterThan(0);
    const statuses = await t.db.select({ id: sites.id, status: sites.status }).from(sites);
    expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(siteStatusesBefore);
    expect(new Set(statuses.map((s) => s.status)).size).toBeGreaterThanOrEqual(8);
  });

  it("answers 404 to another PCO's owner for the first PCO's reports", async () => {
    const [report] = await all('history');
    const response = await t.app.inject({ url: `/api/reports/${report?.ulid}`, headers: owner2 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'report_not_found' });
    const list = await get<ReportCollection>(owner2, '/api/reports?status=history&itemsPerPage=100');
    expect(list['hydra:member'].some((r) => r.ulid === report?.ulid)).toBe(false);
  });
});
