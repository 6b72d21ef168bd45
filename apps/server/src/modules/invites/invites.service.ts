/**
 * Invitations and activation (SPEC §4 "User lifecycle", §7 "Invites, per type", §8 "Invitation/activation",
 * "Invites"). An invited person is an account (without password when the e-mail is new) plus a membership in status
 * `invited` plus a link: `/activation?token=…&user_type=…&user_exist=0|1`, valid {@link INVITATION_TTL_DAYS} days and
 * single use. Only the SHA-256 of the token is stored; a resend revokes the previous links.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type ActivationResult,
  grantableRoles,
  INVITATION_TTL_DAYS,
  INVITE_LOOKUP,
  INVITES_PATH,
  type InviteLookup,
  type InviteSendBody,
  iri,
  LANGUAGES,
  type Language,
  type NewUserBody,
  type PendingInvite,
  type Role,
  type UserType,
} from '@isoptera/contracts';
import { type Actor, ownerRoleOf } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { AppError, notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { InvitesQueries, InvitesRepository, PendingInviteRow } from './invites.repository.js';

const DAY_MS = 86_400_000;
const TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

/** Chip colours given to new members, the least used in the space first (planning, pickers). */
export const CHIP_COLORS = [
  '#0f766e',
  '#7c3aed',
  '#c2410c',
  '#15803d',
  '#b45309',
  '#be123c',
  '#1d4ed8',
  '#0369a1',
  '#4d7c0f',
  '#a21caf',
  '#0e7490',
  '#9f1239',
] as const;

/** A new link token: 32 random bytes, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, base64url. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The invited space as the activation page shows it, under the key of its type, with its IRI and JSON-LD type. */
function lookupSpace(
  type: UserType,
  space: { id: string; name: string; logo: string | null },
): Pick<InviteLookup, UserType> {
  const fields = { ulid: space.id, name: space.name, logo: space.logo };
  if (type === 'pco') return { pco: { '@id': iri('pcos', space.id), '@type': 'Pco', ...fields } };
  if (type === 'dealer') return { dealer: { '@id': iri('dealers', space.id), '@type': 'Dealer', ...fields } };
  return { admin: { '@id': iri('admins', space.id), '@type': 'Admin', ...fields } };
}

function asLanguage(value: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'fr';
}

/** The colour least used among `used`, the palette order breaking ties. */
function leastUsedColor(used: Map<string, number>): string {
  let best: string = CHIP_COLORS[0];
  for (const color of CHIP_COLORS) if ((used.get(color) ?? 0) < (used.get(best) ?? 0)) best = color;
  used.set(best, (used.get(best) ?? 0) + 1);
  return best;
}

/** An open link with its membership, account and space, as `findByTokenHash` reads it. */
type OpenLink = NonNullable<Awaited<ReturnType<InvitesRepository['findByTokenHash']>>>;

export interface InvitesServiceDeps {
  repository: InvitesRepository;
  mail: MailQueue;
  /** Base of the links in the mails (`APP_URL`). */
  appUrl: string;
  now?: () => Date;
}

export function createInvitesService({ repository, mail, appUrl, now = () => new Date() }: InvitesServiceDeps) {
  const base = appUrl.replace(/\/+$/, '');

  const link = (token: string, type: UserType, userExists: boolean) =>
    `${base}/activation?token=${token}&user_type=${type}&user_exist=${userExists ? 1 : 0}`;

  const pending = (row: PendingInviteRow): PendingInvite => {
    const invitedAt = row.lastInvitedAt ?? row.createdAt;
    return {
      '@id': `${INVITES_PATH[row.spaceType]}/${row.id}`,
      '@type': 'Invite',
      ulid: row.id,
      email: row.email,
      role: row.role as Role,
      last_invited_at: invitedAt.toISOString(),
      expires_at: (row.expiresAt ?? new Date(invitedAt.getTime() + TTL_MS)).toISOString(),
    };
  };

  /** What the mails of `actor` say: the inviter's full name and the space name. */
  async function mailContext(actor: Actor) {
    const [names, space] = await Promise.all([
      repository.accountNames(actor.accountId),
      repository.spaceName(actor.spaceId),
    ]);
    const inviter = names ? `${names.firstname} ${names.lastname}`.trim() || names.email : '';
    return { inviter, space: space ?? '' };
  }

  function sendMail(
    actor: Actor,
    context: { inviter: string; space: string },
    to: { email: string; lang: string; role: string; token: string; hasPassword: boolean },
  ) {
    return mail.enqueue({
      template: 'invitation',
      to: to.email,
      lang: asLanguage(to.lang),
      spaceId: actor.spaceId,
      params: {
        link: link(to.token, actor.spaceType, to.hasPassword),
        inviter: context.inviter,
        role: to.role,
        space: context.space,
      },
    });
  }

  /**
   * The invited member `id` of the actor's space, when its role is one the actor may grant (the screens offer
   * resend and cancel only then). Throws 404 `invitation_not_found`; 403 `forbidden` otherwise.
   */
  async function manageableInvitedMember(actor: Actor, id: string) {
    const member = await invitedMember(actor, id);
    if (!grantableRoles(actor.spaceType, actor.role).includes(member.role as Role)) {
      throw new AppError('forbidden', { status: 403 });
    }
    return member;
  }

  /** The invited member `id` of the actor's space; 404 `invitation_not_found` otherwise (other space included). */
  async function invitedMember(actor: Actor, id: string) {
    const member = await repository.findInvited(actor.spaceId, id);
    if (!member) throw notFound('invitation_not_found');
    return member;
  }

  /**
   * The open link of `token` for the path of `type`, with its membership, account and space. Throws 404
   * `invalid_invite_token` when unknown, revoked, accepted, of another type or of a closed space; 410
   * `expire_invite_token` when older than {@link INVITATION_TTL_DAYS} days.
   */
  async function openLink(type: UserType, token: string): Promise<OpenLink> {
    const row = await repository.findByTokenHash(hashInviteToken(token));
    if (
      !row ||
      row.invitation.revokedAt ||
      row.invitation.acceptedAt ||
      row.membership.status !== 'invited' ||
      row.membership.spaceType !== type ||
      row.space.closedAt
    ) {
      throw new AppError('invalid_invite_token', { status: 404 });
    }
    if (row.invitation.expiresAt <= now()) throw new AppError('expire_invite_token', { status: 410 });
    return row;
  }

  /** Accepts the link and activates the membership inside `tx`; 404 `invalid_invite_token` when used meanwhile. */
  async function accept(tx: InvitesQueries, row: OpenLink, at: Date) {
    if (!(await tx.acceptInvitation(row.invitation.id, at))) {
      throw new AppError('invalid_invite_token', { status: 404 });
    }
    await tx.revokeOpenInvitations(row.membership.id, at);
    await tx.activateMembership(row.membership.id, at);
  }

  const activation = (row: OpenLink): ActivationResult => ({
    user_type: row.membership.spaceType,
    role: row.membership.role as Role,
    email: row.account.email,
  });

  /**
   * Invites `email` as owner of the new space `spaceId` of `spaceType` (SPEC §2.7 "Dealer and PCO management": creating
   * a dealer or a PCO invites its owner), on behalf of `invitedBy` (an admin or a dealer member); owner roles are not
   * grantable through `send`. Same account, membership, link and `invitation` mail as `send`. Throws 422
   * `email_already_exist` on `owner_email` when the account already holds a membership of `spaceType`.
   */
  async function inviteOwner(input: {
    spaceId: string;
    spaceType: 'dealer' | 'pco';
    email: string;
    invitedBy: Actor;
  }): Promise<void> {
    const email = input.email.toLowerCase();
    const taken = () => validationFailed({ propertyPath: 'owner_email', code: 'email_already_exist' });
    const [known] = await repository.knownAccounts([email], input.spaceType);
    if (known?.holdsSpaceType) throw taken();
    const role = ownerRoleOf(input.spaceType);
    const at = now();
    const token = newToken();
    const person = await repository.transaction(async (tx) => {
      const account = await tx.ensureAccount({ id: newUlid(), email, lang: input.invitedBy.lang });
      const id = newUlid();
      const inserted = await tx.insertInvitedMembership({
        id,
        accountId: account.id,
        spaceId: input.spaceId,
        spaceType: input.spaceType,
        role,
        color: CHIP_COLORS[0],
        at,
      });
      if (!inserted) throw taken();
      await tx.insertInvitation({
        id: newUlid(),
        membershipId: id,
        invitedBy: input.invitedBy.membershipId,
        tokenHash: hashInviteToken(token),
        expiresAt: new Date(at.getTime() + TTL_MS),
      });
      return account;
    });
    const names = await repository.accountNames(input.invitedBy.accountId);
    await mail.enqueue({
      template: 'invitation',
      to: email,
      lang: asLanguage(person.lang),
      spaceId: input.spaceId,
      params: {
        link: link(token, input.spaceType, person.hasPassword),
        inviter: names ? `${names.firstname} ${names.lastname}`.trim() || names.email : '',
        role,
        space: (await repository.spaceName(input.spaceId)) ?? '',
      },
    });
  }

  /** Whether `email` may be invited as owner of a new space of `spaceType` (no membership of that type yet). */
  async function ownerEmailFree(email: string, spaceType: 'dealer' | 'pco'): Promise<boolean> {
    const [known] = await repository.knownAccounts([email.toLowerCase()], spaceType);
    return !known?.holdsSpaceType;
  }

  return {
    inviteOwner,
    ownerEmailFree,

    /** `GET {invites}?page&email`: the invited members of the actor's space, the last invited first, 30 a page. */
    async list(
      actor: Actor,
      query: { page: number; itemsPerPage?: number | undefined; email?: string | undefined },
      url: string,
    ) {
      const window = pageWindow(query);
      const { rows, total } = await repository.listPending(actor.spaceId, query.email || undefined, window);
      return hydraCollection(url, rows.map(pending), total, window, 'Invite');
    },

    /**
     * `POST {invites}/send {invites}`: invites every e-mail with its role into the actor's space, all or nothing.
     * Throws 422 with violations on `invites.{i}.email` (`email_entered_several_times` on the later copies,
     * `email_already_exist` when the account already holds a membership of this space type, here or elsewhere) and
     * `invites.{i}.role` (`chosen_role_not_allowed`: not in {@link grantableRoles} of the actor). Then mails each
     * person a link (template `invitation`, in the account's language).
     */
    async send(actor: Actor, body: InviteSendBody): Promise<{ invites: PendingInvite[] }> {
      const invites = body.invites.map((i) => ({ ...i, email: i.email.toLowerCase() }));
      const allowed = grantableRoles(actor.spaceType, actor.role);
      const known = new Map(
        (await repository.knownAccounts([...new Set(invites.map((i) => i.email))], actor.spaceType)).map((a) => [
          a.email,
          a,
        ]),
      );
      const violations: RawViolation[] = [];
      const seen = new Set<string>();
      invites.forEach((invite, i) => {
        if (seen.has(invite.email)) {
          violations.push({ propertyPath: `invites.${i}.email`, code: 'email_entered_several_times' });
        } else if (known.get(invite.email)?.holdsSpaceType) {
          violations.push({ propertyPath: `invites.${i}.email`, code: 'email_already_exist' });
        }
        seen.add(invite.email);
        if (!allowed.includes(invite.role as Role)) {
          violations.push({ propertyPath: `invites.${i}.role`, code: 'chosen_role_not_allowed' });
        }
      });
      if (violations.length) throw validationFailed(...violations);

      const at = now();
      const expiresAt = new Date(at.getTime() + TTL_MS);
      const created = await repository.transaction(async (tx) => {
        const colors = new Map<string, number>();
        for (const color of await tx.spaceColors(actor.spaceId)) {
          if (color) colors.set(color, (colors.get(color) ?? 0) + 1);
        }
        const out: { id: string; email: string; lang: string; role: string; token: string; hasPassword: boolean }[] =
          [];
        for (const [i, invite] of invites.entries()) {
          const account = await tx.ensureAccount({
            id: newUlid(),
            email: invite.email,
            lang: invite.lang ?? actor.lang,
          });
          const id = newUlid();
          const inserted = await tx.insertInvitedMembership({
            id,
            accountId: account.id,
            spaceId: actor.spaceId,
            spaceType: actor.spaceType,
            role: invite.role,
            color: leastUsedColor(colors),
            at,
          });
          if (!inserted) throw validationFailed({ propertyPath: `invites.${i}.email`, code: 'email_already_exist' });
          const token = newToken();
          await tx.insertInvitation({
            id: newUlid(),
            membershipId: id,
            invitedBy: actor.membershipId,
            tokenHash: hashInviteToken(token),
            expiresAt,
          });
          out.push({
            id,
            email: invite.email,
            lang: account.lang,
            role: invite.role,
            token,
            hasPassword: account.hasPassword,
          });
        }
        return out;
      });

      const context = await mailContext(actor);
      for (const person of created) await sendMail(actor, context, person);
      const rows = new Map(
        (
          await repository.pendingByIds(
            actor.spaceId,
            created.map((c) => c.id),
          )
        ).map((r) => [r.id, r]),
      );
      return {
        invites: created.flatMap((c) => {
          const row = rows.get(c.id);
          return row ? [pending(row)] : [];
        }),
      };
    },

    /**
     * `POST {invites}/resend/{id}`: a new link for the invited member `id` of the actor's space (the previous links
     * stop working), `last_invited_at` = now, mailed again. Throws 404 `invitation_not_found`; 403 `forbidden` when its
     * role is above what the actor may grant.
     */
    async resend(actor: Actor, id: string): Promise<void> {
      const member = await manageableInvitedMember(actor, id);
      const at = now();
      const token = newToken();
      await repository.transaction(async (tx) => {
        await tx.revokeOpenInvitations(member.id, at);
        await tx.insertInvitation({
          id: newUlid(),
          membershipId: member.id,
          invitedBy: actor.membershipId,
          tokenHash: hashInviteToken(token),
          expiresAt: new Date(at.getTime() + TTL_MS),
        });
        await tx.touchLastInvited(member.id, at);
      });
      await sendMail(actor, await mailContext(actor), { ...member, token });
    },

    /**
     * `DELETE {invites}/{ulid}`: cancels the invitation of the invited member of the actor's space (its links stop
     * working) and deletes the account when it has no password and no other membership. Throws 404
     * `invitation_not_found`; 403 `forbidden` when its role is above what the actor may grant.
     */
    async cancel(actor: Actor, id: string): Promise<void> {
      const member = await manageableInvitedMember(actor, id);
      await repository.transaction(async (tx) => {
        await tx.deleteInvited(actor.spaceId, member.id);
        await tx.deleteAccountIfUnused(member.accountId);
      });
    },

    /**
     * `PUT {invites}/{ulid}/role {new_role}`: changes the role of an invited member of the actor's space. Both the
     * current and the new role must be among what the actor may grant: 422 `chosen_role_not_allowed`. Throws 404
     * `invitation_not_found`.
     */
    async changeRole(actor: Actor, id: string, newRole: string): Promise<void> {
      const member = await invitedMember(actor, id);
      const allowed = grantableRoles(actor.spaceType, actor.role);
      if (!allowed.includes(newRole as Role) || !allowed.includes(member.role as Role)) {
        throw new AppError('chosen_role_not_allowed', { status: 422 });
      }
      await repository.updateInvitedRole(actor.spaceId, member.id, newRole, now());
    },

    /**
     * `GET {invites}/get-{type}/{token}` (public): what the activation page shows. Throws 404 `invalid_invite_token`,
     * 410 `expire_invite_token`.
     */
    async lookup(type: UserType, token: string): Promise<InviteLookup> {
      const row = await openLink(type, token);
      return {
        '@id': `${INVITES_PATH[type]}/${INVITE_LOOKUP[type]}/${encodeURIComponent(token)}`,
        '@type': 'InviteLookup',
        email: row.account.email,
        role: row.membership.role as Role,
        user_type: type,
        user_exist: row.account.passwordHash !== null,
        firstname: row.account.firstname,
        lastname: row.account.lastname,
        ...lookupSpace(type, row.space),
      };
    },

    /**
     * `POST {invites}/new-user/{token}` (public): a new account sets its names, password (argon2id) and time zone;
     * the membership becomes active and the link is used up. Throws 404 `invalid_invite_token`, 410
     * `expire_invite_token`, 409 `conflict` with `user_exist: true` when the account already has a password (the
     * page must use `join-space`).
     */
    async activateNewUser(type: UserType, token: string, body: NewUserBody): Promise<ActivationResult> {
      const row = await openLink(type, token);
      if (row.account.passwordHash !== null)
        throw new AppError('conflict', { status: 409, extra: { user_exist: true } });
      const passwordHash = await hashPassword(body.new_password);
      const at = now();
      await repository.transaction(async (tx) => {
        const completed = await tx.completeAccount(
          row.account.id,
          { firstname: body.firstname, lastname: body.lastname, passwordHash, timezone: body.timezone },
          at,
        );
        if (!completed) throw new AppError('conflict', { status: 409, extra: { user_exist: true } });
        await accept(tx, row, at);
      });
      return activation(row);
    },

    /**
     * `POST {invites}/join-space/{token}` (public): an existing account (with a password) joins the space; the
     * membership becomes active and the link is used up. Throws 404 `invalid_invite_token`, 410
     * `expire_invite_token`, 409 `conflict` with `user_exist: false` when the account has no password yet (the page
     * must use `new-user`).
     */
    async joinSpace(type: UserType, token: string): Promise<ActivationResult> {
      const row = await openLink(type, token);
      if (row.account.passwordHash === null) {
        throw new AppError('conflict', { status: 409, extra: { user_exist: false } });
      }
      await repository.transaction((tx) => accept(tx, row, now()));
      return activation(row);
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
