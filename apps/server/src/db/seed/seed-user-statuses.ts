/**
 * The invited and disabled demo members (issue 3), so that every segment of the Users screens holds someone: the
 * invitations are sent through the invites service (no mail: nobody reads the demo's links; "resend" mails a working
 * one), the disabled members are inserted with their account (password `Termite-Demo-2026!`, which no longer opens
 * that space).
 */
import { createInvitesRepository } from '../../modules/invites/invites.repository.js';
import { createInvitesService } from '../../modules/invites/invites.service.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { accounts, memberships } from '../schema/index.js';
import { DEMO_DISABLED, DEMO_INVITED, DEMO_SPACES } from './demo-people.js';
import { seedActor } from './seed-actor.js';
import type { DemoIds } from './seed-demo.js';

const DAY_MS = 86_400_000;
const NO_MAIL: MailQueue = { enqueue: async () => {} };

/**
 * Invites {@link DEMO_INVITED} and inserts {@link DEMO_DISABLED}, dated relative to `now`; records their membership
 * ids in `ids.memberships` (`<email>@<space key>`). `passwordHash` is the demo password's hash.
 */
export async function seedUserStatuses(db: Db, ids: DemoIds, now: Date, passwordHash: string): Promise<void> {
  for (const person of DEMO_INVITED) {
    const service = createInvitesService({
      repository: createInvitesRepository(db),
      mail: NO_MAIL,
      appUrl: 'http://localhost:3000',
      now: () => new Date(now.getTime() - person.invitedDaysAgo * DAY_MS),
    });
    const actor = seedActor(ids, person.invitedBy, person.space);
    const { invites } = await service.send(actor, {
      invites: [{ email: person.email, role: person.role, lang: person.lang as 'fr' }],
    });
    const id = invites[0]?.ulid;
    if (!id) throw new Error(`demo invitation of ${person.email} not created`);
    ids.memberships[`${person.email}@${person.space}`] = id;
  }

  for (const person of DEMO_DISABLED) {
    const space = DEMO_SPACES.find((s) => s.key === person.space);
    const spaceId = ids.spaces[person.space];
    if (!space || !spaceId) throw new Error(`unknown demo space ${person.space}`);
    const accountId = newUlid();
    const id = newUlid();
    await db.insert(accounts).values({
      id: accountId,
      email: person.email,
      passwordHash,
      firstname: person.firstname,
      lastname: person.lastname,
      lang: person.lang,
      timezone: person.timezone,
    });
    await db.insert(memberships).values({
      id,
      accountId,
      spaceId,
      spaceType: space.type,
      role: person.role,
      status: 'disabled',
      disabledAt: new Date(now.getTime() - person.disabledDaysAgo * DAY_MS),
      color: person.color,
    });
    ids.memberships[`${person.email}@${person.space}`] = id;
  }
}
