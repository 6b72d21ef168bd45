/** The actor a seed step acts as: a demo member of a demo space, so that data is created through the services. */
import type { Language } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { DEMO_PEOPLE, DEMO_SPACES } from './demo-people.js';
import type { DemoIds } from './seed-demo.js';

/** The actor of demo person `email` in demo space `spaceKey` (e.g. `owner@demo.example`, `pco`). */
export function seedActor(ids: DemoIds, email: string, spaceKey: string): Actor {
  const person = DEMO_PEOPLE.find((p) => p.email === email);
  const space = DEMO_SPACES.find((s) => s.key === spaceKey);
  const membership = person?.memberships.find((m) => m.space === spaceKey);
  const membershipId = ids.memberships[`${email}@${spaceKey}`];
  const spaceId = ids.spaces[spaceKey];
  if (!person || !space || !membership || !membershipId || !spaceId)
    throw new Error(`no demo member ${email}@${spaceKey}`);
  return {
    accountId: 'seed',
    sessionId: 'seed',
    membershipId,
    spaceId,
    spaceType: space.type,
    role: membership.role,
    timezone: person.timezone,
    lang: person.lang as Language,
  };
}

/** Membership ids of the demo members of `spaceKey` holding `role`. */
export function seedMembersWithRole(ids: DemoIds, spaceKey: string, role: string): string[] {
  return DEMO_PEOPLE.flatMap((p) =>
    p.memberships
      .filter((m) => m.space === spaceKey && m.role === role)
      .map((m) => ids.memberships[`${p.email}@${m.space}`] as string),
  );
}
