/**
 * Issue 16 "Several instances": two server **processes** (`src/main.ts`, as an operator starts them) on one empty
 * PostgreSQL database behind a loopback round-robin proxy, with the local Mosquitto. Proves:
 * - they start together and the migrations run once (no `pg_type_typname_nsp_index` crash);
 * - an alert opened and acknowledged through instance A reaches a browser's event stream on instance B;
 * - the sign-in limit of 10 failures per 15 minutes holds when the failures alternate between the instances;
 * - an avatar uploaded through A is served by B (the file storage is the database);
 * - an MQTT uplink published while both are stopped is processed once after they start again.
 * PostgreSQL only (PGlite is one embedded instance).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AlertEvent, mqttAckTopic, mqttUplinkTopic } from '@isoptera/contracts';
import { count, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readings, syncLogs } from '../src/db/schema/index.js';
import { type Database, MIGRATIONS_FOLDER, openPostgres } from '../src/platform/db/database.js';
import { createInstallation, type TestInstallation } from './equipment-factories.js';
import { createMember, createSpace, TEST_PASSWORD } from './factories.js';
import { adminQuery, databaseName, testDbKind, withDatabase } from './test-database.js';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const MQTT_URL = 'mqtt://127.0.0.1:1883';
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const JWT_SECRET = 'two-instances-secret-that-is-long-enough-for-hs256';

interface Instance {
  name: string;
  port: number;
  process?: ChildProcess;
  output: string;
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(testDbKind() === 'postgres')('two instances on one PostgreSQL', () => {
  const url = withDatabase(
    process.env.DATABASE_URL as string,
    `${databaseName(process.env.DATABASE_URL ?? '')}_two${process.pid}`,
  );
  const group = `two-${process.pid}-${Date.now()}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isoptera-two-'));
  const instances: Instance[] = [];
  let proxy: http.Server;
  let proxyUrl: string;
  let database: Database;
  let device: MqttClient;

  /** Starts `instance` (`node --import tsx src/main.ts`) and resolves once `/healthz` answers. */
  async function start(instance: Instance): Promise<void> {
    instance.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: path.join(dataDir, instance.name),
        SEED: 'none',
        JWT_SECRET,
        WEB_DIST: path.join(dataDir, 'no-web'),
        APP_URL: proxyUrl,
        MQTT_URL,
        MQTT_CLIENT_ID: `${group}-${instance.name}`,
        MQTT_SHARE_GROUP: group,
        MQTT_SESSION_EXPIRY_S: '120',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    instance.process = child;
    child.stdout?.on('data', (chunk) => {
      instance.output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      instance.output += chunk;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${instance.name} exited (${child.exitCode}):\n${instance.output}`);
      // the bridge subscribes when the app is ready; the banner comes after listen()
      if (instance.output.includes('Isoptera is ready')) {
        const ok = await fetch(`http://127.0.0.1:${instance.port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
      }
      if (Date.now() > deadline) throw new Error(`${instance.name} did not start:\n${instance.output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** SIGTERM, as a container runtime stops it; resolves with the exit code. */
  async function stop(instance: Instance): Promise<number | null> {
    const child = instance.process;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  beforeAll(async () => {
    await adminQuery(process.env.DATABASE_URL as string, `DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`);
    await adminQuery(process.env.DATABASE_URL as string, `CREATE DATABASE "${databaseName(url)}"`);
    instances.push(
      { name: 'a', port: await freePort(), output: '' },
      { name: 'b', port: await freePort(), output: '' },
    );
    // the load balancer: requests alternate between the two instances
    let next = 0;
    proxy = http.createServer((request, response) => {
      const target = instances[next++ % instances.length] as Instance;
      const forward = http.request(
        { host: '127.0.0.1', port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.writeHead(502).end());
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    // both at once, on the empty database
    await Promise.all(instances.map(start));
    database = openPostgres(url, 2);
    device = await mqtt.connectAsync(MQTT_URL, { clientId: `${group}-device` });
  }, 180_000);

  afterAll(async () => {
    await device?.endAsync();
    await Promise.all(instances.map(stop));
    await new Promise((resolve) => proxy?.close(resolve));
    await database?.close();
    await adminQuery(process.env.DATABASE_URL as string, `DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const [a, b] = [() => instances[0] as Instance, () => instances[1] as Instance];
  const direct = (instance: Instance, pathname: string) => `http://127.0.0.1:${instance.port}${pathname}`;

  async function signIn(base: string, email: string, password = TEST_PASSWORD): Promise<Response> {
    return fetch(`${base}/security/token/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-type': 'webapp' },
      body: JSON.stringify({ email, password }),
    });
  }
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] as string)
      .filter((c) => !c.endsWith('='))
      .join('; ');

  it('migrated once: both started together on the empty database', async () => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
    expect(row?.n).toBe(MIGRATION_COUNT);
    for (const instance of instances) expect(instance.output).not.toContain('duplicate key');
  });

  it('an alert opened and acknowledged through A reaches an event stream on B', async () => {
    const spaceId = await createSpace(database.db, 'pco');
    const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    const login = await signIn(proxyUrl, owner.email);
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);

    // the browser's stream is on B
    const controller = new AbortController();
    const stream = await fetch(direct(b(), '/api/events'), {
      headers: { cookie, 'client-type': 'webapp', accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    let text = '';
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
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
    })();
    const alerts = () =>
      [...text.matchAll(/event: alert\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1] as string) as AlertEvent);
    const until = async (predicate: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`the stream on B did not get there; received:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(() => text.startsWith(': connected'));

    // a gateway's uplink with termite activity, posted to A, opens a termite alert
    const install = await createInstallation(database.db, spaceId, { stationCount: 1 });
    const station = install.stations[0] as TestInstallation['stations'][number];
    const uplink = await fetch(direct(a(), '/api/uplinks'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${install.gateway.credential}` },
      body: JSON.stringify({
        gateway: { serial_number: install.gateway.serialNumber, sent_at: new Date().toISOString() },
        readings: [
          {
            serial_number: station.serialNumber,
            measured_at: new Date(Date.now() - 60_000).toISOString(),
            termite_activity: 80,
            bait_consumption: 0,
            battery_level: 'Operational',
            battery_percent: 90,
            signal_level: -80,
            state: 1,
          },
        ],
      }),
    });
    expect(uplink.status, await uplink.clone().text()).toBe(200);
    await until(() => alerts().length === 1);
    const opened = alerts()[0] as AlertEvent;
    expect(opened).toMatchObject({ kind: 'opened', type: 'TYPE_TERMITE_ALERT', site_ulid: install.siteId });

    const ack = await fetch(direct(a(), `/api/alerts/${opened.alert_ulid}/acknowledge`), {
      method: 'POST',
      headers: { cookie, 'client-type': 'webapp' },
    });
    expect(ack.status).toBe(200);
    await until(() => alerts().length === 2);
    expect(alerts()[1]).toMatchObject({ kind: 'closed', alert_ulid: opened.alert_ulid });
    controller.abort();
    await pump;
  });

  it('holds the sign-in limit across both instances: the 11th attempt after 10 failures answers 429', async () => {
    const spaceId = await createSpace(database.db, 'pco');
    const victim = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(proxyUrl, victim.email, 'Wrong-Password-1!')).status, `failure ${i + 1}`).toBe(401);
    }
    // the right password, on either instance
    const blocked = await signIn(proxyUrl, victim.email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(proxyUrl, victim.email)).status).toBe(429);
  });

  it('serves through B an avatar uploaded through A', async () => {
    const spaceId = await createSpace(database.db, 'pco');
    const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    const cookie = cookieOf(await signIn(direct(a(), ''), owner.email));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(direct(a(), `/api/user_pcos/${owner.membershipId}/avatar`), {
      method: 'POST',
      headers: { cookie, 'client-type': 'webapp' },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const avatar = ((await uploaded.json()) as { avatar: string }).avatar;
    const served = await fetch(direct(b(), avatar), { headers: { cookie, 'client-type': 'webapp' } });
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 64,
    });
  });

  it('processes once, after they start again, an MQTT uplink published while both were stopped', async () => {
    const spaceId = await createSpace(database.db, 'pco');
    const install = await createInstallation(database.db, spaceId, { stationCount: 2 });
    const ackTopic = mqttAckTopic(install.gateway.serialNumber);
    await device.subscribeAsync(ackTopic, { qos: 1 });
    const acks: unknown[] = [];
    device.on('message', (topic, payload) => {
      if (topic === ackTopic) acks.push(JSON.parse(payload.toString('utf8')));
    });

    expect(await Promise.all(instances.map(stop))).toEqual([0, 0]);
    await device.publishAsync(
      mqttUplinkTopic(install.gateway.serialNumber),
      JSON.stringify({
        credential: install.gateway.credential,
        gateway: { serial_number: install.gateway.serialNumber, sent_at: new Date().toISOString() },
        readings: install.stations.map((s, i) => ({
          serial_number: s.serialNumber,
          measured_at: new Date(Date.now() - (10 + i) * 60_000).toISOString(),
          termite_activity: 0,
          bait_consumption: 0,
          battery_level: 'Operational',
          battery_percent: 70,
          signal_level: -90,
          state: 1,
        })),
      }),
      { qos: 1 },
    );
    await Promise.all(instances.map(start));

    const deadline = Date.now() + 20_000;
    while (acks.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ accepted: 2, duplicates: 0 });
    // a second instance does not handle it again
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(acks).toHaveLength(1);
    const [logs] = await database.db.select({ n: count() }).from(syncLogs).where(eq(syncLogs.siteId, install.siteId));
    expect(logs?.n).toBe(1);
    for (const station of install.stations) {
      const [stored] = await database.db
        .select({ n: count() })
        .from(readings)
        .where(eq(readings.equipmentId, station.id));
      expect(stored?.n).toBe(1);
    }
  }, 180_000);
});
