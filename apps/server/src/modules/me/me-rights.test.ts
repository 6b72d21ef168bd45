/**
 * SPEC §6 "has right to execute action" as `GET /api/me/rights` (issue 14): the named actions of each role of each
 * space type, the owner actions of a space entered by substitution, and the single-action check.
 */
import type { Action, Role } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';

let t: TestApp;
const spaces = { admin: '', dealer: '', pco: '' };

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  spaces.admin = await createSpace(t.db, 'admin');
  spaces.dealer = await createSpace(t.db, 'dealer');
  spaces.pco = await createSpace(t.db, 'pco', { dealerId: spaces.dealer });
});
afterAll(() => t.close());

const rights = async (cookie: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/me/rights${query}`, headers: as(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { actions: Action[] }).actions;
};
const signIn = async (role: Role) => {
  const type = role.startsWith('ROLE_PCO') ? 'pco' : role.startsWith('ROLE_DEALER') ? 'dealer' : 'admin';
  return login(t.app, (await createMember(t.db, spaces[type], role)).email);
};

describe('GET /api/me/rights', () => {
  it.each<[Role, Action[]]>([
    ['ROLE_ADMIN_SPACE_SUPER_ADMIN', ['super_admin', 'admin_action']],
    ['ROLE_ADMIN_SPACE_ADMIN', ['admin_action']],
    ['ROLE_ADMIN_SPACE_USER', []],
    ['ROLE_DEALER_SPACE_OWNER', ['dealer_owner', 'dealer_action']],
    ['ROLE_DEALER_SPACE_USER', ['dealer_action']],
    ['ROLE_PCO_SPACE_OWNER', ['pco_owner', 'pco_action']],
    ['ROLE_PCO_SPACE_MANAGER', ['pco_action']],
    ['ROLE_PCO_SPACE_TECHNICIAN', ['pco_technician']],
    ['ROLE_PCO_SPACE_USER', []],
  ])('%s may execute %j', async (role, expected) => {
    expect((await rights(await signIn(role))).sort()).toEqual([...expected].sort());
  });

  it('answers one action when asked, held or not, and 400 for an unknown one', async () => {
    const cookie = await signIn('ROLE_PCO_SPACE_MANAGER');
    expect(await rights(cookie, '?action=pco_action')).toEqual(['pco_action']);
    expect(await rights(cookie, '?action=pco_owner')).toEqual([]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/me/rights?action=root', headers: as(cookie) });
    expect(unknown.statusCode).toBe(400);
  });

  it('gives a substituting admin the owner actions of the PCO entered, and takes them back on leaving', async () => {
    const cookie = await signIn('ROLE_ADMIN_SPACE_ADMIN');
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/user_admins/connect-on-pco',
      headers: as(cookie),
      payload: { connected_on_pco_ulid: spaces.pco },
    });
    expect(entered.statusCode, entered.body).toBe(204);
    const jar = new Map(cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]));
    for (const c of entered.cookies) jar.set(c.name, c.value);
    const substituted = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await rights(substituted)).sort()).toEqual(['pco_action', 'pco_owner']);
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/user_admins/disconnect-on-pco',
      headers: as(substituted),
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    for (const c of left.cookies) jar.set(c.name, c.value);
    expect(await rights([...jar].map(([name, value]) => `${name}=${value}`).join('; '))).toEqual(['admin_action']);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/rights', headers: { 'client-type': 'webapp' } });
    expect(response.statusCode).toBe(401);
  });
});
