/**
 * One-time sign-in links (SPEC §2.1 `/easy-connect?token=` and `/token-expires?pco_name=`; issue 14;
 * docs/decisions/007 "Links").
 *
 * - The owner of a PCO or dealer space (the route's action) sends one to an active member of its space: a random
 *   token whose SHA-256 is stored, valid {@link EASY_CONNECT_TTL_HOURS} hours; the member's older unused links are
 *   revoked. The mail (`easy_connect`) goes to the member, in the member's language, with the space's branding.
 * - Using it consumes it atomically, then opens the sign-in of that membership with the rules of a password sign-in
 *   (`AuthService.signInMembership`: the e-mailed code step for members of a two-factor space type).
 */
import { createHash, randomBytes } from 'node:crypto';
import { EASY_CONNECT_TTL_HOURS, type Language } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { AuthService, SignedIn, TwoFactorPending } from './auth.service.js';
import type { EasyConnectRepository } from './easy-connect.repository.js';

const HOUR_MS = 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface EasyConnectServiceDeps {
  repository: EasyConnectRepository;
  auth: Pick<AuthService, 'signInMembership'>;
  mail: MailQueue;
  /** Public URL of the web app (`APP_URL`): the base of the link. */
  appUrl: string;
  now?: () => Date;
}

export function createEasyConnectService(deps: EasyConnectServiceDeps) {
  const { repository, auth, mail, now = () => new Date() } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');

  return {
    /**
     * E-mails the member `membershipId` of the actor's space a new one-time link (the older unused ones stop
     * working). Throws 404 `user_not_found` (unknown, or of another space) and 409 `conflict` (invited or disabled).
     */
    async send(actor: Actor, membershipId: string): Promise<void> {
      const member = await repository.findMember(actor.spaceId, membershipId);
      if (!member) throw notFound('user_not_found');
      if (member.membership.status !== 'active') throw new AppError('conflict', { status: 409 });
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repository.replaceToken({
        id: newUlid(),
        membershipId: member.membership.id,
        sentBy: actor.membershipId,
        tokenHash: hashToken(token),
        expiresAt: new Date(at.getTime() + EASY_CONNECT_TTL_HOURS * HOUR_MS),
        createdAt: at,
      });
      await mail.enqueue({
        template: 'easy_connect',
        to: member.account.email,
        lang: member.account.lang as Language,
        spaceId: member.membership.spaceId,
        params: {
          link: `${appUrl}/easy-connect?token=${encodeURIComponent(token)}`,
          inviter: await repository.senderName(actor.accountId),
        },
      });
    },

    /**
     * Uses the link `token` and opens the member's sign-in (a session, or the two-factor step). Throws 400
     * `invalid_easy_connect_token` (unknown) and 410 `expired_easy_connect_token` with `pco_name`, the name of the
     * member's space (used, revoked, expired, or the membership no longer active).
     */
    async signIn(input: { token: string; trustedDevice?: string | undefined }): Promise<SignedIn | TwoFactorPending> {
      const row = await repository.findByHash(hashToken(input.token));
      if (!row) throw new AppError('invalid_easy_connect_token', { status: 400 });
      const expired = () =>
        new AppError('expired_easy_connect_token', { status: 410, extra: { pco_name: row.spaceName } });
      const at = now();
      if (row.token.usedAt || row.token.revokedAt || row.token.expiresAt <= at) throw expired();
      if (!(await repository.consume(row.token.id, at))) throw expired();
      const result = await auth.signInMembership({
        membershipId: row.token.membershipId,
        trustedDevice: input.trustedDevice,
      });
      if (!result) throw expired();
      return result;
    },
  };
}
export type EasyConnectService = ReturnType<typeof createEasyConnectService>;
