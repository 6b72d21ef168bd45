/** The token cookies (ARCHITECTURE §4): httpOnly, SameSite=Lax, Secure behind HTTPS. */
import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_COOKIE } from '@isoptera/contracts';
import type { FastifyReply } from 'fastify';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Sets both cookies. The refresh cookie is sent only to `/security` (refresh and logout). */
export function setTokenCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, {
    path: '/security',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: tokens.refreshExpiresAt,
  });
}

export function clearTokenCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_TOKEN_COOKIE, { path: '/security' });
}

/** Sets only the access cookie (a new token for the same session: substitution, space change), full lifetime. */
export function setAccessCookie(reply: FastifyReply, accessToken: string, secure: boolean): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
}
