/**
 * The current user (SPEC §3 "Current user", §7 "Self": `GET /api/me`) and the self-service changes of "my profile"
 * (SPEC §2.6, §4 "Profile", §7 "Self", §8 "E-mail change"; docs/decisions/007): name, e-mail (validated through a
 * single-use link sent to the new address, valid {@link EMAIL_CHANGE_TTL_HOURS} hours), password, language and
 * time zone.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CURRENT_USER_IRI,
  type CurrentUser,
  EMAIL_CHANGE_TTL_HOURS,
  iri,
  type Language,
  supportedTimeZones,
} from '@isoptera/contracts';
import type { SpaceRow } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { AppError, validationFailed } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { MeRepository } from './me.repository.js';

const HOUR_MS = 3_600_000;

/** A dealer space as the current user sees it (`/api/dealers/{ulid}`), or null. */
function dealerSummary(space: SpaceRow | undefined | null): CurrentUser['dealer'] {
  return space
    ? { '@id': iri('dealers', space.id), '@type': 'Dealer', ulid: space.id, name: space.name, logo: space.logo }
    : null;
}

/** A PCO space as the current user sees it (`/api/pcos/{ulid}`), or null. */
function pcoSummary(space: SpaceRow | undefined | null): CurrentUser['pco'] {
  return space
    ? { '@id': iri('pcos', space.id), '@type': 'Pco', ulid: space.id, name: space.name, logo: space.logo }
    : null;
}

/** SHA-256 (base64url) of a link token: what the database keeps. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface MeServiceDeps {
  repository: MeRepository;
  mail: MailQueue;
  /** Base of the links in e-mails (`APP_URL`). */
  appUrl: string;
  /** Space types whose members pass the e-mailed code at sign-in (`TWO_FACTOR_SPACES`). */
  twoFactorSpaces?: readonly ('admin' | 'dealer' | 'pco')[];
  now?: () => Date;
}

export function createMeService({
  repository,
  mail,
  appUrl,
  twoFactorSpaces = [],
  now = () => new Date(),
}: MeServiceDeps) {
  /** The actor's account; 401 when it no longer exists. */
  async function account(actor: Actor) {
    const row = await repository.findAccount(actor.accountId);
    if (!row) throw new AppError('unauthorized', { status: 401 });
    return row;
  }

  return {
    /** Every field of SPEC §3 "Current user" for the actor's membership. Throws 401 when it no longer exists. */
    async current(actor: Actor): Promise<CurrentUser> {
      const row = await repository.currentUser(actor.accountId, actor.membershipId, actor.spaceId);
      if (!row) throw new AppError('unauthorized', { status: 401 });
      const { account, membership, space, substituted } = row;
      const dealerSpace = space.type === 'dealer' ? space : row.dealer;
      return {
        '@id': CURRENT_USER_IRI,
        '@type': 'CurrentUser',
        ulid: membership.id,
        firstname: account.firstname,
        lastname: account.lastname,
        email: account.email,
        lang: account.lang as Language,
        timezone: account.timezone,
        mail_notification: account.mailNotification,
        // the effective space type and role: those of the substituted space during substitution (SPEC §1)
        user_type: actor.substituteSpaceId ? actor.spaceType : membership.spaceType,
        role: actor.substituteSpaceId ? actor.role : membership.role,
        color: membership.color,
        disabled_at: membership.disabledAt?.toISOString() ?? null,
        last_invited_at: membership.lastInvitedAt?.toISOString() ?? null,
        have_user_admin_space: row.holdsAdmin,
        have_user_dealer_space: row.holdsDealer,
        have_user_pco_space: row.holdsPco,
        space_names: { admin: row.adminSpaceName, dealer: row.dealerSpaceName, pco: row.pcoSpaceName },
        dealer: dealerSummary(dealerSpace),
        connected_on_dealer: substituted?.type === 'dealer' ? dealerSummary(substituted) : null,
        pco: space.type === 'pco' ? pcoSummary(space) : null,
        connected_on_pco: substituted?.type === 'pco' ? pcoSummary(substituted) : null,
      };
    },

    /**
     * `PUT /api/me/change-space` (SPEC §4 "Space change"): moves the session to the account's ACTIVE membership of
     * `space` (in an open space) and answers the actor of that membership, to put in a new access token. Throws 409
     * `space_not_allowed` when there is none, during substitution (leave it first), or when `space` needs the
     * two-factor step and the session's sign-in did not pass the code (the membership was added after sign-in:
     * sign in again); 401 when the session ended.
     */
    async changeSpace(actor: Actor, space: 'admin' | 'dealer' | 'pco'): Promise<Actor> {
      if (actor.substituteSpaceId) throw new AppError('space_not_allowed');
      const target = await repository.findActiveMembershipOfType(actor.accountId, space);
      if (!target) throw new AppError('space_not_allowed');
      const requireTwoFactor = twoFactorSpaces.includes(space);
      if (requireTwoFactor && !(await repository.sessionPassedTwoFactor(actor.sessionId))) {
        throw new AppError('space_not_allowed');
      }
      if (!(await repository.moveSession(actor.sessionId, target.id))) {
        throw new AppError('unauthorized', { status: 401 });
      }
      return {
        ...actor,
        membershipId: target.id,
        spaceId: target.spaceId,
        spaceType: target.spaceType,
        role: target.role,
      };
    },

    /** `PUT /api/me/edit-name`: the account's first and last name (already validated by the contract). */
    async editName(actor: Actor, body: { firstname: string; lastname: string }): Promise<void> {
      await repository.updateAccount(actor.accountId, { firstname: body.firstname, lastname: body.lastname }, now());
    },

    /**
     * `PUT /api/me/edit-email`: checks the password (422 `invalid_password` on `password`) and that no account uses
     * `newEmail` (lower-cased by the contract; 422 `email_already_exist` on `new_email`, also for the current
     * address), stores a single-use link (older pending ones end) and mails `email_change` with
     * `${APP_URL}/validate-new-email?token=…` to the NEW address in the account's language. The address itself
     * changes only when the link is used ({@link validateEmail}).
     */
    async editEmail(actor: Actor, body: { new_email: string; password: string }): Promise<void> {
      const me = await account(actor);
      if (!(await verifyPassword(me.passwordHash, body.password))) {
        throw validationFailed({ propertyPath: 'password', code: 'invalid_password' });
      }
      const newEmail = body.new_email.toLowerCase();
      if (newEmail === me.email.toLowerCase() || (await repository.emailTakenByOther(newEmail, me.id))) {
        throw validationFailed({ propertyPath: 'new_email', code: 'email_already_exist' });
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repository.replaceEmailChange({
        id: newUlid(),
        accountId: me.id,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS),
        createdAt: at,
      });
      await mail.enqueue({
        template: 'email_change',
        to: newEmail,
        lang: me.lang as Language,
        spaceId: actor.spaceId,
        params: { link: `${appUrl.replace(/\/$/, '')}/validate-new-email?token=${encodeURIComponent(token)}` },
      });
    },

    /**
     * `PUT /api/me/validate-email/{token}` (public: the token is the credential): applies the requested address,
     * once. Throws 400 `invalid_email_token` (unknown, replaced or used link), 410 `expired_email_token` (older than
     * {@link EMAIL_CHANGE_TTL_HOURS} hours), 409 `email_already_exist` (another account took the address meanwhile).
     */
    async validateEmail(token: string): Promise<void> {
      const request = await repository.findEmailChange(hashToken(token));
      if (!request || request.usedAt) throw new AppError('invalid_email_token');
      const at = now();
      if (request.expiresAt.getTime() <= at.getTime()) throw new AppError('expired_email_token');
      const outcome = await repository.applyEmailChange({
        requestId: request.id,
        accountId: request.accountId,
        newEmail: request.newEmail,
        at,
      });
      if (outcome === 'used') throw new AppError('invalid_email_token');
      if (outcome === 'taken') throw new AppError('email_already_exist', { status: 409 });
    },

    /**
     * Both `edit-password` variants: checks the current password (422 `invalid_password` on `current_password`),
     * stores the new one (already checked against SPEC §5 by the contract), then revokes the account's other
     * sessions — the actor's own session stays open — its trusted devices and its open two-factor attempts.
     */
    async editPassword(actor: Actor, body: { current_password: string; new_password: string }): Promise<void> {
      const me = await account(actor);
      if (!(await verifyPassword(me.passwordHash, body.current_password))) {
        throw validationFailed({ propertyPath: 'current_password', code: 'invalid_password' });
      }
      await repository.changePassword({
        accountId: me.id,
        passwordHash: await hashPassword(body.new_password),
        keepSessionId: actor.sessionId,
        at: now(),
      });
    },

    /** `PUT /api/me/edit-language`: the account's language (one of the five, checked by the contract). */
    async editLanguage(actor: Actor, language: Language): Promise<void> {
      await repository.updateAccount(actor.accountId, { lang: language }, now());
    },

    /** `PUT /api/me/edit-timezone`: the account's IANA time zone (one of {@link supportedTimeZones}). */
    async editTimezone(actor: Actor, timezone: string): Promise<void> {
      await repository.updateAccount(actor.accountId, { timezone }, now());
    },

    /** `GET /api/timezones`: the IANA zones a user may choose, sorted. */
    timezones(): readonly string[] {
      return supportedTimeZones();
    },
  };
}
export type MeService = ReturnType<typeof createMeService>;
