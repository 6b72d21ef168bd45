/** `POST /security/token/request {email, password, _remember_me}` (SPEC §7 "Authentication"): the login call. */
import type { CurrentUser, TokenAnswer, TokenRequestBody } from '@isoptera/contracts';
import { http, TOKEN_REQUEST_PATH } from '../../../shared/api/http-client';
import { reloadMe } from './get-me';

/** Requests the tokens (set as httpOnly cookies); rejects with `invalid_credentials` (401) on a wrong pair. */
export function requestToken(body: TokenRequestBody): Promise<TokenAnswer> {
  return http.post<TokenAnswer>(TOKEN_REQUEST_PATH, body, { redirectOnError: false });
}

/** Login: requests the tokens, then reloads the current user so that the session becomes authenticated. */
export async function logIn(body: TokenRequestBody): Promise<CurrentUser | null> {
  await requestToken(body);
  return reloadMe();
}
