/**
 * Test records of the self-service tests (SPEC §7 "Self"): what the API cannot do on purpose — age an e-mail change
 * link, give an account a language before it signs in.
 */
import type { Language } from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import { accounts, emailChangeRequests } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';

/** Moves the expiry of every e-mail change link of `accountId` to `at` (default: a second ago). */
export async function expireEmailChanges(db: Db, accountId: string, at = new Date(Date.now() - 1000)): Promise<void> {
  await db.update(emailChangeRequests).set({ expiresAt: at }).where(eq(emailChangeRequests.accountId, accountId));
}

/** Sets the language of account `accountId` (the next sign-in carries it in the token). */
export async function setAccountLanguage(db: Db, accountId: string, lang: Language): Promise<void> {
  await db.update(accounts).set({ lang }).where(eq(accounts.id, accountId));
}
