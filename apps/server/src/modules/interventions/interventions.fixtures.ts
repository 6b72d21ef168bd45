/**
 * Test records of the interventions tests: clients and sites inserted directly (their own modules are tested
 * elsewhere), and a site's current status. For tests only.
 */
import { clients, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { newUlid } from '../../platform/ids.js';

/** A client of `spaceId` named `name`; returns its ULID. */
export async function addClient(db: Db, spaceId: string, name: string): Promise<string> {
  const id = newUlid();
  await db.insert(clients).values({ id, spaceId, name, company: true });
  return id;
}

/** A site of `clientId` in `spaceId` (default status STATUS_IN_OPERATION); returns its ULID. */
export async function addSite(
  db: Db,
  spaceId: string,
  clientId: string,
  overrides: { name?: string; status?: string; description?: string } = {},
): Promise<string> {
  const id = newUlid();
  await db.insert(sites).values({
    id,
    spaceId,
    clientId,
    name: overrides.name ?? `Site ${id.slice(-4)}`,
    description: overrides.description ?? null,
    addressLabel: '45 avenue Thiers, 33100 Bordeaux, France',
    latitude: '44.842710000',
    longitude: '-0.557220000',
    area: 250,
    status: overrides.status ?? 'STATUS_IN_OPERATION',
  });
  return id;
}

/** The current status of site `siteId`. */
export async function siteStatus(db: Db, siteId: string): Promise<string | undefined> {
  const row = await db.query.sites.findFirst({ where: (s, { eq }) => eq(s.id, siteId), columns: { status: true } });
  return row?.status;
}
