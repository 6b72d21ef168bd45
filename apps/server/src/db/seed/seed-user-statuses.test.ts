/** The invited and disabled demo members (seed-user-statuses.ts): pending invitations per space, a disabled member. */
import { type HydraCollection, INVITES_PATH, type PendingInvite } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.js';
import type { DemoIds } from './seed-demo.js';
import { seedUserStatuses } from './seed-user-statuses.js';

const NOW = new Date();
const DAY_MS = 86_400_000;

let t: TestApp;
const ids: DemoIds = { spaces: {}, memberships: {} };

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  ids.spaces.dealer = await createSpace(t.db, 'dealer');
  ids.spaces.pco = await createSpace(t.db, 'pco', { dealerId: ids.spaces.dealer });
  for (const email of ['owner@demo.example', 'dealer@demo.example']) {
    const person = DEMO_PEOPLE.find((p) => p.email === email);
    for (const m of person?.memberships ?? []) {
      const member = await createMember(t.db, ids.spaces[m.space] as string, m.role as 'ROLE_PCO_SPACE_OWNER', {
        email,
      });
      ids.memberships[`${email}@${m.space}`] = member.membershipId;
    }
  }
  await seedUserStatuses(t.db, ids, NOW, await hashPassword(DEMO_PASSWORD));
});
afterAll(() => t.close());

async function pending(email: string, path: string): Promise<PendingInvite[]> {
  const response = await t.app.inject({ method: 'GET', url: path, headers: as(await login(t.app, email)) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as HydraCollection<PendingInvite>)['hydra:member'];
}

describe('seedUserStatuses', () => {
  it('leaves one pending invitation in the first PCO and one in the demo dealer', async () => {
    const pco = await pending('owner@demo.example', INVITES_PATH.pco);
    expect(pco.map((i) => [i.email, i.role])).toEqual([['nicolas.blanc@demo.example', 'ROLE_PCO_SPACE_TECHNICIAN']]);
    expect(Date.parse(pco[0]?.last_invited_at ?? '')).toBe(NOW.getTime() - 2 * DAY_MS);
    expect(Date.parse(pco[0]?.expires_at ?? '')).toBe(NOW.getTime() + 5 * DAY_MS);
    const dealer = await pending('dealer@demo.example', INVITES_PATH.dealer);
    expect(dealer.map((i) => [i.email, i.role])).toEqual([['pauline.mercier@demo.example', 'ROLE_DEALER_SPACE_USER']]);
    expect(ids.memberships['nicolas.blanc@demo.example@pco']).toBe(pco[0]?.ulid);
  });

  it('disables a former technician of the first PCO, who can no longer sign in there', async () => {
    const id = ids.memberships['julie.lambert@demo.example@pco'] as string;
    const member = await t.db.query.memberships.findFirst({ where: (m, { eq }) => eq(m.id, id) });
    expect(member).toMatchObject({ spaceId: ids.spaces.pco, status: 'disabled', role: 'ROLE_PCO_SPACE_TECHNICIAN' });
    expect(member?.disabledAt?.getTime()).toBe(NOW.getTime() - 24 * DAY_MS);
    await expect(login(t.app, 'julie.lambert@demo.example', DEMO_PASSWORD)).rejects.toThrow(/401/);
  });
});
