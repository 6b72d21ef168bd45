/**
 * Issue 13 "the client list's contract column, filters 'contract to renew' / 'no contract'": `GET /api/clients`
 * shows each client's running contract (a lateral join of the same prepared statement) and filters on it.
 */
import type { ClientListItem, HydraCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call, insertClientWithContact } from '../../../test/report-factories.js';
import { contracts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import { startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import { addDays } from './contract-schedule.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
const ids: Record<string, string> = {};
const today = zonedDate(new Date(), 'Europe/Paris');

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    ids[name] = await insertClientWithContact(t.db, team.spaceId, name, `${name}@customer.example`);
  }
  const contract = (clientId: string, reference: string, start: string, end: string) =>
    t.db.insert(contracts).values({
      ...{ id: newUlid(), spaceId: team.spaceId, clientId, reference },
      ...{ startedAt: startOfZonedDay(start, 'Europe/Paris'), endedAt: startOfZonedDay(end, 'Europe/Paris') },
    });
  await contract(ids.Alpha as string, 'A-1', addDays(today, -300), addDays(today, 200));
  await contract(ids.Bravo as string, 'B-1', addDays(today, -300), addDays(today, 10));
  await contract(ids.Charlie as string, 'C-OLD', addDays(today, -400), addDays(today, -1));
  // Delta: none at all
});
afterAll(() => t.close());

const list = async (query: string) =>
  (
    (
      await call(t, team.owner.cookie, 'GET', `/api/clients?order[name]=asc${query}`)
    ).json() as HydraCollection<ClientListItem>
  )['hydra:member'];

describe('GET /api/clients: the contract column and filters', () => {
  it('shows the running contract, to renew within its notice period, none once ended', async () => {
    const rows = await list('');
    expect(rows.map((row) => [row.name, row.contract])).toEqual([
      [
        'Alpha',
        {
          '@id': expect.any(String),
          '@type': 'Contract',
          ulid: expect.any(String),
          reference: 'A-1',
          end_date: addDays(today, 200),
          state: 'active',
        },
      ],
      [
        'Bravo',
        {
          '@id': expect.any(String),
          '@type': 'Contract',
          ulid: expect.any(String),
          reference: 'B-1',
          end_date: addDays(today, 10),
          state: 'to_renew',
        },
      ],
      ['Charlie', null],
      ['Delta', null],
    ]);
  });

  it('filters "contract to renew" and "no contract", with the other filters and the total', async () => {
    expect((await list('&contract=to_renew')).map((row) => row.name)).toEqual(['Bravo']);
    expect((await list('&contract=none')).map((row) => row.name)).toEqual(['Charlie', 'Delta']);
    expect((await list('&contract=none&name=del')).map((row) => row.name)).toEqual(['Delta']);
    const page = (await call(t, team.owner.cookie, 'GET', '/api/clients?contract=none&itemsPerPage=1')).json();
    expect(page['hydra:totalItems']).toBe(2);
    expect((await call(t, team.owner.cookie, 'GET', '/api/clients?contract=maybe')).statusCode).toBe(400);
  });
});
