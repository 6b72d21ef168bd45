/** The Content-Security-Policy lets the SPA load its own resources and the equipment map's tiles, nothing else. */
import { MAP_TILE_ORIGIN } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('Content-Security-Policy', () => {
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
});
