/**
 * Sign-in, token refresh and logout (SPEC §7 "Authentication", ARCHITECTURE §4, docs/decisions/003).
 * Refresh tokens are opaque, stored as SHA-256, rotated on every use; a reused token revokes its session.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type Language,
  REFRESH_TOKEN_REMEMBER_ME_TTL_DAYS,
  REFRESH_TOKEN_TTL_DAYS,
  type UserType,
} from '@isoptera/contracts';
import type { AccessClaims, Actor } from '../../platform/auth/actor.js';
import { claimsFromActor } from '../../platform/auth/actor.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { IssuedTokens } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { AuthRepository } from './auth.repository.js';

const DAY_MS = 86_400_000;
const SPACE_PREFERENCE: UserType[] = ['pco', 'dealer', 'admin'];

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  signAccessToken(claims: AccessClaims): string;
  now?: () => Date;
}

export function createAuthService({ repository, signAccessToken, now = () => new Date() }: AuthServiceDeps) {
  async function issue(actor: Actor, sessionId: string, expiresAt: Date): Promise<IssuedTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await repository.insertRefreshToken({
      id: newUlid(),
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt,
    });
    return { accessToken: signAccessToken(claimsFromActor(actor)), refreshToken, refreshExpiresAt: expiresAt };
  }

  return {
    /**
     * Checks the e-mail/password pair and opens a session on the account's membership: the one of its last session
     * when still active, else the first active one (PCO, dealer, admin). Throws 401 `invalid_credentials`.
     */
    async requestToken(input: { email: string; password: string; rememberMe: boolean }) {
      const account = await repository.findAccountByEmail(input.email);
      const valid = await verifyPassword(account?.passwordHash, input.password);
      if (!account || !valid) throw new AppError('invalid_credentials', { status: 401 });
      const active = (await repository.activeMemberships(account.id)).map((r) => r.membership);
      if (active.length === 0) throw new AppError('invalid_credentials', { status: 401 });
      const lastId = await repository.lastSessionMembershipId(account.id);
      const membership =
        active.find((m) => m.id === lastId) ??
        [...active].sort((a, b) => SPACE_PREFERENCE.indexOf(a.spaceType) - SPACE_PREFERENCE.indexOf(b.spaceType))[0];
      if (!membership) throw new AppError('invalid_credentials', { status: 401 });
      const at = now();
      const sessionId = newUlid();
      const ttl = input.rememberMe ? REFRESH_TOKEN_REMEMBER_ME_TTL_DAYS : REFRESH_TOKEN_TTL_DAYS;
      const expiresAt = new Date(at.getTime() + ttl * DAY_MS);
      await repository.createSession({
        id: sessionId,
        accountId: account.id,
        membershipId: membership.id,
        rememberMe: input.rememberMe,
        expiresAt,
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
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
