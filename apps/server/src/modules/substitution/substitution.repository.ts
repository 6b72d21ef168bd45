/**
 * Substitution (SPEC §1, §4) and the audit trail of changes made under it: the session's substituted space, the
 * spaces one may enter, and `audit_events`.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { accounts, auditEvents, memberships, sessions, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export function createSubstitutionRepository(db: Db) {
  return {
    /** The open (not closed) dealer or PCO `id` of `type`, or undefined. */
    async findOpenSpace(id: string, type: 'dealer' | 'pco') {
      const [row] = await db
        .select({ id: spaces.id, type: spaces.type, dealerId: spaces.dealerId })
        .from(spaces)
        .where(and(eq(spaces.id, id), eq(spaces.type, type), isNull(spaces.closedAt)))
        .limit(1);
      return row as { id: string; type: 'dealer' | 'pco'; dealerId: string | null } | undefined;
    },

    /** Sets (or clears, `null`) the substituted space of an open session; false when the session is revoked. */
    async setSubstitution(sessionId: string, spaceId: string | null): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ substituteSpaceId: spaceId })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /** The real membership of the session (space, type, role), or undefined. */
    async findMembership(membershipId: string) {
      const [row] = await db
        .select({
          id: memberships.id,
          spaceId: memberships.spaceId,
          spaceType: memberships.spaceType,
          role: memberships.role,
        })
        .from(memberships)
        .where(eq(memberships.id, membershipId))
        .limit(1);
      return row;
    },

    /** Name and e-mail of an account, or undefined. */
    async findAccountLabel(accountId: string) {
      const [row] = await db
        .select({ firstname: accounts.firstname, lastname: accounts.lastname, email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row;
    },

    async insertAuditEvent(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },

    /** A page of the space's audit events, newest first, with the actor's own space type (null if gone). */
    async listAuditEvents(spaceId: string, window: { limit: number; offset: number }) {
      const where = eq(auditEvents.spaceId, spaceId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ event: auditEvents, actorType: memberships.spaceType })
          .from(auditEvents)
          .leftJoin(memberships, eq(memberships.id, auditEvents.actorMembershipId))
          .where(where)
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type SubstitutionRepository = ReturnType<typeof createSubstitutionRepository>;
