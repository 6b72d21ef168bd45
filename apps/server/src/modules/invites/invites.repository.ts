/**
 * Invitations of a space (SPEC §4 "User lifecycle", §7 "Invites, per type"): the invited accounts, their memberships
 * in status `invited` and the `invitations` rows holding the SHA-256 of each link's token. The only file of the
 * module that talks to the database; the management queries are scoped to the space id they are given, the token
 * look-ups to the token hash (the token is the credential).
 */
import { and, count, desc, eq, ilike, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { accounts, invitations, memberships, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A pending invitation as lists show it: the invited membership, its e-mail and the expiry of its open link. */
export interface PendingInviteRow {
  id: string;
  spaceType: 'admin' | 'dealer' | 'pco';
  email: string;
  role: string;
  lastInvitedAt: Date | null;
  createdAt: Date;
  /** Expiry of the newest link neither revoked nor accepted; null when there is none. */
  expiresAt: Date | null;
}

/** An account known by its (lower-cased) e-mail, and whether it already holds a membership of the given type. */
export interface KnownAccount {
  id: string;
  email: string;
  hasPassword: boolean;
  lang: string;
  holdsSpaceType: boolean;
}

/** The queries of the module on `db` (the database or a transaction). */
function invitesQueries(db: Db) {
  const openExpiry = sql<Date | null>`(
    select max(${invitations.expiresAt}) from ${invitations}
    where ${invitations.membershipId} = ${memberships.id}
      and ${invitations.revokedAt} is null and ${invitations.acceptedAt} is null
  )`.mapWith(invitations.expiresAt);

  const pendingColumns = {
    id: memberships.id,
    spaceType: memberships.spaceType,
    email: accounts.email,
    role: memberships.role,
    lastInvitedAt: memberships.lastInvitedAt,
    createdAt: memberships.createdAt,
    expiresAt: openExpiry,
  };

  return {
    /** One page of the invited members of the space whose e-mail contains `email`, the last invited first. */
    async listPending(
      spaceId: string,
      email: string | undefined,
      window: PageWindow,
    ): Promise<{ rows: PendingInviteRow[]; total: number }> {
      const conditions: SQL[] = [eq(memberships.spaceId, spaceId), eq(memberships.status, 'invited')];
      if (email) conditions.push(ilike(accounts.email, containsPattern(email)));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select(pendingColumns)
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where)
          .orderBy(sql`${memberships.lastInvitedAt} desc nulls last`, desc(memberships.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The invited members `ids` of the space, in no particular order. */
    pendingByIds(spaceId: string, ids: string[]): Promise<PendingInviteRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select(pendingColumns)
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.spaceId, spaceId), eq(memberships.status, 'invited'), inArray(memberships.id, ids)));
    },

    /** The accounts of these lower-cased e-mails, each saying whether it holds a membership of `spaceType`. */
    async knownAccounts(emails: string[], spaceType: 'admin' | 'dealer' | 'pco'): Promise<KnownAccount[]> {
      if (!emails.length) return [];
      const rows = await db
        .select({
          id: accounts.id,
          email: sql<string>`lower(${accounts.email})`,
          passwordHash: accounts.passwordHash,
          lang: accounts.lang,
          membershipId: memberships.id,
        })
        .from(accounts)
        // at most one membership per space type: the join never repeats an account
        .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.spaceType, spaceType)))
        .where(inArray(sql`lower(${accounts.email})`, emails));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        hasPassword: r.passwordHash !== null,
        lang: r.lang,
        holdsSpaceType: r.membershipId !== null,
      }));
    },

    /**
     * Inserts an account without password unless one with this e-mail exists (a concurrent invitation); answers
     * the id of the account of that e-mail and whether it has a password.
     */
    async ensureAccount(values: {
      id: string;
      email: string;
      lang: string;
    }): Promise<{ id: string; hasPassword: boolean; lang: string }> {
      const inserted = await db
        .insert(accounts)
        .values({ ...values, passwordHash: null })
        .onConflictDoNothing()
        .returning({ id: accounts.id });
      if (inserted[0]) return { id: inserted[0].id, hasPassword: false, lang: values.lang };
      const [existing] = await db
        .select({ id: accounts.id, passwordHash: accounts.passwordHash, lang: accounts.lang })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${values.email.toLowerCase()}`);
      if (!existing) throw new Error(`account ${values.email} neither inserted nor found`);
      return { id: existing.id, hasPassword: existing.passwordHash !== null, lang: existing.lang };
    },

    /**
     * Inserts an invited membership; `false` when the account already holds a membership of this space type
     * (a concurrent invitation), in which case nothing is inserted.
     */
    async insertInvitedMembership(values: {
      id: string;
      accountId: string;
      spaceId: string;
      spaceType: 'admin' | 'dealer' | 'pco';
      role: string;
      color: string | null;
      at: Date;
    }): Promise<boolean> {
      const { at, ...rest } = values;
      const rows = await db
        .insert(memberships)
        .values({ ...rest, status: 'invited', lastInvitedAt: at })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      return rows.length === 1;
    },

    async insertInvitation(values: typeof invitations.$inferInsert): Promise<void> {
      await db.insert(invitations).values(values);
    },

    /** Chip colours already given to members of the space. */
    async spaceColors(spaceId: string): Promise<(string | null)[]> {
      const rows = await db
        .select({ color: memberships.color })
        .from(memberships)
        .where(eq(memberships.spaceId, spaceId));
      return rows.map((r) => r.color);
    },

    /** The invited member `membershipId` of the space with its account, or undefined. */
    async findInvited(spaceId: string, membershipId: string) {
      const [row] = await db
        .select({
          id: memberships.id,
          role: memberships.role,
          spaceType: memberships.spaceType,
          accountId: accounts.id,
          email: accounts.email,
          lang: accounts.lang,
          hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(
          and(eq(memberships.spaceId, spaceId), eq(memberships.id, membershipId), eq(memberships.status, 'invited')),
        )
        .limit(1);
      return row ? { ...row, hasPassword: Boolean(row.hasPassword) } : undefined;
    },

    /** Revokes every link of the membership that is neither revoked nor accepted. */
    async revokeOpenInvitations(membershipId: string, at: Date): Promise<void> {
      await db
        .update(invitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(invitations.membershipId, membershipId),
            isNull(invitations.revokedAt),
            isNull(invitations.acceptedAt),
          ),
        );
    },

    async touchLastInvited(membershipId: string, at: Date): Promise<void> {
      await db.update(memberships).set({ lastInvitedAt: at, updatedAt: at }).where(eq(memberships.id, membershipId));
    },

    /** Sets the role of the invited member `membershipId` of the space. */
    async updateInvitedRole(spaceId: string, membershipId: string, role: string, at: Date): Promise<void> {
      await db
        .update(memberships)
        .set({ role, updatedAt: at })
        .where(
          and(eq(memberships.spaceId, spaceId), eq(memberships.id, membershipId), eq(memberships.status, 'invited')),
        );
    },

    /** Deletes the invited member `membershipId` of the space (its links go with it). */
    async deleteInvited(spaceId: string, membershipId: string): Promise<void> {
      await db
        .delete(memberships)
        .where(
          and(eq(memberships.spaceId, spaceId), eq(memberships.id, membershipId), eq(memberships.status, 'invited')),
        );
    },

    /** Deletes the account when it has no password and no membership left (a never activated invitation). */
    async deleteAccountIfUnused(accountId: string): Promise<void> {
      await db
        .delete(accounts)
        .where(
          and(
            eq(accounts.id, accountId),
            isNull(accounts.passwordHash),
            notExists(db.select({ one: sql`1` }).from(memberships).where(eq(memberships.accountId, accountId))),
          ),
        );
    },

    /** The link with this token hash, its membership, account and space; undefined when unknown. */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          invitation: invitations,
          membership: {
            id: memberships.id,
            status: memberships.status,
            role: memberships.role,
            spaceType: memberships.spaceType,
          },
          account: {
            id: accounts.id,
            email: accounts.email,
            firstname: accounts.firstname,
            lastname: accounts.lastname,
            passwordHash: accounts.passwordHash,
          },
          space: { id: spaces.id, name: spaces.name, logo: spaces.logo, closedAt: spaces.closedAt },
        })
        .from(invitations)
        .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks the link accepted; `false` when it was already accepted or revoked meanwhile (single use). */
    async acceptInvitation(invitationId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: at })
        .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /** Turns the invited membership into an active one. */
    async activateMembership(membershipId: string, at: Date): Promise<void> {
      await db
        .update(memberships)
        .set({ status: 'active', updatedAt: at })
        .where(and(eq(memberships.id, membershipId), eq(memberships.status, 'invited')));
    },

    /** Gives a password-less account its names, password hash and time zone; `false` when it has a password. */
    async completeAccount(
      accountId: string,
      values: { firstname: string; lastname: string; passwordHash: string; timezone: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ ...values, updatedAt: at })
        .where(and(eq(accounts.id, accountId), isNull(accounts.passwordHash)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    },

    /** The names of the account (the inviter shown in the mail). */
    async accountNames(accountId: string) {
      const [row] = await db
        .select({ firstname: accounts.firstname, lastname: accounts.lastname, email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row;
    },

    async spaceName(spaceId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, spaceId));
      return row?.name;
    },
  };
}
/** The queries available inside a transaction. */
export type InvitesQueries = ReturnType<typeof invitesQueries>;

/** The invites repository: its queries, plus `transaction(work)` running `work` on queries bound to one transaction. */
export function createInvitesRepository(db: Db) {
  return {
    ...invitesQueries(db),
    /** Runs `work` in one transaction; inside it, use only the queries it is given. */
    transaction<T>(work: (tx: InvitesQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(invitesQueries(tx as unknown as Db)));
    },
  };
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
