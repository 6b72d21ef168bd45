/**
 * Issue 12 "The report" and "Lifecycle: record the visit", SPEC §8 "Report 404": `POST /api/interventions/{id}/report`,
 * `GET /api/reports/{ulid}`, `PUT` and its merge-patch twin `PATCH`, and who may call them.
 */
import type { Report } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { insertReadings } from '../../../test/equipment-factories.js';
import { createMember, createSpace, login } from '../../../test/factories.js';
import { call, hoursFrom, insertProduct, recordVisit, violations } from '../../../test/report-factories.js';
import { asOwner, ctx, pastVisit, recordedReport, setUpReportsApp } from './reports.test-support.js';

setUpReportsApp();

/** The PUT body of a report as it stands, with `changes`. */
const putBody = (report: Report, changes: Record<string, unknown> = {}) => ({
  visit_started_at: report.visit_started_at,
  visit_ended_at: report.visit_ended_at,
  language: report.language,
  summary: report.summary,
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
  ...changes,
});

describe('POST /api/interventions/{id}/report (record the visit)', () => {
  it('creates the report to process from the visit: type, site, client, interveners, times, one check per station', async () => {
    const visit = await pastVisit({ stationCount: 3 });
    const [first, second, third] = visit.site.stations.map((s) => s.id) as [string, string, string];
    await insertReadings(ctx.t.db, first, [
      { measuredAt: hoursFrom(visit.end, -3), termiteActivity: 12 },
      { measuredAt: hoursFrom(visit.end, -1), termiteActivity: 37 },
      // after the visit: not what the technician saw
      { measuredAt: hoursFrom(visit.end, 0.5), termiteActivity: 90 },
    ]);
    // more than 24 h before the end: no reading "at the time"
    await insertReadings(ctx.t.db, second, [{ measuredAt: hoursFrom(visit.end, -30), termiteActivity: 50 }]);
    const response = await recordVisit(ctx.t, ctx.team.manager.cookie, visit.visitId);
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as Report;
    expect(report).toMatchObject({
      '@context': '/api/contexts/Report',
      '@id': `/api/reports/${report.ulid}`,
      '@type': 'Report',
      status: 'to_process',
      type: 'TYPE_CONTROL_VISIT',
      language: 'fr',
      intervention: `/api/interventions/${visit.visitId}`,
      intervention_ulid: visit.visitId,
      site: { ulid: visit.site.siteId, client: { ulid: visit.clientId } },
      client: { ulid: visit.clientId },
      summary: null,
      customer_absent: false,
      sent_at: null,
      pdf_url: `/api/reports/${report.ulid}/pdf`,
      pdf_sha256: null,
      photos: [],
      deliveries: [],
      product_uses: [],
    });
    expect(new Date(report.visit_ended_at).getTime()).toBe(visit.end.getTime());
    expect(new Date(report.visit_started_at).getTime()).toBe(hoursFrom(visit.end, -2).getTime());
    // in the actor's time zone (Europe/Paris)
    expect(report.visit_ended_at).toMatch(/\+0[12]:00$/);
    expect(report.interveners).toEqual([
      {
        member: ctx.team.technician.iri,
        member_ulid: ctx.team.technician.membershipId,
        name: expect.any(String),
        licence_number: null,
      },
    ]);
    expect(report.technician?.member_ulid).toBe(ctx.team.technician.membershipId);
    expect(report.station_checks.map((c) => [c.reference, c.result, c.action, c.termite_activity])).toEqual([
      ['IGS-01', 'no_activity', 'inspected', 37],
      ['IGS-02', 'no_activity', 'inspected', null],
      ['IGS-03', 'no_activity', 'inspected', null],
    ]);
    expect(report.station_checks[0]).toMatchObject({
      equipment: `/api/equipment/${first}`,
      kind: 'igs',
      trap_type: 'exterior',
      position: { latitude: '44.837789000', longitude: '-0.579180000' },
      bait_consumed: null,
    });
    expect(new Date(report.station_checks[0]?.reading_measured_at ?? '').getTime()).toBe(
      hoursFrom(visit.end, -1).getTime(),
    );
    expect(report.station_checks.map((c) => c.equipment_ulid)).toEqual([first, second, third]);
    expect((await asOwner('GET', `/api/reports/${report.ulid}`)).json()).toEqual(
      (({ '@context': _c, ...rest }) => ({ '@context': '/api/contexts/Report', ...rest }))(report),
    );
  });

  it('answers 409 report_already_exists the second time, and 422 intervention_not_past for a visit not started', async () => {
    const { visitId } = await pastVisit();
    expect((await recordVisit(ctx.t, ctx.team.owner.cookie, visitId)).statusCode).toBe(201);
    const again = await recordVisit(ctx.t, ctx.team.owner.cookie, visitId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'report_already_exists' });
    const future = await pastVisit({ end: hoursFrom(new Date(), 5) });
    const early = await recordVisit(ctx.t, ctx.team.owner.cookie, future.visitId);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ error: 'intervention_not_past' });
  });

  it('ends the report at most now for a visit still under way', async () => {
    const visit = await pastVisit({ end: hoursFrom(new Date(), 1.5) });
    const response = await recordVisit(ctx.t, ctx.team.owner.cookie, visit.visitId);
    expect(response.statusCode, response.body).toBe(201);
    expect(new Date(response.json().visit_ended_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('answers 404 for a visit of another space and 403 to a technician', async () => {
    const foreign = await pastVisit({ team: ctx.other });
    const response = await recordVisit(ctx.t, ctx.team.owner.cookie, foreign.visitId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'intervention_not_found' });
    const own = await pastVisit();
    expect((await recordVisit(ctx.t, ctx.team.technician.cookie, own.visitId)).statusCode).toBe(403);
  });
});

describe('GET, PUT and PATCH /api/reports/{ulid}', () => {
  it('answers 404 report_not_found for a report of another space, on every route, and changes nothing', async () => {
    const { report } = await recordedReport({ team: ctx.other });
    const url = `/api/reports/${report.ulid}`;
    const cases: [Parameters<typeof call>[2], string, unknown][] = [
      ['GET', url, undefined],
      ['PUT', url, putBody(report)],
      ['PATCH', url, { summary: 'x' }],
      ['GET', `${url}/pdf`, undefined],
      ['POST', `${url}/send`, { recipients: ['a@example.com'] }],
      ['POST', `${url}/resend`, {}],
      ['POST', `${url}/discard`, { reason: 'doublon' }],
      ['POST', `${url}/reopen`, undefined],
      ['GET', `${url}/photos/01J00000000000000000000000`, undefined],
      ['DELETE', `${url}/photos/01J00000000000000000000000`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const response = await asOwner(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json(), `${method} ${path}`).toMatchObject({ error: 'report_not_found' });
    }
    const mine = await call(ctx.t, ctx.other.owner.cookie, 'GET', url);
    expect(mine.json()).toMatchObject({ status: 'to_process', summary: null });
  });

  it('is refused to a technician and to a dealer (403)', async () => {
    const { report } = await recordedReport();
    expect((await call(ctx.t, ctx.team.technician.cookie, 'GET', `/api/reports/${report.ulid}`)).statusCode).toBe(403);
    expect((await call(ctx.t, ctx.team.technician.cookie, 'GET', '/api/reports')).statusCode).toBe(403);
    const dealer = await createMember(ctx.t.db, await createSpace(ctx.t.db, 'dealer'), 'ROLE_DEALER_SPACE_OWNER');
    const cookie = await login(ctx.t, dealer.email);
    expect((await call(ctx.t, cookie, 'GET', '/api/reports')).statusCode).toBe(403);
    expect((await call(ctx.t, cookie, 'PATCH', `/api/reports/${report.ulid}`, { summary: 'x' })).statusCode).toBe(403);
  });

  it('PUT replaces the texts, dates, checks and product uses, with snapshots of the product and the applicator', async () => {
    const { report, site } = await recordedReport({ stationCount: 3 });
    const product = await insertProduct(ctx.t.db, ctx.team.spaceId, { name: 'Termidor SC', unit: 'ml' });
    const [first, , third] = site.stations.map((s) => s.id) as [string, string, string];
    const response = await asOwner(
      'PUT',
      `/api/reports/${report.ulid}`,
      putBody(report, {
        language: 'ja',
        summary: '  Galeries actives côté nord.  ',
        recommendations: 'Supprimer le bois au contact du sol.',
        conducive_conditions: 'Humidité',
        customer_signature_name: 'Claire Fontaine',
        station_checks: [
          { equipment: `/api/equipment/${third}`, result: 'activity', action: 'baited', bait_consumed: 'third' },
          { equipment: first, result: 'damaged', action: 'station_replaced', note: 'Couvercle cassé' },
        ],
        product_uses: [
          {
            product: `/api/products/${product}`,
            quantity: 250,
            concentration: '0.06 %',
            method: 'Injection',
            area_treated: 'Mur nord, 12 m',
            target_species: ['reticulitermes_flavipes'],
            applicator: ctx.team.manager.iri,
            lot: 'L-2026-11',
          },
          { product, quantity: 1.5, unit: 'l' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json() as Report;
    expect(edited).toMatchObject({
      language: 'ja',
      summary: 'Galeries actives côté nord.',
      recommendations: 'Supprimer le bois au contact du sol.',
      conducive_conditions: 'Humidité',
      customer_signature_name: 'Claire Fontaine',
    });
    // by reference; the second station's check is gone
    expect(edited.station_checks.map((c) => [c.equipment_ulid, c.result, c.action, c.bait_consumed, c.note])).toEqual([
      [first, 'damaged', 'station_replaced', null, 'Couvercle cassé'],
      [third, 'activity', 'baited', 'third', null],
    ]);
    expect(edited.product_uses).toEqual([
      {
        product: `/api/products/${product}`,
        product_ulid: product,
        product_name: 'Termidor SC',
        active_ingredients: [{ name: 'noviflumuron', percent: 0.5 }],
        registration_number: '62719-608',
        register: 'epa',
        quantity: 250,
        unit: 'ml',
        concentration: '0.06 %',
        method: 'Injection',
        area_treated: 'Mur nord, 12 m',
        target_species: ['reticulitermes_flavipes'],
        applicator: {
          member: ctx.team.manager.iri,
          member_ulid: ctx.team.manager.membershipId,
          name: expect.any(String),
          licence_number: null,
        },
        lot: 'L-2026-11',
      },
      expect.objectContaining({
        quantity: 1.5,
        unit: 'l',
        // no applicator given: the technician who signs
        applicator: expect.objectContaining({ member_ulid: ctx.team.technician.membershipId }),
      }),
    ]);
  });

  it('PUT checks every rule and answers 422 with each violation', async () => {
    const { report, site } = await recordedReport({ stationCount: 2 });
    const other = await pastVisit();
    const foreignProduct = await insertProduct(ctx.t.db, ctx.other.spaceId);
    const archived = await insertProduct(ctx.t.db, ctx.team.spaceId, { archivedAt: new Date() });
    const station = site.stations[0]?.id as string;
    const response = await asOwner(
      'PUT',
      `/api/reports/${report.ulid}`,
      putBody(report, {
        visit_started_at: '2026-11-20 10:00:00',
        visit_ended_at: '2026-11-20 09:00:00',
        language: 'de',
        station_checks: [
          { equipment: station, result: 'activity', action: 'inspected' },
          { equipment: station, result: 'activity', action: 'inspected' },
          { equipment: other.site.stations[0]?.id, result: 'no_activity', action: 'inspected' },
          { equipment: site.gateway.id, result: 'no_activity', action: 'inspected' },
          { equipment: station, result: 'eaten', action: 'inspected' },
        ],
        product_uses: [
          { product: foreignProduct, quantity: 1 },
          { product: archived, quantity: 1 },
          { product: archived, quantity: -2, applicator: ctx.other.owner.iri },
        ],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([
      'language:language_not_accepted',
      'product_uses.2.quantity:quantity_invalid',
      'station_checks.4.result:result_invalid',
    ]);
    const rules = await asOwner(
      'PUT',
      `/api/reports/${report.ulid}`,
      putBody(report, {
        visit_started_at: '2026-11-20 10:00:00',
        visit_ended_at: '2026-11-20 09:00:00',
        station_checks: [
          { equipment: station, result: 'activity', action: 'inspected' },
          { equipment: station, result: 'activity', action: 'inspected' },
          { equipment: other.site.stations[0]?.id, result: 'no_activity', action: 'inspected' },
          { equipment: site.gateway.id, result: 'no_activity', action: 'inspected' },
        ],
        product_uses: [
          { product: foreignProduct, quantity: 1 },
          { product: archived, quantity: 1, applicator: ctx.other.owner.iri },
        ],
      }),
    );
    expect(rules.statusCode).toBe(422);
    expect(violations(rules)).toEqual([
      'product_uses.0.product:product_invalid',
      'product_uses.1.applicator:applicator_invalid',
      'product_uses.1.product:product_invalid',
      'station_checks.1.equipment:station_invalid',
      'station_checks.2.equipment:station_invalid',
      'station_checks.3.equipment:station_invalid',
      'visit_ended_at:visit_ended_at_invalid',
    ]);
    const future = await asOwner(
      'PUT',
      `/api/reports/${report.ulid}`,
      putBody(report, { visit_ended_at: hoursFrom(new Date(), 3).toISOString() }),
    );
    expect(violations(future)).toEqual(['visit_ended_at:visit_ended_at_invalid']);
    // nothing changed
    expect((await asOwner('GET', `/api/reports/${report.ulid}`)).json()).toMatchObject({
      visit_ended_at: report.visit_ended_at,
      station_checks: report.station_checks,
    });
  });

  it('PATCH changes what it names only, arrays replaced whole, and takes a merge patch only', async () => {
    const { report } = await recordedReport({ stationCount: 2 });
    const patched = await asOwner('PATCH', `/api/reports/${report.ulid}`, { recommendations: 'Traiter la charpente' });
    expect(patched.statusCode, patched.body).toBe(200);
    const body = patched.json() as Report;
    expect(body.recommendations).toBe('Traiter la charpente');
    expect(body.station_checks).toEqual(report.station_checks);
    expect(body.visit_ended_at).toBe(report.visit_ended_at);
    const cleared = await asOwner('PATCH', `/api/reports/${report.ulid}`, {
      recommendations: null,
      customer_absent: true,
      station_checks: [{ equipment: report.station_checks[1]?.equipment, result: 'missing', action: 'inspected' }],
    });
    expect(cleared.json()).toMatchObject({ recommendations: null, customer_absent: true });
    expect(cleared.json().station_checks.map((c: { result: string }) => c.result)).toEqual(['missing']);
    // a visit of less than a minute, as the web form shows times to the minute: start and end alike are accepted
    const minute = await asOwner('PATCH', `/api/reports/${report.ulid}`, {
      visit_started_at: '2026-11-20 10:00:00',
      visit_ended_at: '2026-11-20 10:00:00',
    });
    expect(minute.statusCode, minute.body).toBe(200);
    const bad = await asOwner('PATCH', `/api/reports/${report.ulid}`, { visit_ended_at: 'tomorrow' });
    expect(violations(bad)).toEqual(['visit_ended_at:visit_ended_at_invalid']);
    const plain = await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${report.ulid}`,
      headers: { cookie: ctx.team.owner.cookie, 'client-type': 'webapp', 'content-type': 'application/json' },
      payload: { summary: 'x' },
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ error: 'merge_patch_required' });
  });

  it('keeps an archived product the report already uses, and answers 409 report_not_editable once processed', async () => {
    const { report } = await recordedReport({ stationCount: 1 });
    const product = await insertProduct(ctx.t.db, ctx.team.spaceId, { name: 'Xterm' });
    const used = await asOwner('PATCH', `/api/reports/${report.ulid}`, { product_uses: [{ product, quantity: 2 }] });
    expect(used.statusCode, used.body).toBe(200);
    expect((await asOwner('DELETE', `/api/products/${product}`)).statusCode).toBe(200);
    const again = await asOwner('PATCH', `/api/reports/${report.ulid}`, { summary: 'Rien à signaler' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().product_uses[0]).toMatchObject({ product_name: 'Xterm', quantity: 2 });
    await asOwner('POST', `/api/reports/${report.ulid}/discard`, { reason: 'Visite en double' });
    for (const [method, body] of [
      ['PUT', putBody(report)],
      ['PATCH', { summary: 'x' }],
    ] as const) {
      const response = await asOwner(method, `/api/reports/${report.ulid}`, body);
      expect(response.statusCode, method).toBe(409);
      expect(response.json()).toMatchObject({ error: 'report_not_editable' });
    }
  });
});
