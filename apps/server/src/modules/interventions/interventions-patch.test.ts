/**
 * SPEC §7 "patches use merge-patch" (issue 11, ADR 009): `PATCH /api/interventions/{ulid}` with an RFC 7396 merge
 * patch of the `PUT` body changes only what it names (the rest as stored, dates kept to the second), `null` removes
 * the description, the patched visit passes the `PUT` rules (same violations; a start that does not change is not
 * checked against now), only `application/merge-patch+json` is taken, and another space's visit is not found.
 */
import type { Intervention } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { addClient, addSite } from './interventions.fixtures.js';
import { createInterventionsRepository } from './interventions.repository.js';
import { createInterventionsService } from './interventions.service.js';

const MERGE_PATCH = 'application/merge-patch+json';
const DAY = 86_400_000;

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let clientA: string;
let siteA1: string;
let siteA2: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  clientA = await addClient(t.db, team.spaceId, 'Château Margaux');
  siteA1 = await addSite(t.db, team.spaceId, clientA, { name: 'Chai principal' });
  siteA2 = await addSite(t.db, team.spaceId, clientA, { name: 'Orangerie' });
});
afterAll(() => t.close());

const patch = (cookie: string, ulid: string, payload: unknown, contentType = MERGE_PATCH) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/interventions/${ulid}`,
    headers: as(cookie, { 'content-type': contentType }),
    payload: JSON.stringify(payload),
  });
const codes = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

async function schedule(overrides: Record<string, unknown> = {}): Promise<Intervention> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/interventions',
    headers: as(team.owner.cookie),
    payload: {
      client: `/api/clients/${clientA}`,
      site: `/api/sites/${siteA1}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [team.technician.iri, team.manager.iri],
      start_at: '2030-06-10 09:00:00',
      end_at: '2030-06-10 11:30:00',
      description: 'Contrôle des stations extérieures',
      send_mail: false,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('PATCH /api/interventions/{ulid}', () => {
  it('changes only the members the patch names and keeps every other field', async () => {
    const visit = await schedule();
    const moved = await patch(team.owner.cookie, visit.ulid, { end_at: '2030-06-10 12:00:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers['content-type']).toContain('application/ld+json');
    const { '@context': _context, ...answer } = moved.json();
    const { '@context': _before, ...before } = visit;
    expect(answer).toEqual({ ...before, end_at: '2030-06-10T12:00:00+02:00' });

    const elsewhere = await patch(team.owner.cookie, visit.ulid, {
      site: `/api/sites/${siteA2}`,
      interveners: [team.technician.membershipId],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json()).toMatchObject({
      site: { ulid: siteA2, name: 'Orangerie' },
      interveners_ulids: [team.technician.membershipId],
      start_at: '2030-06-10T09:00:00+02:00',
      end_at: '2030-06-10T12:00:00+02:00',
      description: 'Contrôle des stations extérieures',
      send_mail: false,
    });
  });

  it('removes the description with null', async () => {
    const visit = await schedule();
    const cleared = await patch(team.owner.cookie, visit.ulid, { description: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ description: null, type: 'TYPE_CONTROL_VISIT' });
  });

  it('answers the PUT’s violations for a patched visit that breaks its rules', async () => {
    const visit = await schedule();
    const early = await patch(team.owner.cookie, visit.ulid, { end_at: '2030-06-10 08:00:00' });
    expect(early.statusCode).toBe(422);
    expect(codes(early)).toEqual(['end_at:end_at_invalid']);
    const nobody = await patch(team.owner.cookie, visit.ulid, { interveners: [], type: null });
    expect(nobody.statusCode).toBe(422);
    expect(codes(nobody)).toEqual(['interveners:interveners_required', 'type:type_required']);
    const past = await patch(team.owner.cookie, visit.ulid, {
      start_at: new Date(Date.now() - DAY).toISOString(),
    });
    expect(codes(past)).toEqual(['start_at:start_at_invalid']);
  });

  it('lets a past visit be patched while its start stays', async () => {
    const clock = new Date(Date.now() - 10 * DAY);
    const service = createInterventionsService(createInterventionsRepository(t.db), { now: () => clock });
    const past = await service.create(
      {
        accountId: team.owner.accountId,
        sessionId: 'test',
        membershipId: team.owner.membershipId,
        spaceId: team.spaceId,
        spaceType: 'pco',
        role: 'ROLE_PCO_SPACE_OWNER',
        timezone: 'Europe/Paris',
        lang: 'fr',
      },
      {
        client: clientA,
        site: siteA1,
        type: 'TYPE_CONTROL_VISIT',
        interveners: [team.technician.membershipId],
        start_at: new Date(Date.now() - 3 * DAY).toISOString(),
        end_at: new Date(Date.now() - 3 * DAY + 3_600_000).toISOString(),
        description: null,
        send_mail: false,
      },
    );
    const report = await patch(team.owner.cookie, past.ulid, { description: 'Compte rendu' });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ description: 'Compte rendu', start_at: past.start_at });
  });

  it('takes only a merge patch, and answers 404 for another space’s visit', async () => {
    const visit = await schedule();
    const json = await patch(team.owner.cookie, visit.ulid, { description: 'x' }, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('merge_patch_required');
    const foreign = await patch(other.owner.cookie, visit.ulid, { description: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('intervention_not_found');
    const unknown = await patch(team.owner.cookie, '01J00000000000000000000000', {});
    expect(unknown.statusCode).toBe(404);
  });
});
