/** `PUT /api/me/validate-email/{token}` (SPEC §7 "Self"; public: the token of the e-mailed link is the credential). */
import { meEndpoints } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/**
 * Applies a requested e-mail change (204). Rejects with 400 `invalid_email_token`, 410 `expired_email_token`, 409
 * `email_already_exist` (another account took the address meanwhile).
 */
export async function validateNewEmail(token: string): Promise<void> {
  await callEndpoint(meEndpoints.validateEmail, { params: { token }, redirectOnError: false });
}
