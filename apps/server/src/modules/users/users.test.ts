/** SPEC §7 "Users" `GET /api/user_pcos/search`: the people picker of the PCO space (active members only). */
import type { UserSearchResult } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, type TestMember } from '../../../test/factories.js';

let t: TestApp;
let owner: TestMember & { cookie: string };
let technicianCookie: string;
let otherOwner: TestMember & { cookie: string };
let members: Record<string, TestMember>;

const search = async (query = '', cookie = owner.cookie): Promise<UserSearchResult> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/user_pcos/search${query}`, headers: as(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const fullNames = (result: UserSearchResult) => result.list.map((u) => `${u.firstname} ${u.lastname}`);

beforeAll(async () => {
  t = await buildTestApp();
  const spaceId = await createSpace(t.db, 'pco');
  const ownerMember = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', {
    firstname: 'Sophie',
    lastname: 'Durand',
    email: 'sophie@pco.example',
  });
  owner = { ...ownerMember, cookie: await login(t.app, ownerMember.email) };
  members = {
    manager: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER', { firstname: 'Thomas', lastname: 'Bernard' }),
    lucas: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', {
      firstname: 'Lucas',
      lastname: 'Moreau',
      color: '#c2410c',
    }),
    emma: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname: 'Emma', lastname: 'petit' }),
    alain: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname: 'Alain', lastname: 'Petit' }),
    invited: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', {
      firstname: 'Ines',
      lastname: 'Invitée',
      status: 'invited',
    }),
    disabled: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', {
      firstname: 'Denis',
      lastname: 'Désactivé',
      status: 'disabled',
    }),
  };
  technicianCookie = await login(t.app, (members.lucas as TestMember).email);
  const otherSpace = await createSpace(t.db, 'pco');
  const other = await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_OWNER', { firstname: 'Haruto', lastname: 'Sato' });
  otherOwner = { ...other, cookie: await login(t.app, other.email) };
  await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname: 'Emma', lastname: 'Autre' });
});
afterAll(() => t.close());

describe('GET /api/user_pcos/search', () => {
  it('answers the active members by last name then first name, with colour, status and role', async () => {
    const result = await search();
    expect(result.total).toBe(5);
    expect(fullNames(result)).toEqual(['Thomas Bernard', 'Sophie Durand', 'Lucas Moreau', 'Alain Petit', 'Emma petit']);
    expect(result.list[2]).toEqual({
      '@id': `/api/user_pcos/${members.lucas?.membershipId}`,
      '@type': 'User',
      ulid: members.lucas?.membershipId,
      firstname: 'Lucas',
      lastname: 'Moreau',
      email: members.lucas?.email,
      color: '#c2410c',
      status: 'active',
      role: 'ROLE_PCO_SPACE_TECHNICIAN',
    });
  });

  it('searches first name, last name and e-mail, case-insensitively', async () => {
    expect(fullNames(await search('?search=PETIT'))).toEqual(['Alain Petit', 'Emma petit']);
    expect(fullNames(await search('?search=luc'))).toEqual(['Lucas Moreau']);
    expect(fullNames(await search('?search=sophie@pco'))).toEqual(['Sophie Durand']);
    expect(await search('?search=Ines')).toEqual({ list: [], total: 0 });
    expect((await search('?search=_')).total).toBe(0);
  });

  it('filters by one or many roles', async () => {
    expect((await search('?role=ROLE_PCO_SPACE_TECHNICIAN')).total).toBe(3);
    const managers = await search('?role[]=ROLE_PCO_SPACE_OWNER&role[]=ROLE_PCO_SPACE_MANAGER');
    expect(fullNames(managers)).toEqual(['Thomas Bernard', 'Sophie Durand']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user_pcos/search?role=ROLE_NOPE',
      headers: as(owner.cookie),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('orders on request and pages', async () => {
    expect(fullNames(await search('?order[lastname]=desc&order[firstname]=desc'))).toEqual([
      'Emma petit',
      'Alain Petit',
      'Lucas Moreau',
      'Sophie Durand',
      'Thomas Bernard',
    ]);
    expect(fullNames(await search('?order[firstname]=asc'))).toEqual([
      'Alain Petit',
      'Emma petit',
      'Lucas Moreau',
      'Sophie Durand',
      'Thomas Bernard',
    ]);
    const page = await search('?itemsPerPage=2&page=3');
    expect(page).toMatchObject({ total: 5 });
    expect(fullNames(page)).toEqual(['Emma petit']);
  });

  it('shows a member of another PCO only the members of that PCO', async () => {
    const result = await search('?search=Emma', otherOwner.cookie);
    expect(fullNames(result)).toEqual(['Emma Autre']);
    expect((await search('', otherOwner.cookie)).total).toBe(2);
  });

  it('refuses a technician (403)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user_pcos/search', headers: as(technicianCookie) });
    expect(response.statusCode).toBe(403);
  });
});
