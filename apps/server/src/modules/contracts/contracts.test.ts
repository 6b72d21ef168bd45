/**
 * Issue 13 "Contracts": `/api/contracts` (SPEC §5 "Contract" rules with §8's codes, CRUD, early end, merge patch),
 * the signed PDF checked by content, 404 across spaces, and Home's due visits.
 */
import type { ContractCollection, ContractDetail, DueVisitList } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { intervenersOf, plannedVisits } from '../../../test/contract-factories.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import {
  call,
  insertClientWithContact,
  insertSiteWithStations,
  multipartForm,
  png,
  violations,
} from '../../../test/report-factories.js';
import { interventionInterveners } from '../../db/schema/index.js';
import { zonedDate } from '../../platform/time/zoned.js';
import { addDays } from './contract-schedule.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let siteId: string;
let clientId: string;
const today = () => zonedDate(new Date(), 'Europe/Paris');
/**
 * The contracts' start: the first day after today whose day of month is 28 at most, so that a monthly rule falls on
 * that day of each month whatever day the suite runs (a start past the 28th is visited at each month's end instead).
 */
const startDay = () => {
  let day = addDays(today(), 1);
  while (Number(day.slice(8)) > 28) day = addDays(day, 1);
  return day;
};

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  clientId = await insertClientWithContact(t.db, team.spaceId, 'Château Margaux', 'cm@customer.example');
  ({ siteId } = await insertSiteWithStations(t.db, team.spaceId, { clientId, stationCount: 0, siteName: 'Chai' }));
});
afterAll(() => t.close());

const owner = (method: Parameters<typeof call>[2], url: string, payload?: unknown) =>
  call(t, team.owner.cookie, method, url, payload);
const body = (changes: Record<string, unknown> = {}) => ({
  site: `/api/sites/${siteId}`,
  reference: 'CT-2026-001',
  started_at: startDay(),
  ended_at: addDays(today(), 365),
  notes: 'Contrat annuel',
  visit_rule: { type: 'every', interval: 1, unit: 'months' },
  visit_window_days: 10,
  preferred_technician: team.technician.iri,
  price: '1200.50',
  currency: 'EUR',
  billing_period: 'yearly',
  auto_renewal: true,
  warranty_years: 2,
  ...changes,
});
const visitsOf = (contractId: string) => plannedVisits(t.db, contractId);

describe('/api/contracts', () => {
  it('creates a contract with a monthly rule and plans its first visit with the preferred technician', async () => {
    const created = await owner('POST', '/api/contracts', body());
    expect(created.statusCode, created.body).toBe(201);
    const contract = created.json() as ContractDetail;
    expect(contract).toMatchObject({
      '@context': '/api/contexts/Contract',
      '@id': `/api/contracts/${contract.ulid}`,
      '@type': 'Contract',
      reference: 'CT-2026-001',
      start_date: startDay(),
      end_date: addDays(today(), 365),
      site: { ulid: siteId, name: 'Chai' },
      client: { ulid: clientId, name: 'Château Margaux' },
      state: 'active',
      visit_rule: { type: 'every', interval: 1, unit: 'months' },
      visit_window_days: 10,
      preferred_technician: { ulid: team.technician.membershipId },
      price: '1200.50',
      currency: 'EUR',
      billing_period: 'yearly',
      auto_renewal: true,
      notice_period_days: 30,
      warranty_years: 2,
      document: null,
    });
    const visits = await visitsOf(contract.ulid);
    expect(visits.map((v) => v.due)).toEqual([startDay()]);
    expect(visits[0]?.visit).toMatchObject({ type: 'TYPE_CONTROL_VISIT', siteId, description: 'CT-2026-001' });
    expect(await intervenersOf(t.db, visits[0]?.visit?.id as string)).toEqual([team.technician.membershipId]);
    // the manager reads it; the client detail embeds it
    expect((await call(t, team.manager.cookie, 'GET', contract['@id'])).statusCode).toBe(200);
    const client = (await owner('GET', `/api/clients/${clientId}`)).json() as { contract: { ulid: string } | null };
    expect(client.contract?.ulid).toBe(contract.ulid);
  });

  it('checks SPEC §5 with §8’s codes', async () => {
    const empty = await owner('POST', '/api/contracts', {});
    expect(empty.statusCode).toBe(422);
    expect(violations(empty)).toEqual([
      'ended_at:ended_at_required',
      'reference:reference_required',
      'site:site_required',
      'started_at:started_at_required',
    ]);
    const blanks = await owner('POST', '/api/contracts', body({ reference: ' ', started_at: '', ended_at: '' }));
    expect(violations(blanks)).toEqual([
      'ended_at:ended_at_required',
      'reference:reference_required',
      'started_at:started_at_required',
    ]);
    const bad = await owner('POST', '/api/contracts', body({ site: 'nope', started_at: '12/01/2030', ended_at: 'x' }));
    expect(violations(bad)).toEqual([
      'ended_at:ended_at_invalid',
      'site:site_invalid',
      'started_at:started_at_invalid',
    ]);
    const past = await owner(
      'POST',
      '/api/contracts',
      body({ started_at: addDays(today(), -1), ended_at: addDays(today(), -2) }),
    );
    expect(violations(past)).toEqual(['ended_at:ended_at_invalid', 'started_at:started_at_invalid']);
    const sameDay = await owner('POST', '/api/contracts', body({ ended_at: startDay() }));
    expect(violations(sameDay)).toEqual(['ended_at:ended_at_invalid']);
    const otherSite = await insertSiteWithStations(t.db, other.spaceId, { stationCount: 0 });
    const foreign = await owner('POST', '/api/contracts', body({ site: `/api/sites/${otherSite.siteId}` }));
    expect(violations(foreign)).toEqual(['site:site_invalid']);
    const extras = await owner(
      'POST',
      '/api/contracts',
      body({
        visit_rule: { type: 'rrule', rrule: 'FREQ=SOMETIMES' },
        preferred_technician: other.technician.iri,
        price: '12,5',
        currency: 'JPY',
        billing_period: 'weekly',
        notice_period_days: -1,
        warranty_years: 1.5,
      }),
    );
    expect(violations(extras)).toEqual([
      'billing_period:billing_period_invalid',
      'notice_period_days:notice_period_days_invalid',
      'price:price_invalid',
      'warranty_years:warranty_years_invalid',
    ]);
    const later = await owner(
      'POST',
      '/api/contracts',
      body({
        visit_rule: { type: 'rrule', rrule: 'FREQ=SOMETIMES' },
        preferred_technician: other.technician.iri,
        currency: 'JPY',
      }),
    );
    expect(violations(later)).toEqual([
      'currency:currency_invalid',
      'preferred_technician:preferred_technician_invalid',
      'visit_rule:visit_rule_invalid',
    ]);
    const rule = await owner(
      'POST',
      '/api/contracts',
      body({ visit_rule: { type: 'every', interval: 0, unit: 'days' } }),
    );
    expect(violations(rule).every((v) => v.endsWith('visit_rule_invalid'))).toBe(true);
  });

  it('accepts an RRULE, edits with PUT and PATCH, ends early, lists by state and deletes', async () => {
    const created = await owner(
      'POST',
      '/api/contracts',
      body({
        reference: 'CT-RR',
        visit_rule: { type: 'rrule', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' },
        auto_renewal: false,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const contract = created.json() as ContractDetail;
    const due = (await visitsOf(contract.ulid)).map((v) => v.due);
    expect(due.length).toBeGreaterThanOrEqual(2);
    for (const day of due) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
    const put = await owner('PUT', contract['@id'], body({ reference: 'CT-RR-2', visit_rule: null, price: null }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ reference: 'CT-RR-2', visit_rule: null, price: null });
    const patched = await owner('PATCH', contract['@id'], { notice_period_days: 400 });
    expect(violations(patched)).toEqual(['notice_period_days:notice_period_days_invalid']);
    const toRenew = await owner('PATCH', contract['@id'], { notice_period_days: 365, notes: null });
    expect(toRenew.json()).toMatchObject({ state: 'to_renew', notes: null, reference: 'CT-RR-2' });
    const listed = (await owner('GET', `/api/contracts?state=to_renew&site=${siteId}`)).json() as ContractCollection;
    expect(listed['hydra:member'].map((c) => c.ulid)).toEqual([contract.ulid]);
    const badEnd = await owner('POST', `${contract['@id']}/end`, { ended_at: addDays(today(), 400) });
    expect(violations(badEnd)).toEqual(['ended_at:ended_at_invalid']);
    expect(violations(await owner('POST', `${contract['@id']}/end`, {}))).toEqual(['ended_at:ended_at_required']);
    const ended = await owner('POST', `${contract['@id']}/end`, { ended_at: startDay() });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as ContractDetail).end_date).toBe(startDay());
    expect((ended.json() as ContractDetail).terminated_at).not.toBeNull();
    const byClient = (await owner('GET', `/api/contracts?client=${clientId}`)).json() as ContractCollection;
    expect(byClient['hydra:member'].map((c) => c.ulid)).toContain(contract.ulid);
    expect((await owner('DELETE', contract['@id'])).statusCode).toBe(204);
    expect((await owner('GET', contract['@id'])).statusCode).toBe(404);
  });

  it('answers 404 contract_not_found across spaces, and only the PCO action may call', async () => {
    const contract = (await owner('POST', '/api/contracts', body({ reference: 'CT-X' }))).json() as ContractDetail;
    for (const [method, url, payload] of [
      ['GET', contract['@id']],
      ['PUT', contract['@id'], body()],
      ['PATCH', contract['@id'], { reference: 'x' }],
      ['DELETE', contract['@id']],
      ['POST', `${contract['@id']}/end`, { ended_at: addDays(today(), 2) }],
      ['GET', `${contract['@id']}/document`],
      ['DELETE', `${contract['@id']}/document`],
    ] as const) {
      const response = await call(t, other.owner.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('contract_not_found');
    }
    const list = (await call(t, other.owner.cookie, 'GET', '/api/contracts')).json() as ContractCollection;
    expect(list['hydra:totalItems']).toBe(0);
    expect((await call(t, team.technician.cookie, 'GET', '/api/contracts')).statusCode).toBe(403);
  });

  it('stores the signed PDF by content, serves it to the space only, refuses a PNG named .pdf', async () => {
    const contract = (await owner('POST', '/api/contracts', body({ reference: 'CT/PDF 1' }))).json() as ContractDetail;
    const upload = (file: { filename: string; contentType: string; content: Buffer }, cookie = team.owner.cookie) => {
      const form = multipartForm({}, file);
      return t.app.inject({
        method: 'POST',
        url: `${contract['@id']}/document`,
        headers: as(cookie, { 'content-type': form.contentType }),
        payload: form.payload,
      });
    };
    const fakePdf = await upload({
      filename: 'signed.pdf',
      contentType: 'application/pdf',
      content: await png(20, 20),
    });
    expect(fakePdf.statusCode).toBe(422);
    expect(violations(fakePdf)).toEqual(['file:document_invalid']);
    expect((await owner('GET', `${contract['@id']}/document`)).json().error).toBe('contract_document_not_found');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const stored = await upload({ filename: 'signed.pdf', contentType: 'application/pdf', content: pdf });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ size: pdf.length, url: `${contract['@id']}/document` });
    const served = await owner('GET', `${contract['@id']}/document`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment; filename="contract-CT-PDF-1.pdf"');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(((await owner('GET', contract['@id'])).json() as ContractDetail).document).toMatchObject({
      size: pdf.length,
    });
    expect(
      (await upload({ filename: 'x.pdf', contentType: 'application/pdf', content: pdf }, other.owner.cookie))
        .statusCode,
    ).toBe(404);
    const tooBig = await upload({
      filename: 'big.pdf',
      contentType: 'application/pdf',
      content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 1)]),
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await owner('DELETE', `${contract['@id']}/document`)).statusCode).toBe(204);
    expect((await owner('DELETE', `${contract['@id']}/document`)).statusCode).toBe(404);
  });

  it('lists on Home the contract visits left unassigned', async () => {
    const contract = (
      await owner('POST', '/api/contracts', body({ reference: 'CT-HOME', preferred_technician: null }))
    ).json() as ContractDetail;
    const due = (await owner('GET', '/api/contract_due_visits')).json() as DueVisitList;
    const mine = due['hydra:member'].filter((v) => v.contract.ulid === contract.ulid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reason: 'unassigned', due_date: startDay(), site: { ulid: siteId } });
    const [row] = await plannedVisits(t.db, contract.ulid);
    await t.db.insert(interventionInterveners).values({
      interventionId: row?.interventionId as string,
      membershipId: team.technician.membershipId,
    });
    const after = (await owner('GET', '/api/contract_due_visits')).json() as DueVisitList;
    expect(after['hydra:member'].some((v) => v.contract.ulid === contract.ulid)).toBe(false);
  });
});
