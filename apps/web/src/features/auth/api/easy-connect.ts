/** `POST /security/easy-connect {token}` (SPEC §2.1 `/easy-connect`; issue 14): sign in with a one-time link. */
import { type EasyConnectBody, easyConnectEndpoints, type TwoFactorRequired } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { reloadMe } from './get-me';
import { isTwoFactorRequired } from './request-token';

/**
 * Uses the link (once): answers the `TwoFactorRequired` step when the member must type an e-mailed code, otherwise
 * reloads the current user (the session is open) and answers null. Rejects with 400 `invalid_easy_connect_token`,
 * 410 `expired_easy_connect_token` (body `pco_name`: the space's name), 429.
 */
export async function easyConnect(body: EasyConnectBody): Promise<TwoFactorRequired | null> {
  const answer = await callEndpoint(easyConnectEndpoints.signIn, { body, redirectOnError: false });
  if (isTwoFactorRequired(answer)) return answer;
  await reloadMe();
  return null;
}
