/**
 * Members (memberships with their accounts) of one space: the people picker search, the users list and the member
 * management of SPEC §4 "User lifecycle" and §7 "Users". The only file of the module that talks to the database;
 * every read and write of a membership is scoped to the space id it is given.
 */
import { type AnyColumn, and, asc, count, desc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  accounts,
  interventionInterveners,
  memberships,
  NAME_FOLD_FROM,
  NAME_FOLD_TO,
  sites,
} from '../../db/schema/index.js';
import { endAccessAfterPasswordChange, revokeAccountSessions } from '../../platform/auth/sessions.repository.js';
import type { Db } from '../../platform/db/database.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';
import { createReferentSiteQueries } from './referent-sites.repository.js';

/** A sort key of the member search. */
export interface MemberOrder {
  field: 'lastname' | 'firstname';
  direction: 'asc' | 'desc';
}

const BASE_OF = new Map(Array.from(NAME_FOLD_FROM, (c, i) => [c, NAME_FOLD_TO[i] as string]));

/** `text` lower-cased and without Latin accents, LIKE wildcards escaped, wrapped for a "contains" match. */
function containsPattern(text: string): string {
  const folded = Array.from(text.toLowerCase(), (c) => BASE_OF.get(c) ?? c).join('');
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` lower-cased and without Latin accents (the same folding as the clients' `name_folded`). */
const folded = (column: AnyColumn) => sql`translate(lower(${column}), ${NAME_FOLD_FROM}, ${NAME_FOLD_TO})`;

/** First name, last name or e-mail contains `search`, ignoring case and Latin accents ("elodie" finds "Élodie"). */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  return or(
    like(folded(accounts.firstname), pattern),
    like(folded(accounts.lastname), pattern),
    like(folded(accounts.email), pattern),
  ) as SQL;
}

/** Names sort case-insensitively, the same on PGlite (C collation) and PostgreSQL. */
const ORDER_COLUMNS = {
  lastname: sql`lower(${accounts.lastname})`,
  firstname: sql`lower(${accounts.firstname})`,
} as const;

/** Number of sites of the member's space whose referent technician is the member. */
const nbReferentSite = sql<number>`(select count(*) from ${sites} where ${sites.referentId} = ${memberships.id} and ${sites.spaceId} = ${memberships.spaceId})::int`;

/** The columns of a {@link MemberRow}. */
const MEMBER_COLUMNS = {
  id: memberships.id,
  accountId: memberships.accountId,
  spaceId: memberships.spaceId,
  spaceType: memberships.spaceType,
  role: memberships.role,
  status: memberships.status,
  color: memberships.color,
  disabledAt: memberships.disabledAt,
  lastInvitedAt: memberships.lastInvitedAt,
  firstname: accounts.firstname,
  lastname: accounts.lastname,
  email: accounts.email,
  avatar: accounts.avatar,
  lang: accounts.lang,
  timezone: accounts.timezone,
  lastLoginAt: accounts.lastLoginAt,
  licenceNumber: memberships.licenceNumber,
  nbReferentSite,
};

/** A member as the users list and the user edit screen see it. */
export interface MemberRow {
  id: string;
  accountId: string;
  spaceId: string;
  spaceType: 'admin' | 'dealer' | 'pco';
  role: string;
  status: 'active' | 'invited' | 'disabled';
  color: string | null;
  disabledAt: Date | null;
  lastInvitedAt: Date | null;
  firstname: string;
  lastname: string;
  email: string;
  avatar: string | null;
  lang: string;
  timezone: string;
  lastLoginAt: Date | null;
  /** The member's applicator licence number (issue 12), or null. */
  licenceNumber: string | null;
  nbReferentSite: number;
}

/** Filters of the users list (SPEC §2.7 "Users": segments, role filter, search). */
export interface MemberListFilter {
  search?: string | undefined;
  role?: string | undefined;
  status?: 'active' | 'invited' | 'disabled' | undefined;
}

/** What {@link UsersQueries.updateAccount} writes; `passwordHash` only when the password changes. */
export interface AccountChanges {
  firstname: string;
  lastname: string;
  email: string;
  lang: string;
  timezone: string;
  passwordHash?: string | undefined;
}

/** The queries of the module on `db` (a database or a transaction). */
function createUsersQueries(db: Db) {
  return {
    ...createReferentSiteQueries(db),
    /**
     * One page of the active members of the space whose first name, last name or e-mail contains `search`, holding one
     * of `roles` (any role when empty), in `order`; with the number of matching members.
     */
    async searchActive(
      spaceId: string,
      search: string | undefined,
      roles: string[],
      order: MemberOrder[],
      window: PageWindow,
    ) {
      const conditions: SQL[] = [eq(memberships.spaceId, spaceId), eq(memberships.status, 'active')];
      if (roles.length) conditions.push(inArray(memberships.role, roles));
      if (search) conditions.push(searchCondition(search));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: memberships.id,
            spaceType: memberships.spaceType,
            role: memberships.role,
            status: memberships.status,
            color: memberships.color,
            firstname: accounts.firstname,
            lastname: accounts.lastname,
            email: accounts.email,
          })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where)
          .orderBy(
            ...order.map((o) => (o.direction === 'desc' ? desc : asc)(ORDER_COLUMNS[o.field])),
            asc(memberships.id),
          )
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

    /**
     * One page of the members of the space (every status) matching `filter`, in the grouping order of SPEC §4:
     * disabled first (latest `disabled_at` first), then invited (latest `last_invited_at` first), then active by
     * last name, first name (case-insensitive); the id breaks ties. With the number of matching members.
     */
    async list(spaceId: string, filter: MemberListFilter, window: PageWindow) {
      const where = and(
        eq(memberships.spaceId, spaceId),
        filter.role ? eq(memberships.role, filter.role) : undefined,
        filter.status ? eq(memberships.status, filter.status) : undefined,
        filter.search ? searchCondition(filter.search) : undefined,
      );
      const group = sql`case ${memberships.status} when 'disabled' then 0 when 'invited' then 1 else 2 end`;
      const disabledAt = sql`case when ${memberships.status} = 'disabled' then ${memberships.disabledAt} end`;
      const invitedAt = sql`case when ${memberships.status} = 'invited' then ${memberships.lastInvitedAt} end`;
      const [rows, [total]] = await Promise.all([
        db
          .select(MEMBER_COLUMNS)
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where)
          .orderBy(
            asc(group),
            sql`${disabledAt} desc nulls last`,
            sql`${invitedAt} desc nulls last`,
            asc(ORDER_COLUMNS.lastname),
            asc(ORDER_COLUMNS.firstname),
            asc(memberships.id),
          )
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where),
      ]);
      return { rows: rows as MemberRow[], total: total?.n ?? 0 };
    },

    /** The member `membershipId` of the space, or undefined. */
    async find(spaceId: string, membershipId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select(MEMBER_COLUMNS)
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)))
        .limit(1);
      return row as MemberRow | undefined;
    },

    /** `true` when an account other than `exceptAccountId` uses `email` (compared lower-cased). */
    async emailTaken(email: string, exceptAccountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, ne(accounts.id, exceptAccountId)))
        .limit(1);
      return Boolean(row);
    },

    /** `true` when the account holds a membership in a space other than `spaceId`. */
    async hasMembershipElsewhere(accountId: string, spaceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), ne(memberships.spaceId, spaceId)))
        .limit(1);
      return Boolean(row);
    },

    /** Writes the account's name, e-mail, language, time zone and, when given, its new password hash. */
    async updateAccount(accountId: string, changes: AccountChanges, at: Date): Promise<void> {
      await db
        .update(accounts)
        .set({
          firstname: changes.firstname,
          lastname: changes.lastname,
          email: changes.email,
          lang: changes.lang,
          timezone: changes.timezone,
          ...(changes.passwordHash ? { passwordHash: changes.passwordHash } : {}),
          updatedAt: at,
        })
        .where(eq(accounts.id, accountId));
    },

    /** Writes the applicator licence number (issue 12; null clears it) of membership `membershipId`. */
    async setLicenceNumber(membershipId: string, licenceNumber: string | null, at: Date): Promise<void> {
      await db.update(memberships).set({ licenceNumber, updatedAt: at }).where(eq(memberships.id, membershipId));
    },

    /**
     * Ends the account's sessions (all of them, or those of `membershipId`; never `exceptSessionId`) and, when
     * `trustedDevices` is set (a password change), also forgets its remembered devices and open two-factor attempts.
     */
    async revokeSessions(
      accountId: string,
      options: { membershipId?: string; exceptSessionId?: string; trustedDevices?: boolean },
      at: Date,
    ): Promise<void> {
      if (options.trustedDevices) {
        await endAccessAfterPasswordChange(db, accountId, { exceptSessionId: options.exceptSessionId, at });
      } else {
        await revokeAccountSessions(db, accountId, {
          membershipId: options.membershipId,
          exceptSessionId: options.exceptSessionId,
          at,
        });
      }
    },

    /** Sets the account's avatar URL (or null); answers the previous one. */
    async setAvatar(accountId: string, avatar: string | null, at: Date): Promise<string | null> {
      const [previous] = await db.select({ avatar: accounts.avatar }).from(accounts).where(eq(accounts.id, accountId));
      await db.update(accounts).set({ avatar, updatedAt: at }).where(eq(accounts.id, accountId));
      return previous?.avatar ?? null;
    },

    /** Gives the member of the space the role `role`. */
    async setRole(spaceId: string, membershipId: string, role: string, at: Date): Promise<void> {
      await db
        .update(memberships)
        .set({ role, updatedAt: at })
        .where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)));
    },

    /** Sets the member's status; `disabledAt` is the disabling instant, null when not disabled. */
    async setStatus(
      spaceId: string,
      membershipId: string,
      status: 'active' | 'disabled',
      disabledAt: Date | null,
      at: Date,
    ): Promise<void> {
      await db
        .update(memberships)
        .set({ status, disabledAt, updatedAt: at })
        .where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)));
    },

    /** Number of interventions (past or coming) the member is an intervener of. */
    async countInterventions(membershipId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(interventionInterveners)
        .where(eq(interventionInterveners.membershipId, membershipId));
      return row?.n ?? 0;
    },

    /**
     * Deletes the member of the space (its sessions and invitations go with it), and its account when the account
     * holds no other membership. Answers whether the account was deleted and its avatar URL.
     */
    async deleteMembership(spaceId: string, membershipId: string, accountId: string) {
      await db.delete(memberships).where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)));
      const [other] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(eq(memberships.accountId, accountId))
        .limit(1);
      if (other) return { accountDeleted: false, avatar: null };
      const [deleted] = await db
        .delete(accounts)
        .where(eq(accounts.id, accountId))
        .returning({ avatar: accounts.avatar });
      return { accountDeleted: Boolean(deleted), avatar: deleted?.avatar ?? null };
    },
  };
}
/** The queries available inside a transaction. */
export type UsersQueries = ReturnType<typeof createUsersQueries>;

/** The users repository: its queries, plus `transaction(work)` running `work` on queries bound to one transaction. */
export function createUsersRepository(db: Db) {
  return {
    ...createUsersQueries(db),
    /** Runs `work` in one transaction; inside it, use only the queries it is given. */
    transaction<T>(work: (tx: UsersQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createUsersQueries(tx as unknown as Db)));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
