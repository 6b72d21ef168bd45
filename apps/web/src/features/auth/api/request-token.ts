/** `POST /security/token/request {email, password, _remember_me}` (SPEC §7 "Authentication"): the login call. */
import type { TokenAnswer, TokenRequestBody } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, TOKEN_REQUEST_PATH } from '../../../shared/api/http-client';
import { getMeQueryOptions } from './get-me';

/** Requests the tokens (set as httpOnly cookies); rejects with `invalid_credentials` (401) on a wrong pair. */
export function requestToken(body: TokenRequestBody): Promise<TokenAnswer> {
  return http.post<TokenAnswer>(TOKEN_REQUEST_PATH, body, { redirectOnError: false });
}

/** Login mutation: requests the tokens, then reloads the current user so the session becomes authenticated. */
export function useRequestToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TokenRequestBody) => {
      const answer = await requestToken(body);
      await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
      return answer;
    },
  });
}
