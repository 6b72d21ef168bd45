/**
 * Issue 16 "Concurrent users", optimistic concurrency (docs/decisions/024): the `GET` of a client, site, intervention,
 * contract and report answers a strong `ETag`; their `PUT` and merge-patch `PATCH` honour `If-Match` — an edit made
 * from an entity tag that is no longer the record's answers 412 `edit_conflict` and changes nothing, the answer of a
 * successful edit carries the new `ETag` (the one a `GET` then answers, usable for the next edit), `*` and no
 * `If-Match` edit unconditionally (SPEC §7 API clients). Runs on PGlite and PostgreSQL.
 */
import type { Report } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/contracts/contract-schedule.js';
import { insertClient, siteForm } from '../src/modules/sites/sites.test-data.js';
import { zonedDate } from '../src/platform/time/zoned.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { as, createPcoTeam } from './factories.js';
import {
  hoursFrom,
  insertClientWithContact,
  insertSiteWithStations,
  insertVisit,
  modulesWithTestRenderer,
  recordVisit,
} from './report-factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let clientId: string;
let siteId: string;

beforeAll(async () => {
  t = await buildTestApp({ modules: modulesWithTestRenderer() });
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  clientId = await insertClientWithContact(t.db, team.spaceId, 'Château Margaux', 'cm@customer.example');
  ({ siteId } = await insertSiteWithStations(t.db, team.spaceId, { clientId, stationCount: 2, siteName: 'Chai' }));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** `METHOD url` as the team's owner (or `cookie`), with `headers` added; a merge patch on PATCH. */
function send(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}, cookie?: string) {
  const type: Record<string, string> =
    payload === undefined
      ? {}
      : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' };
  return t.app.inject({
    method,
    url,
    headers: as(cookie ?? team.owner.cookie, { ...type, ...headers }),
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** One versioned resource: where it is read and edited, its PUT and PATCH bodies setting a text, and that text. */
interface Subject {
  getUrl: string;
  editUrl: string;
  put: (text: string) => unknown;
  patch: (text: string) => unknown;
  text: (body: Record<string, unknown>) => unknown;
}

let sequence = 0;
const contactBody = () => ({
  lastname: 'Dupont',
  firstname: 'Jean',
  email: 'jean.dupont@example.fr',
  title: 'Gérant',
  phone: '+33 6 12 34 56 78',
  notes: null,
});

/** Each resource, created fresh for a test. */
const subjects: Record<string, () => Promise<Subject>> = {
  client: async () => {
    const created = await send('POST', '/api/client_contacts', {
      client: { name: `Client ${++sequence}`, company: true },
      contact: contactBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { client, contact } = created.json();
    return {
      getUrl: `/api/clients/${client.ulid}`,
      editUrl: `/api/client_contacts/${contact.client_contact_ulid}`,
      put: (name) => ({ client: { name, company: true }, contact: contactBody() }),
      patch: (name) => ({ client: { name } }),
      text: (body) => body.name,
    };
  },
  site: async () => {
    const client = await insertClient(t.db, team.spaceId, `Client ${++sequence}`);
    const created = await send('POST', '/api/site_contacts', siteForm(client, team.technician.iri));
    expect(created.statusCode, created.body).toBe(201);
    const { site, contact } = created.json();
    return {
      getUrl: `/api/sites/${site.ulid}`,
      editUrl: `/api/site_contacts/${contact.site_contact_ulid}`,
      put: (name) => siteForm(client, team.technician.iri, { name }),
      patch: (name) => ({ site: { name } }),
      text: (body) => body.name,
    };
  },
  intervention: async () => {
    const body = (description: string) => ({
      client: `/api/clients/${clientId}`,
      site: `/api/sites/${siteId}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [team.technician.iri],
      start_at: '2030-06-10 09:00:00',
      end_at: '2030-06-10 11:30:00',
      description,
      send_mail: false,
    });
    const created = await send('POST', '/api/interventions', body('Contrôle'));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/interventions/${created.json().ulid}`;
    return {
      getUrl: url,
      editUrl: url,
      put: body,
      patch: (description) => ({ description }),
      text: (visit) => visit.description,
    };
  },
  contract: async () => {
    const today = zonedDate(new Date(), 'Europe/Paris');
    let start = addDays(today, 1);
    while (Number(start.slice(8)) > 28) start = addDays(start, 1);
    const body = (notes: string) => ({
      site: `/api/sites/${siteId}`,
      reference: `CT-${++sequence}`,
      started_at: start,
      ended_at: addDays(today, 365),
      notes,
      visit_rule: { type: 'every', interval: 1, unit: 'months' },
      visit_window_days: 10,
      preferred_technician: null,
      price: '1200.50',
      currency: 'EUR',
      billing_period: 'yearly',
      auto_renewal: true,
      warranty_years: 2,
    });
    const created = await send('POST', '/api/contracts', body('Contrat annuel'));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/contracts/${created.json().ulid}`;
    return {
      getUrl: url,
      editUrl: url,
      put: body,
      patch: (notes) => ({ notes }),
      text: (contract) => contract.notes,
    };
  },
  report: async () => {
    const end = new Date(Math.floor(hoursFrom(new Date(), -1).getTime() / 1000) * 1000);
    const visitId = await insertVisit(t.db, team.spaceId, siteId, {
      startAt: hoursFrom(end, -2),
      endAt: end,
      intervenerIds: [team.technician.membershipId],
    });
    const recorded = await recordVisit(t, team.owner.cookie, visitId);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const report = recorded.json() as Report;
    const url = `/api/reports/${report.ulid}`;
    return {
      getUrl: url,
      editUrl: url,
      put: (summary) => ({
        visit_started_at: report.visit_started_at,
        visit_ended_at: report.visit_ended_at,
        language: report.language,
        summary,
        recommendations: report.recommendations,
        conducive_conditions: report.conducive_conditions,
        customer_absent: report.customer_absent,
        customer_signature_name: report.customer_signature_name,
        station_checks: report.station_checks.map((check) => ({
          equipment: check.equipment,
          result: check.result,
          action: check.action,
          bait_consumed: check.bait_consumed,
          note: check.note,
        })),
        product_uses: [],
      }),
      patch: (summary) => ({ summary }),
      text: (body) => body.summary,
    };
  },
};

const STRONG_TAG = /^"v[0-9]+"$/;

/** The `ETag` of `GET url` (expects 200 and a strong tag) and the body. */
async function read(url: string) {
  const response = await send('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  const etag = response.headers.etag as string;
  expect(etag).toMatch(STRONG_TAG);
  // a browser must ask again before reusing a kept answer: a form never loads a stale version from its cache
  expect(response.headers['cache-control']).toBe('private, no-cache');
  return { etag, body: response.json() as Record<string, unknown> };
}

describe.each(Object.keys(subjects))('optimistic concurrency of a %s', (name) => {
  const make = subjects[name] as () => Promise<Subject>;

  it('GET answers a strong ETag that stays while nothing changes', async () => {
    const subject = await make();
    const first = await read(subject.getUrl);
    expect((await read(subject.getUrl)).etag).toBe(first.etag);
  });

  it('PUT: of two edits from the same ETag the second answers 412 edit_conflict and changes nothing', async () => {
    const subject = await make();
    const { etag } = await read(subject.getUrl);

    const first = await send('PUT', subject.editUrl, subject.put('Première'), { 'if-match': etag });
    expect(first.statusCode, first.body).toBe(200);
    const next = first.headers.etag as string;
    expect(next).toMatch(STRONG_TAG);
    expect(next).not.toBe(etag);

    const second = await send('PUT', subject.editUrl, subject.put('Seconde'), { 'if-match': etag });
    expect(second.statusCode, second.body).toBe(412);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.json()).toMatchObject({ status: 412, error: 'edit_conflict' });

    const after = await read(subject.getUrl);
    expect(subject.text(after.body)).toBe('Première');
    // the new ETag is the record's: a GET answers it, and an edit made from it passes
    expect(after.etag).toBe(next);
    const third = await send('PUT', subject.editUrl, subject.put('Troisième'), { 'if-match': next });
    expect(third.statusCode, third.body).toBe(200);
    expect(subject.text((await read(subject.getUrl)).body)).toBe('Troisième');
  });

  it('PATCH: a stale or weak ETag answers 412 and changes nothing; the current one passes and answers the next', async () => {
    const subject = await make();
    const { etag } = await read(subject.getUrl);
    const edited = await send('PATCH', subject.editUrl, subject.patch('Patchée'), { 'if-match': etag });
    expect(edited.statusCode, edited.body).toBe(200);
    const next = edited.headers.etag as string;
    expect(next).not.toBe(etag);

    for (const stale of [etag, `W/${next}`, '"autre"', `${etag}, "x"`]) {
      const refused = await send('PATCH', subject.editUrl, subject.patch('Refusée'), { 'if-match': stale });
      expect(refused.statusCode, `${stale}: ${refused.body}`).toBe(412);
      expect(refused.json().error).toBe('edit_conflict');
    }
    expect(subject.text((await read(subject.getUrl)).body)).toBe('Patchée');

    // a list naming the current tag passes (RFC 9110: any of them)
    const listed = await send('PATCH', subject.editUrl, subject.patch('Listée'), { 'if-match': `${etag}, ${next}` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await read(subject.getUrl)).etag).toBe(listed.headers.etag);
  });

  it('two simultaneous edits from the same ETag: exactly one passes, the other answers 412', async () => {
    const subject = await make();
    const { etag } = await read(subject.getUrl);
    const answers = await Promise.all(
      ['Alpha', 'Bêta'].map((text) => send('PATCH', subject.editUrl, subject.patch(text), { 'if-match': etag })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const after = await read(subject.getUrl);
    expect(subject.text(after.body)).toBe(['Alpha', 'Bêta'][winner]);
    expect(after.etag).toBe(answers[winner]?.headers.etag);
  });

  it('edits without If-Match or with If-Match: * stay unconditional (200 with the new ETag)', async () => {
    const subject = await make();
    const { etag } = await read(subject.getUrl);
    const plain = await send('PUT', subject.editUrl, subject.put('Sans condition'));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers.etag).toMatch(STRONG_TAG);
    expect(plain.headers.etag).not.toBe(etag);

    const any = await send('PUT', subject.editUrl, subject.put('Étoile'), { 'if-match': '*' });
    expect(any.statusCode, any.body).toBe(200);
    const patched = await send('PATCH', subject.editUrl, subject.patch('Étoile patchée'), { 'if-match': '*' });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await read(subject.getUrl);
    expect(subject.text(after.body)).toBe('Étoile patchée');
    expect(after.etag).toBe(patched.headers.etag);
  });

  it("another space's record is still not found, whatever If-Match says", async () => {
    const subject = await make();
    const { etag } = await read(subject.getUrl);
    for (const ifMatch of [etag, '*']) {
      const response = await send(
        'PATCH',
        subject.editUrl,
        subject.patch('Intrus'),
        { 'if-match': ifMatch },
        other.owner.cookie,
      );
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await read(subject.getUrl)).etag).toBe(etag);
  });
});
