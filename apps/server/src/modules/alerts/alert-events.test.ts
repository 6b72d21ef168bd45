/**
 * Issue 5 "open browsers are told at once": `GET /api/events` streams server-sent events over real HTTP — an alert
 * opened by the engine or acknowledged through the API reaches the connected browsers of its space as
 * `event: alert`, and never those of another space; the app's security headers stay on the stream; a browser that
 * goes away is unsubscribed; closing the app ends the open streams instead of waiting for them.
 */
import type { AlertEvent } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertsTestApp, alertsOf, buildAlertsTestApp, hoursAgo } from '../../../test/alerts-support.js';
import { createInstallation, insertReadings } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call } from '../../../test/users-factories.js';

let t: AlertsTestApp;
let base: string;
let closed = false;

beforeAll(async () => {
  t = await buildAlertsTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await t.close();
});

/** An open event stream of the browser signed in with `cookie`: the text received so far, and waits on it. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie, 'client-type': 'webapp', accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let text = '';
  let ended = false;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    response,
    text: () => text,
    ended: () => ended,
    /** The `alert` events received so far. */
    alerts: () =>
      [...text.matchAll(/event: alert\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1] as string) as AlertEvent),
    async until(predicate: () => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`stream did not get there; received:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      controller.abort();
      return pump;
    },
  };
}

describe('GET /api/events', () => {
  it("relays the alerts of the browser's space, and only those, to every open stream", async () => {
    const team = await createPcoTeam(t.app, t.db);
    const stranger = await createPcoTeam(t.app, t.db);
    const ownerStream = await openStream(team.owner.cookie);
    const managerStream = await openStream(team.manager.cookie);
    const strangerStream = await openStream(stranger.owner.cookie);
    expect(ownerStream.response.status).toBe(200);
    expect(ownerStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(ownerStream.response.headers.get('x-content-type-options')).toBe('nosniff');
    await ownerStream.until(() => ownerStream.text().startsWith(': connected'));

    const site = await createInstallation(t.db, team.spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 77 }]);
    await t.engine.evaluate({ spaceId: team.spaceId, equipmentIds: [station] });
    const [alert] = await alertsOf(t, site.siteId);
    const opened: AlertEvent = {
      kind: 'opened',
      alert_ulid: alert?.id as string,
      type: 'TYPE_TERMITE_ALERT',
      site_ulid: site.siteId,
      equipment_ulid: station,
    };
    await ownerStream.until(() => ownerStream.alerts().length === 1);
    await managerStream.until(() => managerStream.alerts().length === 1);
    expect(ownerStream.alerts()).toEqual([opened]);

    const ack = await call(t.app, team.owner.cookie, 'POST', `/api/alerts/${alert?.id}/acknowledge`);
    expect(ack.statusCode).toBe(200);
    await managerStream.until(() => managerStream.alerts().length === 2);
    expect(managerStream.alerts()[1]).toEqual({ ...opened, kind: 'closed' });

    expect(strangerStream.alerts()).toEqual([]);
    await Promise.all([ownerStream.close(), managerStream.close(), strangerStream.close()]);
  });

  it('refuses a technician (403) and a visitor without a session (401)', async () => {
    const team = await createPcoTeam(t.app, t.db);
    expect((await fetch(`${base}/api/events`, { headers: { cookie: team.technician.cookie } })).status).toBe(403);
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it('ends the open streams when the app closes', async () => {
    const team = await createPcoTeam(t.app, t.db);
    const stream = await openStream(team.owner.cookie);
    await stream.until(() => stream.text().includes(': connected'));
    const started = Date.now();
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    await stream.until(() => stream.ended());
  });
});
