/** Site status on scheduling (docs/decisions/004-site-status-on-scheduling.md), through the API and the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { addClient, addSite, siteStatus } from './interventions.fixtures.js';
import { createInterventionsRepository } from './interventions.repository.js';
import { createInterventionsService } from './interventions.service.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let clientA: string;

const DAY = 86_400_000;
const fromNow = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  clientA = await addClient(t.db, team.spaceId, 'Château Margaux');
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  client: `/api/clients/${clientA}`,
  type: 'TYPE_CONTROL_VISIT',
  interveners: [team.technician.iri],
  start_at: '2030-06-10 09:00:00',
  end_at: '2030-06-10 11:30:00',
  ...overrides,
});
const post = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/interventions', headers: as(cookie), payload });
const put = (cookie: string, ulid: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/interventions/${ulid}`, headers: as(cookie), payload });
const del = (cookie: string, ulid: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/interventions/${ulid}?send_mail=false`, headers: as(cookie) });

describe('site status on scheduling (docs/decisions/004)', () => {
  const cases = [
    ['TYPE_PRE_VISIT', 'STATUS_TO_ESTIMATE', 'STATUS_PLANNED_ESTIMATE_VISIT'],
    ['TYPE_COMMISSIONING', 'STATUS_TO_INSTALL', 'STATUS_PLANNED_INSTALL'],
    ['TYPE_CONTROL_VISIT', 'STATUS_TO_CHECK', 'STATUS_PLANNED_INSPECTION_VISIT'],
    ['TYPE_CLOSING_SITE', 'STATUS_TO_CLOSE', 'STATUS_PLANNED_CLOSING'],
  ] as const;

  it.each(cases)(
    '%s on a %s site plans it (%s) until its last future visit of that type is deleted',
    async (type, from, planned) => {
      const site = await addSite(t.db, team.spaceId, clientA, { name: `Site ${type}`, status: from });
      const visit = (start: string) =>
        post(
          team.owner.cookie,
          body({ site: `/api/sites/${site}`, type, start_at: start, end_at: start.replace(' 09:', ' 10:') }),
        );
      const first = (await visit('2030-05-02 09:00:00')).json();
      expect(await siteStatus(t.db, site)).toBe(planned);
      const second = (await visit('2030-05-09 09:00:00')).json();
      expect((await del(team.owner.cookie, first.ulid)).statusCode).toBe(204);
      expect(await siteStatus(t.db, site)).toBe(planned);
      expect((await del(team.owner.cookie, second.ulid)).statusCode).toBe(204);
      expect(await siteStatus(t.db, site)).toBe(from);
    },
  );

  it('leaves the status alone for another type or another status', async () => {
    const toInstall = await addSite(t.db, team.spaceId, clientA, { name: 'À installer', status: 'STATUS_TO_INSTALL' });
    const control = (await post(team.owner.cookie, body({ site: `/api/sites/${toInstall}` }))).json();
    expect(await siteStatus(t.db, toInstall)).toBe('STATUS_TO_INSTALL');
    await del(team.owner.cookie, control.ulid);
    const inOperation = await addSite(t.db, team.spaceId, clientA, {
      name: 'En service',
      status: 'STATUS_IN_OPERATION',
    });
    const visit = (await post(team.owner.cookie, body({ site: `/api/sites/${inOperation}` }))).json();
    expect(await siteStatus(t.db, inOperation)).toBe('STATUS_IN_OPERATION');
    await del(team.owner.cookie, visit.ulid);
    expect(await siteStatus(t.db, inOperation)).toBe('STATUS_IN_OPERATION');
  });

  it('moves the planned status along when a future visit changes type or site', async () => {
    const toCheck = await addSite(t.db, team.spaceId, clientA, { name: 'À contrôler', status: 'STATUS_TO_CHECK' });
    const toClose = await addSite(t.db, team.spaceId, clientA, { name: 'À clôturer', status: 'STATUS_TO_CLOSE' });
    const created = (await post(team.owner.cookie, body({ site: `/api/sites/${toCheck}` }))).json();
    expect(await siteStatus(t.db, toCheck)).toBe('STATUS_PLANNED_INSPECTION_VISIT');
    const moved = await put(
      team.owner.cookie,
      created.ulid,
      body({ site: `/api/sites/${toClose}`, type: 'TYPE_CLOSING_SITE' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await siteStatus(t.db, toCheck)).toBe('STATUS_TO_CHECK');
    expect(await siteStatus(t.db, toClose)).toBe('STATUS_PLANNED_CLOSING');
    await del(team.owner.cookie, created.ulid);
    expect(await siteStatus(t.db, toClose)).toBe('STATUS_TO_CLOSE');
  });

  it('keeps a planned status when a past visit is deleted', async () => {
    const site = await addSite(t.db, team.spaceId, clientA, { name: 'Installation', status: 'STATUS_PLANNED_INSTALL' });
    const clock = new Date(Date.now() - 10 * DAY);
    const service = createInterventionsService(createInterventionsRepository(t.db), { now: () => clock });
    const actor = {
      accountId: team.owner.accountId,
      sessionId: 'test',
      membershipId: team.owner.membershipId,
      spaceId: team.spaceId,
      spaceType: 'pco' as const,
      role: 'ROLE_PCO_SPACE_OWNER',
      timezone: 'Europe/Paris',
      lang: 'fr' as const,
    };
    const past = await service.create(actor, {
      client: clientA,
      site,
      type: 'TYPE_COMMISSIONING',
      interveners: [team.technician.membershipId],
      start_at: fromNow(-2),
      end_at: fromNow(-2, 2),
      description: null,
      send_mail: true,
    });
    expect((await del(team.owner.cookie, past.ulid)).statusCode).toBe(204);
    expect(await siteStatus(t.db, site)).toBe('STATUS_PLANNED_INSTALL');
  });
});
