/**
 * The checks of the login form, made in the page rather than with the contract's zod schema (`tokenRequestBody`) and
 * a form library, to keep the login route light (ARCHITECTURE §6 budget). Same rules and error codes as the
 * contract (trimmed e-mail required, at most 254 characters; password required, at most 1024), plus the shape of an
 * e-mail address (`email_invalid`). The server applies the contract anyway.
 */
import type { TokenRequestBody } from '@isoptera/contracts';

export interface LoginValues {
  email: string;
  password: string;
  _remember_me: boolean;
}

export type LoginField = 'email' | 'password';

/** Error code by field (`errors:<code>`); a field without error is absent. */
export type LoginErrors = Partial<Record<LoginField, string>>;

/** Something@something, without spaces: lenient on purpose, the server decides whether the account exists. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** The error code of one field, or null when it is valid. */
export function validateLoginField(field: LoginField, values: LoginValues): string | null {
  if (field === 'email') {
    const email = values.email.trim();
    if (email === '') return 'email_required';
    return email.length > 254 || !EMAIL_SHAPE.test(email) ? 'email_invalid' : null;
  }
  if (values.password === '') return 'password_required';
  // the contract's limit has no error code of its own: shown as 'An unknown error occurred', as before
  return values.password.length > 1024 ? 'unknown' : null;
}

/** Every field's error; empty when the form may be sent. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of ['email', 'password'] as const) {
    const code = validateLoginField(field, values);
    if (code) errors[field] = code;
  }
  return errors;
}

/** The body of `POST /security/token/request` (the e-mail trimmed, as the contract does). */
export function toTokenRequest(values: LoginValues): TokenRequestBody {
  return { email: values.email.trim(), password: values.password, _remember_me: values._remember_me };
}

/** The e-mail check alone (forgot-password step): `email_required`, `email_invalid`, or null. */
export function validateEmail(email: string): string | null {
  return validateLoginField('email', { email, password: '', _remember_me: false });
}

/** Length of the e-mailed two-factor code. */
export const AUTH_CODE_LENGTH = 6;

/** Keeps the digits of a typed or pasted code ('123 456' → '123456'), at most 6. */
export function normaliseAuthCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, AUTH_CODE_LENGTH);
}

/** The two-factor code check of the contract's `twoFactorBody`: `auth_code_required`, `auth_code_invalid`, or null. */
export function validateAuthCode(code: string): string | null {
  if (code.trim() === '') return 'auth_code_required';
  return /^\d{6}$/.test(code.trim()) ? null : 'auth_code_invalid';
}
