/**
 * Issue 12 "Screens: /reports — to process and history tabs with counts, filters (client, site, type, period),
 * search, paging" (SPEC §2.7): `GET /api/reports`.
 */
import type { ReportCollection } from '@isoptera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom } from '../../../test/report-factories.js';
import { asOwner, ctx, recordedReport, setUpReportsApp } from './reports.test-support.js';

setUpReportsApp();

const DAY = 24;
const now = new Date();
/** The reports of the file: [visit end (hours from now), client, site, type, what happens to it]. */
const SPECS = [
  [-5 * DAY, 'Résidence Éole', 'Bâtiment A', 'TYPE_CONTROL_VISIT', 'keep'],
  [-4 * DAY, 'Château Lafleur', 'Chai', 'TYPE_COMMISSIONING', 'keep'],
  [-3 * DAY, 'Résidence Éole', 'Bâtiment B', 'TYPE_CONTROL_VISIT', 'send'],
  [-2 * DAY, 'Château Lafleur', 'Cuvier', 'TYPE_CONTROL_VISIT', 'discard'],
  [-1 * DAY, 'École Jules Ferry', 'Préau', 'TYPE_CONTROL_VISIT', 'keep'],
] as const;
const ids: string[] = [];
const clients: string[] = [];
const sites: string[] = [];

const list = async (query: string) => {
  const response = await asOwner('GET', `/api/reports${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportCollection;
};
const ulids = (page: ReportCollection) => page['hydra:member'].map((r) => r.ulid);

beforeAll(async () => {
  for (const [hours, client, site, type, fate] of SPECS) {
    const { report, clientId } = await recordedReport({
      end: hoursFrom(now, hours),
      clientName: client,
      siteName: site,
      type,
      stationCount: 1,
    });
    ids.push(report.ulid);
    clients.push(clientId);
    sites.push(report.site.ulid);
    if (fate === 'send') {
      await asOwner('POST', `/api/reports/${report.ulid}/send`, { recipients: ['a@customer.example'] });
    }
    if (fate === 'discard') await asOwner('POST', `/api/reports/${report.ulid}/discard`, { reason: 'Doublon' });
  }
  // another space's reports are never listed nor counted
  await recordedReport({ team: ctx.other, clientName: 'Résidence Éole' });
});

describe('GET /api/reports', () => {
  it('lists the reports to process oldest visit first, with both tab counts', async () => {
    const page = await list('');
    expect(ulids(page)).toEqual([ids[0], ids[1], ids[4]]);
    expect(page).toMatchObject({
      '@context': '/api/contexts/Report',
      '@id': '/api/reports',
      '@type': 'hydra:Collection',
      'hydra:totalItems': 3,
      to_process_number: 3,
      history_number: 2,
    });
    expect(page['hydra:member'][0]).toEqual({
      '@id': `/api/reports/${ids[0]}`,
      '@type': 'Report',
      ulid: ids[0],
      status: 'to_process',
      type: 'TYPE_CONTROL_VISIT',
      automatic_kind: null,
      language: 'fr',
      site: {
        '@id': `/api/sites/${sites[0]}`,
        '@type': 'Site',
        ulid: sites[0],
        name: 'Bâtiment A',
        client: { '@id': `/api/clients/${clients[0]}`, '@type': 'Client', ulid: clients[0], name: 'Résidence Éole' },
      },
      client: { '@id': `/api/clients/${clients[0]}`, '@type': 'Client', ulid: clients[0], name: 'Résidence Éole' },
      intervention_ulid: expect.any(String),
      visit_started_at: expect.any(String),
      visit_ended_at: expect.any(String),
      sent_at: null,
      discarded_at: null,
      discard_reason: null,
      updated_at: expect.any(String),
    });
  });

  it('lists the history most recently processed first, with the sent date and the discard reason', async () => {
    const page = await list('?status=history');
    expect(ulids(page)).toEqual([ids[3], ids[2]]);
    expect(page['hydra:member'].map((r) => [r.status, r.sent_at !== null, r.discard_reason])).toEqual([
      ['discarded', false, 'Doublon'],
      ['sent', true, null],
    ]);
    expect(page).toMatchObject({ 'hydra:totalItems': 2, to_process_number: 3, history_number: 2 });
  });

  it('filters by client, site, type and period, and counts both tabs under the same filters', async () => {
    const byClient = await list(`?client.ulid=${clients[0]}`);
    expect(ulids(byClient)).toEqual([ids[0]]);
    expect(byClient).toMatchObject({ to_process_number: 1, history_number: 0 });
    const bySite = await list(`?status=history&site.ulid=${sites[2]}`);
    expect(ulids(bySite)).toEqual([ids[2]]);
    expect(bySite).toMatchObject({ to_process_number: 0, history_number: 1 });
    const byType = await list('?type=TYPE_COMMISSIONING');
    expect(ulids(byType)).toEqual([ids[1]]);
    expect(byType).toMatchObject({ to_process_number: 1, history_number: 0 });
    // days in the actor's time zone, both ends included, on the end of the visit
    const day = (hours: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(hoursFrom(now, hours));
    const period = await list(`?from=${day(-4 * DAY)}&to=${day(-2 * DAY)}`);
    expect(ulids(period)).toEqual([ids[1]]);
    expect(period).toMatchObject({ to_process_number: 1, history_number: 2 });
  });

  it('searches client and site names ignoring case and accents', async () => {
    const eole = await list('?search=EOLE');
    expect(ulids(eole)).toEqual([ids[0]]);
    expect(eole).toMatchObject({ to_process_number: 1, history_number: 1 });
    expect(ulids(await list('?search=batiment'))).toEqual([ids[0]]);
    expect(ulids(await list('?search=%C3%A9cole'))).toEqual([ids[4]]);
    expect(ulids(await list('?search=100%25'))).toEqual([]);
  });

  it('pages the list with hydra:view links', async () => {
    const first = await list('?itemsPerPage=2');
    expect(ulids(first)).toEqual([ids[0], ids[1]]);
    expect(first['hydra:totalItems']).toBe(3);
    expect(first['hydra:view']).toMatchObject({ 'hydra:next': '/api/reports?itemsPerPage=2&page=2' });
    const second = await list('?itemsPerPage=2&page=2');
    expect(ulids(second)).toEqual([ids[4]]);
    expect(second['hydra:view']?.['hydra:next']).toBeUndefined();
  });

  it('answers 400 for a bad query', async () => {
    for (const query of ['?status=sent', '?type=TYPE_UNKNOWN', '?from=yesterday', '?itemsPerPage=500']) {
      const response = await asOwner('GET', `/api/reports${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
