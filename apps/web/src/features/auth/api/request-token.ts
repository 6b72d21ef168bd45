/**
 * `POST /security/token/request {email, password, _remember_me}` (SPEC §7 "Authentication"): the login call, typed by
 * its contract without loading zod (the login route's budget).
 */
import type { authEndpoints, TokenRequestAnswer, TokenRequestBody, TwoFactorRequired } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { TOKEN_REQUEST_PATH } from '../../../shared/api/http-client';
import { reloadMe } from './get-me';

/**
 * Requests the tokens (set as httpOnly cookies); rejects with `invalid_credentials` (401) on a wrong pair, 429
 * `too_many_requests` when rate-limited. Answers `{two_factor: true, email}` when the member must type an e-mailed code.
 */
export function requestToken(body: TokenRequestBody): Promise<TokenRequestAnswer> {
  return callEndpoint<typeof authEndpoints.requestToken>(
    { method: 'POST', path: TOKEN_REQUEST_PATH },
    { body, redirectOnError: false },
  );
}

/** Whether a token-request answer asks for the two-factor step (SPEC §2.1 `/2fa`). */
export function isTwoFactorRequired(answer: unknown): answer is TwoFactorRequired {
  return typeof answer === 'object' && answer !== null && (answer as { two_factor?: unknown }).two_factor === true;
}

/**
 * Login: requests the tokens; when a two-factor code is needed, answers the `TwoFactorRequired` (no session yet);
 * otherwise reloads the current user so that the session becomes authenticated, and answers null.
 */
export async function logIn(body: TokenRequestBody): Promise<TwoFactorRequired | null> {
  const answer = await requestToken(body);
  if (isTwoFactorRequired(answer)) return answer;
  await reloadMe();
  return null;
}
