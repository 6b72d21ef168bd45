/**
 * Issue 13 "A daily job (pg-boss) creates the due control visits 30 days ahead for each active contract, unassigned or
 * with the preferred technician, and never twice for the same due date" and "Renewal": `runContractJob` driven with
 * an injected clock, on the app's own mail queue (the renewal mail reaches the mailbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { contractRow, deleteVisit, plannedVisits, setSiteStatus, siteRow } from '../../../test/contract-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call, insertClientWithContact, insertSiteWithStations } from '../../../test/report-factories.js';
import { type ContractVisitRule, contracts, reports } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import type { AppModule, ModuleDeps } from '../../platform/module.js';
import { startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import { modules } from '../index.js';
import { runContractJob } from './contract-job.js';
import { addDays, dueDays } from './contract-schedule.js';
import { contractState } from './contracts.resource.js';

const ZONE = 'Europe/Paris';
let t: TestApp;
let deps: ModuleDeps;
let team: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  let captured: ModuleDeps | undefined;
  const probe: AppModule = {
    name: 'contracts-test-probe',
    async register(_app, d) {
      captured = d;
    },
  };
  t = await buildTestApp({ modules: [...modules, probe] });
  deps = captured as ModuleDeps;
  team = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

/** 10:00 in Paris on `day`. */
const at = (day: string) => new Date(startOfZonedDay(day, ZONE).getTime() + 10 * 3_600_000);
const TODAY = '2031-03-10';

async function newContract(options: {
  start: string;
  end: string;
  rule: ContractVisitRule | null;
  technician?: string | null;
  autoRenewal?: boolean;
  status?: string;
}) {
  const clientId = await insertClientWithContact(t.db, team.spaceId, `Client ${newUlid()}`, 'c@customer.example');
  const { siteId } = await insertSiteWithStations(t.db, team.spaceId, {
    clientId,
    stationCount: 0,
    status: options.status ?? 'STATUS_TO_CHECK',
  });
  const id = newUlid();
  await t.db.insert(contracts).values({
    id,
    spaceId: team.spaceId,
    clientId,
    siteId,
    reference: `CT-${id.slice(-6)}`,
    startedAt: startOfZonedDay(options.start, ZONE),
    endedAt: startOfZonedDay(options.end, ZONE),
    visitRule: options.rule,
    preferredTechnicianId: options.technician ?? null,
    autoRenewal: options.autoRenewal ?? false,
  });
  return { id, siteId };
}
const run = (day: string) => runContractJob(t.db, { now: () => at(day), mail: deps.mail, spaceId: team.spaceId });
async function plannedDays(contractId: string) {
  const rows = await plannedVisits(t.db, contractId);
  return rows.map((row) => ({ due: row.due, start: row.visit?.startAt, type: row.visit?.type }));
}

describe('due days (rrule)', () => {
  it('every N weeks or months from the start, month ends kept, RRULE text, N days after the last visit', () => {
    const contract = { startDay: '2031-01-31', endDay: '2031-12-31' };
    const window = { from: '2031-01-01', to: '2031-05-31' };
    expect(dueDays({ type: 'every', interval: 1, unit: 'months' }, contract, window)).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
      '2031-05-31',
    ]);
    expect(dueDays({ type: 'every', interval: 6, unit: 'weeks' }, contract, window)).toEqual([
      '2031-01-31',
      '2031-03-14',
      '2031-04-25',
    ]);
    expect(dueDays({ type: 'rrule', rrule: 'FREQ=MONTHLY;BYDAY=1MO' }, contract, window)).toEqual([
      '2031-02-03',
      '2031-03-03',
      '2031-04-07',
      '2031-05-05',
    ]);
    expect(dueDays({ type: 'after_last_visit', days: 45 }, contract, window, '2031-03-01')).toEqual(['2031-04-15']);
    expect(dueDays({ type: 'after_last_visit', days: 45 }, contract, window)).toEqual(['2031-03-17']);
  });
});

describe('runContractJob', () => {
  it('creates the control visits due in the next 30 days, with the preferred technician, once per due day', async () => {
    const { id, siteId } = await newContract({
      start: '2031-01-06',
      end: '2031-12-31',
      rule: { type: 'every', interval: 1, unit: 'weeks' },
      technician: team.technician.membershipId,
    });
    const first = await run(TODAY);
    expect(first.visitsCreated).toBeGreaterThanOrEqual(5);
    const days = (await plannedDays(id)).map((row) => row.due);
    // Mondays from today (a Monday, planned for tomorrow since its day has begun) to today + 30
    expect(days).toEqual(['2031-03-10', '2031-03-17', '2031-03-24', '2031-03-31', '2031-04-07']);
    const rows = await plannedDays(id);
    expect(zonedDate(rows[0]?.start as Date, ZONE)).toBe('2031-03-11');
    expect(rows.every((row) => row.type === 'TYPE_CONTROL_VISIT')).toBe(true);
    const visits = (await call(t, team.owner.cookie, 'GET', `/api/interventions?site.ulid=${siteId}`)).json();
    expect(visits['hydra:member'][1].interveners_ulids).toEqual([team.technician.membershipId]);
    // the site with a planned control visit is planned (docs/decisions/004), through the interventions service
    const site = await siteRow(t.db, siteId);
    expect(site?.status).toBe('STATUS_PLANNED_INSPECTION_VISIT');
    // rerun: nothing new, even after a visit was deleted
    const visitId = visits['hydra:member'][2].ulid as string;
    await deleteVisit(t.db, visitId);
    expect((await run(TODAY)).visitsCreated).toBe(0);
    expect(await plannedDays(id)).toHaveLength(5);
    // a week later: the next Monday only
    expect((await run('2031-03-17')).visitsCreated).toBe(1);
    expect((await plannedDays(id)).at(-1)?.due).toBe('2031-04-14');
  });

  it('plans "N days after the last completed visit" from the site’s last report, and waits for it', async () => {
    const { id, siteId } = await newContract({
      start: '2031-01-01',
      end: '2031-12-31',
      rule: { type: 'after_last_visit', days: 20 },
    });
    const site = await siteRow(t.db, siteId);
    await t.db.insert(reports).values({
      ...{ id: newUlid(), spaceId: team.spaceId, siteId, clientId: site?.clientId as string },
      ...{
        type: 'TYPE_CONTROL_VISIT',
        language: 'fr',
        visitStartedAt: at('2031-03-01'),
        visitEndedAt: at('2031-03-01'),
      },
    });
    await run(TODAY);
    expect((await plannedDays(id)).map((row) => row.due)).toEqual(['2031-03-21']);
    expect((await run('2031-03-15')).visitsCreated).toBe(0);
    expect((await plannedDays(id)).map((row) => row.due)).toEqual(['2031-03-21']);
    // the visit is done: the next one is due 20 days after it
    await t.db.insert(reports).values({
      ...{ id: newUlid(), spaceId: team.spaceId, siteId, clientId: site?.clientId as string },
      ...{
        type: 'TYPE_CONTROL_VISIT',
        language: 'fr',
        visitStartedAt: at('2031-03-22'),
        visitEndedAt: at('2031-03-22'),
      },
    });
    await run('2031-03-23');
    expect((await plannedDays(id)).map((row) => row.due)).toEqual(['2031-03-21', '2031-04-11']);
  });

  it('shows a contract to renew within its notice period, then renews it by its length and mails the owner', async () => {
    const { id } = await newContract({ start: '2030-04-01', end: '2031-03-31', rule: null, autoRenewal: true });
    // to renew from 30 days (the notice period) before its last day, ended the day after
    expect(contractState('2031-03-31', 30, '2031-02-28')).toBe('active');
    expect(contractState('2031-03-31', 30, '2031-03-01')).toBe('to_renew');
    expect(contractState('2031-03-31', 30, '2031-03-31')).toBe('to_renew');
    expect(contractState('2031-03-31', 30, '2031-04-01')).toBe('ended');
    expect((await run('2031-03-31')).renewed).toBe(0);
    const result = await run('2031-04-01');
    expect(result).toMatchObject({ renewed: 1, expired: 0 });
    const row = await contractRow(t.db, id);
    expect(zonedDate(row?.endedAt as Date, ZONE)).toBe('2032-03-31');
    expect(row?.expiredAt).toBeNull();
    const mail = await t.mailbox.waitFor(team.owner.email, { template: 'contract_renewed' });
    expect(mail.subject).toContain(row?.reference);
    expect((await run('2031-04-01')).renewed).toBe(0);
  });

  it('lets a contract without automatic renewal expire: its site is to close, once', async () => {
    const { id, siteId } = await newContract({
      start: '2030-04-01',
      end: '2031-03-31',
      rule: { type: 'every', interval: 1, unit: 'months' },
      status: 'STATUS_IN_OPERATION',
    });
    const result = await run('2031-04-02');
    expect(result).toMatchObject({ expired: 1, renewed: 0 });
    expect(await plannedDays(id)).toHaveLength(0);
    const site = await siteRow(t.db, siteId);
    expect(site?.status).toBe('STATUS_TO_CLOSE');
    await setSiteStatus(t.db, siteId, 'STATUS_CLOSED');
    expect((await run('2031-04-03')).expired).toBe(0);
    const again = await siteRow(t.db, siteId);
    expect(again?.status).toBe('STATUS_CLOSED');
    expect(addDays('2031-04-02', 1)).toBe('2031-04-03');
  });
});
