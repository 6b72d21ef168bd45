/**
 * Device sessions of the technician API (issue 12; docs/decisions/011-technician-api.md): a login checked with the
 * rules of the web sign-in (issue 3: password, the e-mailed code of two-factor spaces) opens a device session — one
 * refresh-token family — for the account's membership of a PCO space as technician, owner or manager (else 403
 * `forbidden`). Access tokens are signed JWTs valid {@link FIELD_ACCESS_TOKEN_TTL_SECONDS} s carrying the device
 * (`fld`), accepted by `/api/field/v1` only. Refresh tokens are random, stored as SHA-256, valid
 * {@link FIELD_REFRESH_TOKEN_TTL_DAYS} days and rotated on every use; a used one presented again revokes the device.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ACTIONS,
  FIELD_ACCESS_TOKEN_TTL_SECONDS,
  FIELD_REFRESH_TOKEN_TTL_DAYS,
  type FieldTokenAnswer,
  hasAnyAction,
  type Language,
} from '@isoptera/contracts';
import type { AccessClaims, Actor } from '../../platform/auth/actor.js';
import { claimsFromActor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { AuthService } from '../auth/auth.service.js';
import type { FieldRepository } from './field.repository.js';

const DAY_MS = 86_400_000;
const FIELD_ACTIONS = [ACTIONS.PCO_TECHNICIAN, ACTIONS.PCO_ACTION] as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface Member {
  id: string;
  spaceId: string;
  spaceType: 'admin' | 'dealer' | 'pco';
  role: string;
}
interface Person {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  timezone: string;
  lang: string;
}

/** Creates the device-session service. `sign` signs access claims for `expiresIn` seconds. */
export function createFieldAuthService(deps: {
  repository: FieldRepository;
  auth: Pick<AuthService, 'deviceSignIn'>;
  sign: (claims: AccessClaims, expiresInSeconds: number) => string;
  now?: () => Date;
}) {
  const { repository, auth, sign, now = () => new Date() } = deps;

  /** New access and refresh tokens of device `deviceId` acting as `membership`. */
  async function issue(deviceId: string, account: Person, membership: Member): Promise<FieldTokenAnswer> {
    const refreshToken = randomBytes(32).toString('base64url');
    const at = now();
    await repository.insertRefreshToken({
      id: newUlid(),
      deviceId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(at.getTime() + FIELD_REFRESH_TOKEN_TTL_DAYS * DAY_MS),
      createdAt: at,
    });
    const actor: Actor = {
      accountId: account.id,
      sessionId: deviceId,
      membershipId: membership.id,
      spaceId: membership.spaceId,
      spaceType: membership.spaceType,
      role: membership.role,
      timezone: account.timezone,
      lang: account.lang as Language,
      fieldDeviceId: deviceId,
    };
    return {
      access_token: sign(claimsFromActor(actor), FIELD_ACCESS_TOKEN_TTL_SECONDS),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: FIELD_ACCESS_TOKEN_TTL_SECONDS,
      user: {
        ulid: membership.id,
        email: account.email,
        firstname: account.firstname,
        lastname: account.lastname,
        role: membership.role,
        timezone: account.timezone,
        lang: account.lang,
      },
      space: { ulid: membership.spaceId, name: await repository.spaceName(membership.spaceId) },
    };
  }

  return {
    /**
     * `POST /auth/login`. Answers the tokens, or `{two_factor: true, email}` when the e-mailed code is needed. Throws
     * 401 `invalid_credentials`, 400 `auth_code_invalid`, 401 `two_factor_expired` (the web sign-in's rules), 403
     * `forbidden` when the account has no active membership of a PCO space as technician, owner or manager.
     */
    async login(input: {
      email: string;
      password: string;
      deviceName: string;
      code?: string | undefined;
    }): Promise<FieldTokenAnswer | { two_factor: true; email: string }> {
      const result = await auth.deviceSignIn({ email: input.email, password: input.password, code: input.code });
      if (result.kind === 'two_factor') return { two_factor: true, email: result.email };
      const membership = result.memberships.find((m) => hasAnyAction(m.spaceType, m.role, FIELD_ACTIONS));
      if (!membership) throw new AppError('forbidden', { status: 403 });
      const deviceId = newUlid();
      await repository.createDevice({
        id: deviceId,
        accountId: result.account.id,
        membershipId: membership.id,
        name: input.deviceName,
        createdAt: now(),
        lastUsedAt: now(),
      });
      return issue(deviceId, result.account, membership);
    },

    /**
     * `POST /auth/refresh`: rotates `refreshToken`. Throws 401 `invalid_refresh_token` (unknown, expired, revoked
     * device, membership no longer active or no longer allowed, closed space); a token already used revokes its
     * device (reuse detection: a stolen token used after its owner, or the other way round).
     */
    async refresh(refreshToken: string): Promise<FieldTokenAnswer> {
      const invalid = () => new AppError('invalid_refresh_token', { status: 401 });
      const row = await repository.findRefreshToken(hashToken(refreshToken));
      if (!row) throw invalid();
      const at = now();
      if (row.token.usedAt || !(await repository.markRefreshTokenUsed(row.token.id, at))) {
        await repository.revokeDevice(row.device.id, at);
        throw invalid();
      }
      const { membership } = row;
      if (
        row.device.revokedAt ||
        row.token.expiresAt <= at ||
        membership.status !== 'active' ||
        row.spaceClosedAt ||
        !hasAnyAction(membership.spaceType, membership.role, FIELD_ACTIONS)
      ) {
        throw invalid();
      }
      await repository.touchDevice(row.device.id, at);
      return issue(row.device.id, row.account, membership);
    },

    /** `POST /auth/logout`: revokes the device of `refreshToken` (its access tokens stop at once); unknown: nothing. */
    async logout(refreshToken: string): Promise<void> {
      const row = await repository.findRefreshToken(hashToken(refreshToken));
      if (row) await repository.revokeDevice(row.device.id, now());
    },
  };
}
export type FieldAuthService = ReturnType<typeof createFieldAuthService>;
