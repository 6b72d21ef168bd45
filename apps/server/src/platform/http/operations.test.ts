/**
 * Issue 16 "Operations": `/healthz` and `/readyz`, Prometheus metrics behind a token, request ids in the answer
 * header, in problem+json and in the logs, and secrets in URLs kept out of the logs. Both drivers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation } from '../../../test/equipment-factories.js';
import { createSpace } from '../../../test/factories.js';
import { redactUrl } from './operations.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

const scrape = async () =>
  (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

describe('probes', () => {
  it('answers liveness and readiness with each check', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', broker: 'not_configured' },
    });
  });

  it('is not ready (503) while the configured broker is unreachable', async () => {
    const other = await buildTestApp({ env: { MQTT_URL: 'mqtt://127.0.0.1:9' } });
    try {
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', broker: 'failing' } });
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('GET /metrics', () => {
  it('answers 401 without the token, and never the SPA', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests per route pattern, uplinks, readings and alerts opened', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const spaceId = await createSpace(t.db, 'pco');
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const uplink = await t.app.inject({
      method: 'POST',
      url: '/api/uplinks',
      headers: { authorization: `Device ${install.gateway.credential}` },
      payload: {
        gateway: { serial_number: install.gateway.serialNumber, sent_at: new Date().toISOString() },
        readings: install.stations.map((s) => ({
          serial_number: s.serialNumber,
          measured_at: new Date(Date.now() - 60_000).toISOString(),
          termite_activity: 90,
          bait_consumption: 0,
          battery_level: 'Operational',
          battery_percent: 80,
          signal_level: -80,
          state: 1,
        })),
      },
    });
    expect(uplink.statusCode).toBe(200);
    const text = await scrape();
    expect(text).toContain('isoptera_http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(text).toContain('isoptera_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"}');
    expect(text).toMatch(/isoptera_uplinks_ingested_total\{transport="http"\} 1\n/);
    expect(text).toMatch(/isoptera_readings_ingested_total 2\n/);
    expect(text).toMatch(/isoptera_alerts_opened_total\{type="TYPE_TERMITE_ALERT"\} 2\n/);
    expect(text).toContain('# TYPE isoptera_job_queue_jobs gauge');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('answers 404 (not the SPA) when no token is configured', async () => {
    const other = await buildTestApp();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    } finally {
      await other.close();
    }
  });
});

describe('request ids and redaction', () => {
  it('answers the request id in a header and in problem+json, and keeps the load balancer’s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().request_id).toBe(id);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42');
    expect(given.json().request_id).toBe('lb-42');
    expect(lines.some((line) => line.includes('"reqId":"lb-42"'))).toBe(true);
  });

  it('logs no token found in a URL', async () => {
    const token = 'Zk3v8d0mQm4pC1yq7XhC9w2n5bT6rS0aLe8uJ4oPq1I';
    await t.app.inject({ method: 'GET', url: `/api/invite_pcos/get-pco/${token}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route?token=secret-value&page=2' });
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('secret-value');
    expect(log).toContain('/api/invite_pcos/get-pco/[redacted]');
    expect(log).toContain('?token=[redacted]&page=2');
  });

  it('redacts tokens but keeps ids', () => {
    expect(redactUrl('/api/sites/01JDKZ4N5V6W7X8Y9Z0A1B2C3D')).toBe('/api/sites/01JDKZ4N5V6W7X8Y9Z0A1B2C3D');
    expect(redactUrl('/api/avatars/0123456789abcdef0123456789abcdef.webp')).toBe(
      '/api/avatars/0123456789abcdef0123456789abcdef.webp',
    );
    expect(redactUrl('/easy-connect?code=1&token=x')).toBe('/easy-connect?code=[redacted]&token=[redacted]');
  });
});
