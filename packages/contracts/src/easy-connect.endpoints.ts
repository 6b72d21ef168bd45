/**
 * One-time sign-in links (SPEC §2.1 `/easy-connect?token=`, `/token-expires?pco_name=`; issue 14): the owner of a
 * PCO or dealer space e-mails an active member a link valid {@link EASY_CONNECT_TTL_HOURS} hours and used once;
 * using it opens the same session as a password sign-in, with the same two-factor step (docs/decisions/007).
 */
import { z } from 'zod';
import { tokenRequestAnswer } from './auth.js';
import { EASY_CONNECT_TTL_HOURS } from './constants.js';
import { defineEndpoint } from './endpoint.js';
import { ACTIONS } from './roles.js';

/** `POST /security/easy-connect`: the token of the link. */
export const easyConnectBody = z.object({
  token: z.string({ error: 'token_required' }).min(1, { error: 'token_required' }).max(200),
});
export type EasyConnectBody = z.input<typeof easyConnectBody>;

const memberParams = z.object({ ulid: z.string().describe('ULID of the membership (the member "user")') });

/** The owner action that may send a link, per space type that has owners. */
export const EASY_CONNECT_SENDERS = {
  pco: { anyOf: [ACTIONS.PCO_OWNER] },
  dealer: { anyOf: [ACTIONS.DEALER_OWNER] },
} as const;

/** `POST {users}/:ulid/easy-connect` (paths spelled out: `paths.ts` stays out of the web chunks that import this). */
const sendEndpoint = <const T extends keyof typeof EASY_CONNECT_SENDERS>(type: T, name: 'Pco' | 'Dealer') =>
  defineEndpoint({
    operationId: `sendUser${name}EasyConnect`,
    method: 'POST',
    path: `/api/user_${type}s/:ulid/easy-connect` as `/api/user_${T}s/:ulid/easy-connect`,
    tags: ['Users'],
    access: EASY_CONNECT_SENDERS[type],
    summary: 'E-mail a member a one-time sign-in link (204)',
    description:
      `The link \`/easy-connect?token=…\` is valid ${EASY_CONNECT_TTL_HOURS} hours and works once; the member's ` +
      'older unused links stop working. Owner of the space only. 404 `user_not_found` (unknown, or of another ' +
      'space), 409 `conflict` (the member is invited or disabled), 429 after 5 links per member, or 30 per ' +
      'sender, in 15 minutes.',
    params: memberParams,
    responses: { 204: null },
    errors: ['user_not_found', 'conflict', 'too_many_requests'],
  });

export const easyConnectEndpoints = {
  sendPco: sendEndpoint('pco', 'Pco'),
  sendDealer: sendEndpoint('dealer', 'Dealer'),
  signIn: defineEndpoint({
    operationId: 'easyConnect',
    method: 'POST',
    path: '/security/easy-connect',
    tags: ['Authentication'],
    access: 'public',
    produces: ['application/json'],
    summary: 'Sign in with a one-time link',
    description:
      'Uses the link at once and answers like `POST /security/token/request`: the session cookies, or ' +
      '`{two_factor: true, email}` (the e-mailed code step) when the member must confirm a code. 400 ' +
      '`invalid_easy_connect_token` (unknown link), 410 `expired_easy_connect_token` with `pco_name` (the name of ' +
      'the space: used, older than 24 hours, replaced by a newer link, or the member no longer active), 429 after 30 ' +
      'refused links per address in 15 minutes.',
    body: easyConnectBody,
    responses: { 200: tokenRequestAnswer },
    errors: ['invalid_easy_connect_token', 'expired_easy_connect_token', 'too_many_requests'],
  }),
};
