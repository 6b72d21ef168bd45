/**
 * Queries of the space settings (SPEC §2.7 "Space settings", issue 4): the actor's space, its members who could take
 * ownership, its settings, the ownership transfer, the closing of the space and the purge of closed spaces.
 * Every query of a request is scoped to the actor's space id.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, notInArray } from 'drizzle-orm';
import { accounts, memberships, type SpaceRow, sessions, spaces } from '../../db/schema/index.js';
import { revokeAccountSessions } from '../../platform/auth/sessions.repository.js';
import type { Db } from '../../platform/db/database.js';

/** The settings written by `PUT /api/space_parameters` (column names of `spaces`). */
export interface SpaceSettingsValues {
  name: string;
  addressLabel: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: string | null;
  longitude: string | null;
  referralReseller: string | null;
}

function createSpaceParametersQueries(db: Db) {
  return {
    /** The space `spaceId` when it is still open (not closed by its owner), else undefined. */
    async findOpenSpace(spaceId: string): Promise<SpaceRow | undefined> {
      const [row] = await db
        .select()
        .from(spaces)
        .where(and(eq(spaces.id, spaceId), isNull(spaces.closedAt)))
        .limit(1);
      return row;
    },

    /** Active members of the space whose role is not `ownerRole`, by last name then first name. */
    async transferCandidates(spaceId: string, ownerRole: string) {
      return db
        .select({
          ulid: memberships.id,
          firstname: accounts.firstname,
          lastname: accounts.lastname,
          email: accounts.email,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.spaceId, spaceId), eq(memberships.status, 'active'), ne(memberships.role, ownerRole)))
        .orderBy(asc(accounts.lastname), asc(accounts.firstname), asc(memberships.id));
    },

    /** The membership `membershipId` of the space, whatever its status and role, or undefined. */
    async findMembership(spaceId: string, membershipId: string) {
      const [row] = await db
        .select({
          id: memberships.id,
          accountId: memberships.accountId,
          role: memberships.role,
          status: memberships.status,
        })
        .from(memberships)
        .where(and(eq(memberships.spaceId, spaceId), eq(memberships.id, membershipId)))
        .limit(1);
      return row;
    },

    /** Memberships of the space holding `ownerRole` (normally one). */
    async owners(spaceId: string, ownerRole: string) {
      return db
        .select({ id: memberships.id, accountId: memberships.accountId })
        .from(memberships)
        .where(and(eq(memberships.spaceId, spaceId), eq(memberships.role, ownerRole)));
    },

    /** Writes the settings of the space. */
    async updateSettings(spaceId: string, values: SpaceSettingsValues, at: Date): Promise<void> {
      await db
        .update(spaces)
        .set({ ...values, updatedAt: at })
        .where(and(eq(spaces.id, spaceId), isNull(spaces.closedAt)));
    },

    /** Gives the member of the space the role `role`. */
    async setRole(spaceId: string, membershipId: string, role: string, at: Date): Promise<void> {
      await db
        .update(memberships)
        .set({ role, updatedAt: at })
        .where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)));
    },

    /** Ends the open sessions of `accountId` bound to `membershipId` (its refresh tokens are refused from now on). */
    async revokeMembershipSessions(accountId: string, membershipId: string, at: Date): Promise<void> {
      await revokeAccountSessions(db, accountId, { membershipId, at });
    },

    /**
     * Closes the space at `at`: `closed_at` is set, every session of its members is revoked and the sessions of
     * other spaces substituted into it go back to their own space. Answers `false` when it was already closed.
     */
    async closeSpace(spaceId: string, at: Date): Promise<boolean> {
      const closed = await db
        .update(spaces)
        .set({ closedAt: at, updatedAt: at })
        .where(and(eq(spaces.id, spaceId), isNull(spaces.closedAt)))
        .returning({ id: spaces.id });
      if (!closed.length) return false;
      const members = db.select({ id: memberships.id }).from(memberships).where(eq(memberships.spaceId, spaceId));
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(inArray(sessions.membershipId, members), isNull(sessions.revokedAt)));
      await db.update(sessions).set({ substituteSpaceId: null }).where(eq(sessions.substituteSpaceId, spaceId));
      return true;
    },

    /**
     * Deletes the spaces closed before `closedBefore` with everything they own (memberships, sessions, clients,
     * sites, interventions, audit events: all cascade). PCOs go first; a closed dealer that still has PCOs which
     * are not purged now is kept until they are. Answers the ids deleted.
     */
    async purgeClosedSpaces(closedBefore: Date): Promise<string[]> {
      const expired = and(isNotNull(spaces.closedAt), lt(spaces.closedAt, closedBefore));
      const pcos = await db
        .delete(spaces)
        .where(and(expired, eq(spaces.type, 'pco')))
        .returning({ id: spaces.id });
      const keptPcoDealers = db
        .select({ id: spaces.dealerId })
        .from(spaces)
        .where(and(eq(spaces.type, 'pco'), isNotNull(spaces.dealerId)));
      const others = await db
        .delete(spaces)
        .where(and(expired, ne(spaces.type, 'pco'), notInArray(spaces.id, keptPcoDealers)))
        .returning({ id: spaces.id });
      return [...pcos, ...others].map((r) => r.id);
    },
  };
}
export type SpaceParametersQueries = ReturnType<typeof createSpaceParametersQueries>;

/** The repository: its queries, plus `transaction(work)` running `work` on queries bound to one transaction. */
export function createSpaceParametersRepository(db: Db) {
  return {
    ...createSpaceParametersQueries(db),
    /** Runs `work` in one transaction; inside it, use only the queries it is given. */
    transaction<T>(work: (tx: SpaceParametersQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createSpaceParametersQueries(tx as unknown as Db)));
    },
  };
}
export type SpaceParametersRepository = ReturnType<typeof createSpaceParametersRepository>;
