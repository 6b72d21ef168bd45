/**
 * Issue 11 "The web app is sent uncompressed": the built SPA goes out pre-compressed by `Accept-Encoding` (brotli,
 * then gzip, else as it is), hashed assets are cached for good, `index.html` and the SPA fallback revalidated on
 * every use; unknown API paths stay 404 problems. Its access-log lines are at `debug`, the API's at `info`.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createWebDistFixture, type WebDistFixture } from '../../../test/web-dist-fixture.js';
import { IMMUTABLE, REVALIDATE } from './spa.js';

let t: TestApp;
let web: WebDistFixture;
const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];

beforeAll(async () => {
  web = createWebDistFixture();
  t = await buildTestApp({
    env: { WEB_DIST: web.dir, LOG_LEVEL: 'debug' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('pre-compressed delivery', () => {
  const script = '/assets/index-Ab12Cd34.js';

  it('sends the brotli copy to a browser that accepts it', async () => {
    const response = await get(script, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(web.files[script]);
  });

  it('sends the gzip copy when brotli is not accepted, or when the file has no brotli copy', async () => {
    const gzipOnly = await get(script, 'gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(web.files[script]);

    const stylesheet = '/assets/index-Ef56Gh78.css';
    const css = await get(stylesheet, 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.rawPayload).toString()).toBe(web.files[stylesheet]);
  });

  it('sends the file as it is without Accept-Encoding', async () => {
    const response = await get(script);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(web.files[script]);
  });

  it('compresses index.html for a client route too', async () => {
    const response = await get('/sites?page=2', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(web.files['/index.html']);
  });
});

describe('caching', () => {
  it('caches hashed assets for a year, immutable, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-Ab12Cd34.js', encoding);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
    expect((await get('/assets/index-Ef56Gh78.css', 'gzip')).headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('makes index.html, the SPA fallback and unhashed files revalidate on every use', async () => {
    for (const url of ['/', '/home', '/sites/01J0000000000000000000000', '/index.html', '/favicon.svg']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
    }
    expect(REVALIDATE).toBe('no-cache');
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/home', 'br');
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await t.app.inject({
      method: 'GET',
      url: '/planning',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('what is not the SPA', () => {
  it('answers a 404 problem for an unknown API path and a missing asset', async () => {
    for (const url of ['/api/nothing-here', '/security/nothing', '/assets/gone-123.js']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get('/api/nothing-here')).headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('access logs', () => {
  it('logs one line per request: the API at info, the SPA and its assets at debug', async () => {
    lines.length = 0;
    await get('/healthz');
    await get('/assets/index-Ab12Cd34.js', 'br');
    await get('/home', 'br');
    await get('/api/me');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.req?.url, line.res?.statusCode, line.level])).toEqual([
      ['/healthz', 200, 30],
      ['/assets/index-Ab12Cd34.js', 200, 20],
      ['/home', 200, 20],
      ['/api/me', 401, 30],
    ]);
    // Fastify's own "incoming request" line is gone: one line per request
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
