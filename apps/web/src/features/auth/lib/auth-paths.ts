/** Paths of the public screens the auth screens send each other to (SPEC §2.1). */

/** The login screen. */
export const LOGIN_PATH = '/login';
/** The token-expired page (`?pco_name=`). */
export const TOKEN_EXPIRED_PATH = '/token-expires';
/** The page pointing technicians to the mobile app. */
export const DOWNLOAD_APP_PATH = '/download-app';

/** The forgot-password step of the login screen, with the e-mail filled in when known. */
export function forgotPasswordPath(email?: string | null): string {
  const search = new URLSearchParams({ forgot: '1' });
  if (email?.trim()) search.set('email', email.trim());
  return `${LOGIN_PATH}?${search}`;
}

/** The login screen with the e-mail filled in. */
export function loginPath(email?: string | null): string {
  return email?.trim() ? `${LOGIN_PATH}?${new URLSearchParams({ email: email.trim() })}` : LOGIN_PATH;
}
