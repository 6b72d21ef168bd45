/**
 * The endpoints of sign-in and the password flows (SPEC §7 "Authentication"): all public, answering plain JSON
 * (`application/json`), never JSON-LD. Brute-force limits answer 429 with `Retry-After` (server `auth.limits.ts`).
 */
import { refreshTokenBody, tokenAnswer, tokenRequestAnswer, tokenRequestBody } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { forgotPasswordBody, resetPasswordBody, twoFactorBody, validatePasswordBody } from './identity.js';

const tags = ['Authentication'] as const;
const access = 'public';
const produces = ['application/json'] as const;

export const authEndpoints = {
  requestToken: defineEndpoint({
    operationId: 'requestToken',
    method: 'POST',
    path: '/security/token/request',
    tags,
    access,
    produces,
    summary: 'Sign in with e-mail and password',
    description:
      'Answers the session cookies (`{}` for the web app, `{token, refresh_token}` for `Client-Type: mobile`), ' +
      'or `{two_factor: true, email}` without a session when the member must confirm an e-mailed code ' +
      '(`TWO_FACTOR_SPACES`) and the browser holds no valid trusted-device cookie. 401 `invalid_credentials`; ' +
      '429 after 10 failures per e-mail and address, or 50 per address, in 15 minutes.',
    body: tokenRequestBody,
    responses: { 200: tokenRequestAnswer },
    errors: ['invalid_credentials', 'too_many_requests'],
  }),
  verifyTwoFactor: defineEndpoint({
    operationId: 'verifyTwoFactor',
    method: 'POST',
    path: '/security/token/2fa',
    tags,
    access,
    produces,
    summary: 'Confirm a sign-in with the e-mailed 6-digit code',
    description:
      'Reads the login attempt from the two-factor cookie. Opens the session like a sign-in; `trusted` also ' +
      'sets the trusted-device cookie (180 days). 400 `auth_code_invalid` (wrong or older than 10 minutes; the ' +
      '5th wrong code ends the attempt), 401 `two_factor_expired`, 429.',
    body: twoFactorBody,
    responses: { 200: tokenAnswer },
    errors: ['auth_code_invalid', 'two_factor_expired', 'too_many_requests'],
  }),
  resendTwoFactor: defineEndpoint({
    operationId: 'resendTwoFactorCode',
    method: 'POST',
    path: '/security/token/2fa-resend',
    tags,
    access,
    produces,
    summary: 'E-mail a new code for the current login attempt (204)',
    description:
      'The previous code stops working at once. 401 `two_factor_expired` when the attempt ended; 429 after ' +
      '5 resends per attempt, or 20 per address, in 15 minutes.',
    responses: { 204: null },
    errors: ['two_factor_expired', 'too_many_requests'],
  }),
  refresh: defineEndpoint({
    operationId: 'refreshToken',
    method: 'POST',
    path: '/security/token/refresh',
    tags,
    access,
    produces,
    summary: 'Rotate the refresh token',
    description:
      'The refresh token comes from the body (`refresh_token`, mobile) or the refresh cookie (web app). Answers like ' +
      'a sign-in. 401 `invalid_refresh_token` (unknown, reused, expired or ended session); 60 calls a minute.',
    body: refreshTokenBody,
    responses: { 200: tokenAnswer },
    errors: ['invalid_refresh_token', 'too_many_requests'],
  }),
  logout: defineEndpoint({
    operationId: 'logout',
    method: 'GET',
    path: '/security/logout',
    tags,
    access,
    produces,
    summary: 'End the session (204)',
    description: 'Revokes the session of the access token or refresh cookie, if any, and clears the cookies.',
    responses: { 204: null },
  }),
  forgotPassword: defineEndpoint({
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/security/forgot-password',
    tags,
    access,
    produces,
    summary: 'E-mail a password-reset link (always 204)',
    description:
      'The same answer, in the same time, whether the e-mail belongs to an account or not. A known account ' +
      'receives a link to `/renew-password?token=…`, valid 1 hour and used once; older links stop working. ' +
      '429 after 5 requests per e-mail and address, or 20 per address, in 15 minutes.',
    body: forgotPasswordBody,
    responses: { 204: null },
    errors: ['too_many_requests'],
  }),
  resetPassword: defineEndpoint({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/security/reset-password',
    tags,
    access,
    produces,
    summary: 'Set a new password from a reset link (204)',
    description:
      'Ends every session and trusted device of the account. 400 `error_token_renew` (unknown or used link), ' +
      '410 `expired_token_renew`, 422 `password_must_be`.',
    body: resetPasswordBody,
    responses: { 204: null },
    errors: ['error_token_renew', 'expired_token_renew'],
  }),
  validatePassword: defineEndpoint({
    operationId: 'validatePassword',
    method: 'POST',
    path: '/security/validate-password',
    tags,
    access,
    produces,
    summary: 'Check a candidate password against the password rule (204, or 422 `password_must_be`)',
    body: validatePasswordBody,
    responses: { 204: null },
  }),
};
