/** Database reads and writes of the client import tests (test/ may use Drizzle; module tests go through here). */
import { and, eq } from 'drizzle-orm';
import { clientImports, clients, contacts, sites } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';

/** The client of the space named `name`, or undefined. */
export async function clientNamed(db: Db, spaceId: string, name: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.spaceId, spaceId), eq(clients.name, name)));
  return row;
}

/** The sites of client `clientId`. */
export function sitesOfClient(db: Db, clientId: string) {
  return db.select().from(sites).where(eq(sites.clientId, clientId));
}

/** The contact with e-mail `email`, or undefined. */
export async function contactByEmail(db: Db, email: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.email, email));
  return row;
}

/** The imports of the space: id, file name and rows done. */
export function importsOf(db: Db, spaceId: string) {
  return db
    .select({ id: clientImports.id, name: clientImports.fileName, done: clientImports.rowsDone })
    .from(clientImports)
    .where(eq(clientImports.spaceId, spaceId));
}

/** What an edit does to a client: its `updated_at` moves. */
export async function touchClient(db: Db, spaceId: string, name: string): Promise<void> {
  await db
    .update(clients)
    .set({ updatedAt: new Date(Date.now() + 1000) })
    .where(and(eq(clients.spaceId, spaceId), eq(clients.name, name)));
}
