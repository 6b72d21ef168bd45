/**
 * Which URLs belong to the server (API, authentication, health check, uploaded files) rather than to the SPA: an
 * unknown one answers a 404 problem instead of `index.html` (spa.ts), and its access-log line is at `info`
 * (access-log.ts).
 */

/** The path prefixes of the server's own routes. */
export const API_PREFIXES: readonly string[] = ['/api', '/security', '/healthz', '/readyz', '/metrics', '/uploads'];

/** `true` when `url` (path, optionally with a query string) is `/api`, `/api/…` or `/api?…` (and so on per prefix). */
export function isApiPath(url: string): boolean {
  for (const prefix of API_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const next = url.charCodeAt(prefix.length);
    // end of string (NaN), '/' or '?'
    if (Number.isNaN(next) || next === 47 || next === 63) return true;
  }
  return false;
}
