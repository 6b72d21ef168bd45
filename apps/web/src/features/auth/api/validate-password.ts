/** `POST /security/validate-password {new_password}` (SPEC §5 "The server also validates a candidate password"). */
import { authEndpoints, type ValidatePasswordBody } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Asks the server whether a candidate password is acceptable: resolves (204) or rejects with 422 `password_must_be`. */
export async function validatePassword(body: ValidatePasswordBody): Promise<void> {
  await callEndpoint(authEndpoints.validatePassword, { body, redirectOnError: false });
}
