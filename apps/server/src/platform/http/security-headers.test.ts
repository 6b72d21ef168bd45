/**
 * Security headers (issue 11 "computed once"): every answer — API, error, SPA shell, static asset — carries the same
 * helmet headers; the Content-Security-Policy lets the SPA load its own resources and the equipment map's tiles,
 * nothing else.
 */
import { MAP_TILE_ORIGIN } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createWebDistFixture } from '../../../test/web-dist-fixture.js';
import { computeSecurityHeaders } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { WEB_DIST: createWebDistFixture().dir } });
});
afterAll(() => t.close());

/** What helmet's defaults with our CSP set (the headers `@fastify/helmet` sent before issue 11). */
const EXPECTED: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `img-src 'self' data: blob: ${MAP_TILE_ORIGIN}`,
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    'upgrade-insecure-requests',
    "connect-src 'self'",
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, headers[name]]));

describe('security headers', () => {
  it('are computed once from helmet, with our policy', () => {
    expect(computeSecurityHeaders()).toEqual(EXPECTED);
  });

  it('are on an API answer, an API error and an unknown API path', async () => {
    for (const url of ['/healthz', '/api/me', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(securityHeadersOf(response.headers), url).toEqual(EXPECTED);
    }
  });

  it('are on the SPA shell and its assets', async () => {
    for (const url of ['/', '/sites', '/assets/index-Ab12Cd34.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(securityHeadersOf(response.headers), url).toEqual(EXPECTED);
    }
  });

  it('allows images from the app and the map tile server only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    const images = policy
      .split(';')
      .find((d) => d.trim().startsWith('img-src'))
      ?.trim()
      .split(/\s+/);
    expect(images).toEqual(['img-src', "'self'", 'data:', 'blob:', MAP_TILE_ORIGIN]);
  });

  it('refuses a policy that would depend on the request', () => {
    expect(() =>
      computeSecurityHeaders({
        contentSecurityPolicy: { directives: { 'script-src': ["'self'", (req) => `'nonce-${req.url}'`] } },
      }),
    ).toThrow(/depends on the request/);
  });
});
