/**
 * `SEED=demo`: on an empty database, creates the demo spaces and people (ARCHITECTURE §5), then the PCOs'
 * business data through the domain services (seed-business.ts), then the invited and disabled members of the Users
 * screens (seed-user-statuses.ts).
 */
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';
import { accounts, memberships, spaces } from '../schema/index.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_SPACES } from './demo-people.js';
import { seedBusiness } from './seed-business.js';
import { seedUserStatuses } from './seed-user-statuses.js';

/** Ids of the demo spaces and memberships by key, handed to the business seed. */
export interface DemoIds {
  spaces: Record<string, string>;
  /** membership id by `<email>@<space key>` */
  memberships: Record<string, string>;
}

async function seedPeople(db: Db, passwordHash: string): Promise<DemoIds> {
  const ids: DemoIds = { spaces: {}, memberships: {} };
  for (const space of DEMO_SPACES) ids.spaces[space.key] = newUlid();
  await db.insert(spaces).values(
    DEMO_SPACES.map((s) => ({
      id: ids.spaces[s.key] as string,
      type: s.type,
      name: s.name,
      addressLabel: `${s.street}, ${s.postalCode} ${s.city}, ${s.country}`,
      street: s.street,
      postalCode: s.postalCode,
      city: s.city,
      country: s.country,
      latitude: s.latitude,
      longitude: s.longitude,
      erpClientId: s.erpClientId ?? null,
      erpOrderId: s.erpOrderId ?? null,
      dealerId: s.dealer ? (ids.spaces[s.dealer] ?? null) : null,
    })),
  );
  for (const person of DEMO_PEOPLE) {
    const accountId = newUlid();
    await db.insert(accounts).values({
      id: accountId,
      email: person.email,
      passwordHash,
      firstname: person.firstname,
      lastname: person.lastname,
      lang: person.lang,
      timezone: person.timezone,
    });
    for (const m of person.memberships) {
      const space = DEMO_SPACES.find((s) => s.key === m.space);
      if (!space) throw new Error(`unknown demo space ${m.space}`);
      const id = newUlid();
      ids.memberships[`${person.email}@${m.space}`] = id;
      await db.insert(memberships).values({
        id,
        accountId,
        spaceId: ids.spaces[m.space] as string,
        spaceType: space.type,
        role: m.role,
        status: 'active',
        color: m.color ?? null,
      });
    }
  }
  return ids;
}

/** Seeds the demo data when the database holds no account; returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = await seedPeople(db, passwordHash);
  await seedBusiness(db, ids, now);
  await seedUserStatuses(db, ids, now, passwordHash);
  return true;
}

/** Empties every table (for `npm run seed -- --reset`). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table audit_events, email_change_requests, invitations, password_reset_tokens, trusted_devices, two_factor_challenges, intervention_interveners, interventions, contracts, site_contacts, sites, client_contacts, contacts, clients, refresh_tokens, sessions, memberships, accounts, spaces cascade`,
  );
}
