/**
 * Sign-in, two-factor step, token refresh, logout and the password flows (SPEC §7 "Authentication", ARCHITECTURE
 * §4, docs/decisions/003; issue 3 "Sign-in and sessions").
 *
 * - Refresh tokens are opaque, stored as SHA-256, rotated on every use; a reused token revokes its session.
 * - Members of a space type of `TWO_FACTOR_SPACES` confirm a right password with a 6-digit code e-mailed to them:
 *   the login attempt (a `two_factor_challenges` row) is bound to the browser by a random token; the code is valid
 *   {@link TWO_FACTOR_CODE_TTL_MINUTES} minutes, used once, replaced by a resend, and the attempt ends after
 *   {@link TWO_FACTOR_MAX_ATTEMPTS} tries or {@link CHALLENGE_TTL_MINUTES} minutes. Codes are stored as an HMAC
 *   keyed by a secret derived from `JWT_SECRET` and compared in constant time.
 * - 'Remember this device': a random token whose SHA-256 is in `trusted_devices` (valid {@link TRUSTED_DEVICE_DAYS}
 *   days, revoked by a password reset), carried in a cookie signed with HMAC-SHA256.
 * - Password reset: a single-use link valid {@link PASSWORD_RESET_TTL_MINUTES} minutes; using it sets the password
 *   and revokes every session, trusted device and open two-factor attempt of the account.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACTIONS,
  hasAction,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
  REFRESH_TOKEN_REMEMBER_ME_TTL_DAYS,
  REFRESH_TOKEN_TTL_DAYS,
  TRUSTED_DEVICE_DAYS,
  TWO_FACTOR_CODE_TTL_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
  type UserType,
} from '@isoptera/contracts';
import type { AccessClaims, Actor } from '../../platform/auth/actor.js';
import { claimsFromActor, substitutedActor } from '../../platform/auth/actor.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { IssuedTokens } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { AuthRepository } from './auth.repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const SPACE_PREFERENCE: UserType[] = ['pco', 'dealer', 'admin'];
/** A login attempt waiting for its code stays open this long at most, resends included. */
export const CHALLENGE_TTL_MINUTES = 60;

type AccountRow = NonNullable<Awaited<ReturnType<AuthRepository['findAccountByEmail']>>>;
type MembershipRow = Awaited<ReturnType<AuthRepository['activeMemberships']>>[number]['membership'];

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `true` when both strings are equal, in time independent of where they differ. */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The membership a sign-in opens: the one of the last session when still active, else PCO, dealer, admin. */
function chooseMembership(active: MembershipRow[], lastId: string | undefined): MembershipRow | undefined {
  return (
    active.find((m) => m.id === lastId) ??
    [...active].sort((a, b) => SPACE_PREFERENCE.indexOf(a.spaceType) - SPACE_PREFERENCE.indexOf(b.spaceType))[0]
  );
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  signAccessToken(claims: AccessClaims): string;
  mail: MailQueue;
  /** Space types whose members confirm sign-in with an e-mailed code (`TWO_FACTOR_SPACES`). */
  twoFactorSpaces: readonly UserType[];
  /** Public URL of the web app (`APP_URL`): the base of the links in mails. */
  appUrl: string;
  /** Server secret (`JWT_SECRET`) from which the code and cookie-signing keys are derived. */
  secret: string;
  now?: () => Date;
  /** Reports a failure of work done after the answer was sent (forgot-password). */
  onBackgroundError?: (error: unknown) => void;
}

/** What `requestToken` and `verifyTwoFactor` open: the session tokens. */
export interface SignedIn {
  kind: 'session';
  tokens: IssuedTokens;
}
/** What `requestToken` answers when the code step is required: the attempt's browser token (cookie value). */
export interface TwoFactorPending {
  kind: 'two_factor';
  /** Random token for the httpOnly two-factor cookie. */
  challengeToken: string;
  /** Address the code was sent to. */
  email: string;
  /** When the attempt ends at the latest (cookie expiry). */
  expiresAt: Date;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repository, signAccessToken, mail, twoFactorSpaces, now = () => new Date() } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');
  const codeKey = createHmac('sha256', deps.secret).update('isoptera:two-factor-code').digest();
  const cookieKey = createHmac('sha256', deps.secret).update('isoptera:trusted-device-cookie').digest();
  const pending = new Set<Promise<void>>();

  const codeHash = (challengeId: string, code: string) =>
    createHmac('sha256', codeKey).update(`${challengeId}:${code}`).digest('base64url');
  const signature = (value: string) => createHmac('sha256', cookieKey).update(value).digest('base64url');
  const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

  /** The raw token of a signed trusted-device cookie value, or undefined when the signature is wrong. */
  function unsignTrustedDevice(value: string | undefined): string | undefined {
    if (!value) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const token = value.slice(0, dot);
    return safeEqual(value.slice(dot + 1), signature(token)) ? token : undefined;
  }

  async function issue(actor: Actor, sessionId: string, expiresAt: Date): Promise<IssuedTokens> {
    const refreshToken = randomToken();
    await repository.insertRefreshToken({
      id: newUlid(),
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt,
    });
    return { accessToken: signAccessToken(claimsFromActor(actor)), refreshToken, refreshExpiresAt: expiresAt };
  }

  /**
   * Opens a session on `membership` (refresh lifetime by remember-me) and records the login. `twoFactorPassed`: the
   * sign-in passed the code step (or a trusted device), which a later space change into a two-factor space requires.
   */
  async function openSession(
    account: AccountRow,
    membership: MembershipRow,
    rememberMe: boolean,
    twoFactorPassed: boolean,
  ) {
    const at = now();
    const sessionId = newUlid();
    const ttl = rememberMe ? REFRESH_TOKEN_REMEMBER_ME_TTL_DAYS : REFRESH_TOKEN_TTL_DAYS;
    const expiresAt = new Date(at.getTime() + ttl * DAY_MS);
    await repository.createSession({
      id: sessionId,
      accountId: account.id,
      membershipId: membership.id,
      rememberMe,
      twoFactorPassed,
      expiresAt,
      createdAt: at,
    });
    await repository.touchLastLogin(account.id, at);
    const actor: Actor = {
      accountId: account.id,
      sessionId,
      membershipId: membership.id,
      spaceId: membership.spaceId,
      spaceType: membership.spaceType,
      role: membership.role,
      timezone: account.timezone,
      lang: account.lang as Language,
    };
    return issue(actor, sessionId, expiresAt);
  }

  async function sendCode(account: AccountRow, spaceId: string, code: string) {
    await mail.enqueue({
      template: 'two_factor_code',
      to: account.email,
      lang: account.lang as Language,
      spaceId,
      params: { code },
    });
  }

  const expired = () => new AppError('two_factor_expired', { status: 401 });
  const openSince = () => new Date(now().getTime() - CHALLENGE_TTL_MINUTES * MINUTE_MS);

  /**
   * Checks `code` against `challenge`, whose try was just spent (`takeChallengeTry` / `takeLatestChallengeTry`): a
   * wrong or stale code throws 400 `auth_code_invalid` (the {@link TWO_FACTOR_MAX_ATTEMPTS}th also ends the attempt);
   * a right one ends the attempt, or throws 401 `two_factor_expired` when a concurrent try ended it first. Shared by
   * the web code step and the device sign-in; answers the time of the check.
   */
  async function spendCode(
    challenge: { id: string; codeHash: string; codeExpiresAt: Date; attempts: number },
    code: string,
  ): Promise<Date> {
    const at = now();
    const right = safeEqual(codeHash(challenge.id, code), challenge.codeHash);
    if (!right || challenge.codeExpiresAt <= at) {
      if (challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) await repository.consumeChallenge(challenge.id, at);
      throw new AppError('auth_code_invalid', { status: 400 });
    }
    if (!(await repository.consumeChallenge(challenge.id, at))) throw expired();
    return at;
  }

  /**
   * The first step of both sign-ins (web and device): the account of `email` if `password` is its own, its active
   * memberships and the one to open (the last session's if still active, else the first). Throws 401
   * `invalid_credentials` for a wrong pair or no active membership.
   */
  async function checkCredentials(email: string, password: string) {
    const account = await repository.findAccountByEmail(email);
    const valid = await verifyPassword(account?.passwordHash, password);
    if (!account || !valid) throw new AppError('invalid_credentials', { status: 401 });
    const active = (await repository.activeMemberships(account.id)).map((r) => r.membership);
    const membership = chooseMembership(active, await repository.lastSessionMembershipId(account.id));
    if (!membership) throw new AppError('invalid_credentials', { status: 401 });
    return { account, active, membership };
  }

  /**
   * Starts the code step of a sign-in on `membership` at `at`: records a challenge (a fresh token, the code's hash,
   * `rememberMe` for the session it will open), e-mails the code and answers the pending step with its token.
   */
  async function startChallenge(
    account: AccountRow,
    membership: MembershipRow,
    rememberMe: boolean,
    at: Date,
  ): Promise<TwoFactorPending> {
    const id = newUlid();
    const challengeToken = randomToken();
    const code = newCode();
    await repository.createChallenge({
      id,
      accountId: account.id,
      membershipId: membership.id,
      tokenHash: hashToken(challengeToken),
      codeHash: codeHash(id, code),
      rememberMe,
      codeExpiresAt: new Date(at.getTime() + TWO_FACTOR_CODE_TTL_MINUTES * MINUTE_MS),
      createdAt: at,
    });
    await sendCode(account, membership.spaceId, code);
    return {
      kind: 'two_factor',
      challengeToken,
      email: account.email,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MINUTES * MINUTE_MS),
    };
  }

  /** Runs `work` after the answer; failures go to `onBackgroundError`. `drain()` waits for all of them. */
  function inBackground(work: () => Promise<void>) {
    const run = Promise.resolve()
      .then(work)
      .catch((error: unknown) => deps.onBackgroundError?.(error))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  return {
    /**
     * Checks the e-mail/password pair and picks the account's membership: the one of its last session when still
     * active, else the first active one (PCO, dealer, admin). When ANY active membership of the account is in a space
     * type that requires the code step (so that the session may later change into it) and `trustedDevice` (the
     * signed cookie value) is not a valid trusted device of this account, no session is opened: a challenge is created, the code is e-mailed, and {@link TwoFactorPending} is answered. Otherwise a
     * session is opened. Throws 401 `invalid_credentials` (wrong pair, or no active membership).
     */
    async requestToken(input: {
      email: string;
      password: string;
      rememberMe: boolean;
      trustedDevice?: string | undefined;
    }): Promise<SignedIn | TwoFactorPending> {
      const { account, active, membership } = await checkCredentials(input.email, input.password);

      const needsCode = active.some((m) => twoFactorSpaces.includes(m.spaceType));
      if (needsCode) {
        const at = now();
        const trustedToken = unsignTrustedDevice(input.trustedDevice);
        const trusted = trustedToken
          ? await repository.useTrustedDevice(account.id, hashToken(trustedToken), at)
          : false;
        if (!trusted) {
          return startChallenge(account, membership, input.rememberMe, at);
        }
      }
      return { kind: 'session', tokens: await openSession(account, membership, input.rememberMe, needsCode) };
    },

    /**
     * Opens a sign-in on the membership `membershipId` for a proof other than the password (a one-time link,
     * `easy-connect.service.ts`), with the two-factor rule of {@link requestToken}: when any active membership of the
     * account is in a space type of `TWO_FACTOR_SPACES` and `trustedDevice` is not a valid trusted device of the
     * account, a challenge is created and the code e-mailed ({@link TwoFactorPending}); otherwise a session is opened
     * on that membership (not remembered). Answers `undefined` when the membership is no longer active (or its space
     * is closed).
     */
    async signInMembership(input: {
      membershipId: string;
      trustedDevice?: string | undefined;
    }): Promise<SignedIn | TwoFactorPending | undefined> {
      const found = await repository.activeMembershipWithAccount(input.membershipId);
      if (!found) return undefined;
      const active = (await repository.activeMemberships(found.account.id)).map((r) => r.membership);
      const needsCode = active.some((m) => twoFactorSpaces.includes(m.spaceType));
      if (needsCode) {
        const at = now();
        const trustedToken = unsignTrustedDevice(input.trustedDevice);
        const trusted = trustedToken
          ? await repository.useTrustedDevice(found.account.id, hashToken(trustedToken), at)
          : false;
        if (!trusted) return startChallenge(found.account, found.membership, false, at);
      }
      return { kind: 'session', tokens: await openSession(found.account, found.membership, false, needsCode) };
    },

    /**
     * The device login of the technician API (docs/decisions/011-technician-api.md): the checks of
     * {@link requestToken} — 401 `invalid_credentials` for a wrong pair or no active membership; the code step when
     * any active membership is in a space type of `TWO_FACTOR_SPACES` — without a cookie: the attempt is the
     * account's latest open one, and the password is checked again with the code. Without `code` when one is
     * required, a challenge is created and the code e-mailed ({@link TwoFactorPending}, its token unused). With it:
     * 400 `auth_code_invalid` (wrong or stale code, a try spent), 401 `two_factor_expired` (no open attempt). Opens
     * no session (the caller opens a device session); records the login. Answers the account and its active
     * memberships (in open spaces).
     */
    async deviceSignIn(input: {
      email: string;
      password: string;
      code?: string | undefined;
    }): Promise<
      | { kind: 'signed_in'; account: AccountRow; memberships: MembershipRow[]; twoFactorPassed: boolean }
      | TwoFactorPending
    > {
      const { account, active, membership } = await checkCredentials(input.email, input.password);
      const needsCode = active.some((m) => twoFactorSpaces.includes(m.spaceType));
      if (needsCode && !input.code) {
        // the device has no challenge cookie: its code comes back with the e-mail and password
        return { ...(await startChallenge(account, membership, false, now())), challengeToken: '' };
      }
      if (needsCode && input.code) {
        const challenge = await repository.takeLatestChallengeTry(account.id, TWO_FACTOR_MAX_ATTEMPTS, openSince());
        if (!challenge) throw expired();
        await spendCode(challenge, input.code);
      }
      await repository.touchLastLogin(account.id, now());
      return { kind: 'signed_in', account, memberships: active, twoFactorPassed: needsCode };
    },

    /**
     * The code step: `challengeToken` is the two-factor cookie. Spends one try of the attempt; a right, fresh code
     * ends the attempt and opens the session of the membership chosen at sign-in (remember-me as asked then).
     * With `trusted`, also answers a signed trusted-device cookie value valid {@link TRUSTED_DEVICE_DAYS} days.
     * Throws 401 `two_factor_expired` (unknown, used, ended or stale attempt, or membership no longer active) and
     * 400 `auth_code_invalid` (wrong code, or older than {@link TWO_FACTOR_CODE_TTL_MINUTES} minutes; the
     * {@link TWO_FACTOR_MAX_ATTEMPTS}th wrong try also ends the attempt).
     */
    async verifyTwoFactor(input: {
      challengeToken: string | undefined;
      code: string;
      trusted: boolean;
    }): Promise<SignedIn & { trustedDevice?: { value: string; expiresAt: Date } }> {
      if (!input.challengeToken) throw expired();
      const challenge = await repository.takeChallengeTry(
        hashToken(input.challengeToken),
        TWO_FACTOR_MAX_ATTEMPTS,
        openSince(),
      );
      if (!challenge) throw expired();
      const at = await spendCode(challenge, input.code);
      const found = await repository.activeMembershipWithAccount(challenge.membershipId);
      if (!found || found.account.id !== challenge.accountId) throw expired();

      const tokens = await openSession(found.account, found.membership, challenge.rememberMe, true);
      if (!input.trusted) return { kind: 'session', tokens };
      const deviceToken = randomToken();
      const expiresAt = new Date(at.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS);
      await repository.createTrustedDevice({
        id: newUlid(),
        accountId: found.account.id,
        tokenHash: hashToken(deviceToken),
        expiresAt,
        createdAt: at,
      });
      return {
        kind: 'session',
        tokens,
        trustedDevice: { value: `${deviceToken}.${signature(deviceToken)}`, expiresAt },
      };
    },

    /**
     * Sends a new code for the same attempt: the previous code stops working at once; the tries already spent
     * still count. Throws 401 `two_factor_expired` when the attempt is no longer open.
     */
    async resendTwoFactor(challengeToken: string | undefined): Promise<void> {
      if (!challengeToken) throw expired();
      const challenge = await repository.findOpenChallenge(
        hashToken(challengeToken),
        TWO_FACTOR_MAX_ATTEMPTS,
        openSince(),
      );
      if (!challenge) throw expired();
      const found = await repository.activeMembershipWithAccount(challenge.membershipId);
      if (!found) throw expired();
      const code = newCode();
      const codeExpiresAt = new Date(now().getTime() + TWO_FACTOR_CODE_TTL_MINUTES * MINUTE_MS);
      if (!(await repository.replaceChallengeCode(challenge.id, codeHash(challenge.id, code), codeExpiresAt))) {
        throw expired();
      }
      await sendCode(found.account, found.membership.spaceId, code);
    },

    /**
     * Rotates a refresh token: answers a new access and refresh token for the same session. Throws 401
     * `invalid_refresh_token` for an unknown, expired or revoked token; a token used twice revokes its session.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
      if (!refreshToken) throw new AppError('invalid_refresh_token', { status: 401 });
      const row = await repository.findRefreshToken(hashToken(refreshToken));
      const at = now();
      if (!row) throw new AppError('invalid_refresh_token', { status: 401 });
      const { token, session, membership, account } = row;
      if (token.usedAt || !(await repository.markRefreshTokenUsed(token.id, at))) {
        await repository.revokeSession(session.id, at);
        throw new AppError('invalid_refresh_token', { status: 401 });
      }
      if (session.revokedAt || session.expiresAt <= at || token.expiresAt <= at || membership.status !== 'active') {
        throw new AppError('invalid_refresh_token', { status: 401 });
      }
      const actor: Actor = {
        accountId: account.id,
        sessionId: session.id,
        membershipId: membership.id,
        spaceId: membership.spaceId,
        spaceType: membership.spaceType,
        role: membership.role,
        timezone: account.timezone,
        lang: account.lang as Language,
      };
      // A session on substitution stays on it (SPEC §1) while the substituted space is open and the membership may
      // still enter it (an admin with admin_action: any; a dealer member: its own dealer's PCOs).
      const space = session.substituteSpaceId
        ? await repository.findOpenSubstitutedSpace(session.substituteSpaceId)
        : undefined;
      const mayEnter =
        space !== undefined &&
        (hasAction(membership.spaceType, membership.role, ACTIONS.ADMIN_ACTION) ||
          (hasAction(membership.spaceType, membership.role, ACTIONS.DEALER_ACTION) &&
            space.dealerId === membership.spaceId));
      if (space && mayEnter) return issue(substitutedActor(actor, space), session.id, session.expiresAt);
      // no longer allowed (space closed, PCO moved to another dealer, role changed): the session leaves the substitution
      // for good, so that it cannot come back by itself and a space change finds it in its own space
      if (session.substituteSpaceId) await repository.endSubstitution(session.id);
      return issue(actor, session.id, session.expiresAt);
    },

    /** Ends the session of the actor or of the refresh token; does nothing when neither is known. */
    async logout(input: { sessionId?: string | undefined; refreshToken?: string | undefined }): Promise<void> {
      let sessionId = input.sessionId;
      if (!sessionId && input.refreshToken) {
        sessionId = (await repository.findRefreshToken(hashToken(input.refreshToken)))?.session.id;
      }
      if (sessionId) await repository.revokeSession(sessionId, now());
    },

    /**
     * Forgot password: returns at once, before anything is looked up, so that known and unknown e-mails answer
     * alike and in the same time. Afterwards, for an account with a password and at least one membership that is
     * not disabled, stores a new reset link (ending the older unused ones) and e-mails
     * `${APP_URL}/renew-password?token=…` in the account's language.
     */
    forgotPassword(email: string): void {
      inBackground(async () => {
        const account = await repository.findAccountByEmail(email);
        if (!account?.passwordHash) return;
        const usable = await repository.usableMemberships(account.id);
        if (usable.length === 0) return;
        const membership = chooseMembership(
          usable.filter((m) => m.status === 'active'),
          await repository.lastSessionMembershipId(account.id),
        );
        const token = randomToken();
        const at = now();
        await repository.replacePasswordResetToken({
          id: newUlid(),
          accountId: account.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS),
          createdAt: at,
        });
        await mail.enqueue({
          template: 'password_reset',
          to: account.email,
          lang: account.lang as Language,
          spaceId: (membership ?? usable[0])?.spaceId ?? null,
          params: { link: `${appUrl}/renew-password?token=${encodeURIComponent(token)}` },
        });
      });
    },

    /**
     * Sets a new password from a reset link, then revokes every session and trusted device of the account and
     * ends its open two-factor attempts. Throws 400 `error_token_renew` (unknown or used link) and 410
     * `expired_token_renew` (older than {@link PASSWORD_RESET_TTL_MINUTES} minutes). `newPassword` is already
     * checked against the password rule (SPEC §5) by the body schema.
     */
    async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
      const row = await repository.findPasswordResetToken(hashToken(input.token));
      if (!row || row.usedAt) throw new AppError('error_token_renew', { status: 400 });
      if (row.expiresAt <= now()) throw new AppError('expired_token_renew', { status: 410 });
      const passwordHash = await hashPassword(input.newPassword);
      const done = await repository.completePasswordReset({
        tokenId: row.id,
        accountId: row.accountId,
        passwordHash,
        at: now(),
      });
      if (!done) throw new AppError('error_token_renew', { status: 400 });
    },

    /** Waits for the work still running after its answer (called when the app closes). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
