/**
 * Issue 16 "Several instances" and "Operations": the deployment `compose.yaml` describes, started without Docker.
 * The server is built (`apps/server/build.mjs`) and run as the image runs it (the `Dockerfile`'s `CMD`, plain `node`
 * on the built JavaScript), twice, with the environment compose gives `app-1` and `app-2` (hosts rewritten to the
 * loopback, a fresh PostgreSQL database), behind Debian's nginx running `deploy/nginx/isoptera.conf`, with the
 * machine's mosquitto running `deploy/mosquitto/mosquitto.conf`. Proves:
 * - they start together and the migrations run once (no `pg_type_typname_nsp_index` crash);
 * - both are ready through the load balancer, and production without `SEED` has no demo account;
 * - an alert opened and acknowledged through A reaches a browser's event stream on B, and one through the balancer;
 * - the sign-in limit of 10 failures per 15 minutes holds when the failures alternate between the instances;
 * - an avatar uploaded through A is served by B (the file storage is the database);
 * - an MQTT uplink published while both are stopped is processed once after they start again;
 * - SIGTERM stops an instance within seconds, an open event stream included, while the other keeps answering.
 * PostgreSQL only (PGlite is one embedded instance); without nginx or mosquitto (and its client) it is skipped, except
 * in CI (`CI` set), where it fails: `.ci/run` installs them.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { type AlertEvent, mqttAckTopic, mqttUplinkTopic } from '@isoptera/contracts';
import { count, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { accounts, readings, syncLogs } from '../src/db/schema/index.js';
import { type Database, MIGRATIONS_FOLDER, openPostgres } from '../src/platform/db/database.js';
import { createInstallation, type TestInstallation } from './equipment-factories.js';
import { createMember, createSpace, TEST_PASSWORD } from './factories.js';
import { adminQuery, databaseName, testDbKind, withDatabase } from './test-database.js';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
/** What an operator puts in `.env` beside compose.yaml. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'not-used-the-test-database-is-local',
  JWT_SECRET: 'two-instances-secret-that-is-long-enough-for-hs256',
};

interface Instance {
  /** The compose service (`app-1`, `app-2`). */
  name: string;
  port: number;
  process?: ChildProcess;
  output: string;
}

interface ComposeService {
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  build?: unknown;
  image?: string;
}

/** compose.yaml, anchors and merge keys resolved. */
function readCompose(): { services: Record<string, ComposeService> } {
  return parseYaml(readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8'), { merge: true });
}

/** Compose's interpolation of `value`: `${X}`, `${X:-default}`, `${X:?error}` from `variables`, and `$$`. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (match, name?: string, kind?: string, rest?: string) => {
    if (match === '$$') return '$';
    const given = variables[name as string];
    if (given) return given;
    if (kind === '?') throw new Error(`compose.yaml: ${name} is required (${rest})`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** The exec-form `CMD` of the Dockerfile's last stage, e.g. `['node', 'apps/server/dist/main.js']`. */
function dockerfileCommand(): string[] {
  const lines = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').split('\n');
  const cmd = lines.filter((line) => line.startsWith('CMD ')).at(-1);
  return JSON.parse((cmd ?? 'CMD []').slice('CMD '.length)) as string[];
}

/** The exec-form `HEALTHCHECK … CMD` of the Dockerfile, e.g. `['node', '-e', 'fetch(…)']`. */
function dockerfileHealthcheck(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const line = text.split('\n').find((l) => l.startsWith('HEALTHCHECK ')) ?? '';
  const command = JSON.parse(line.slice(line.indexOf(' CMD ') + ' CMD '.length)) as string[];
  expect(command[0]).toBe('node');
  return command;
}

/** The `ENV` of the Dockerfile's last stage (`NODE_ENV`, `HOST`, `PORT`, `DATA_DIR`). */
function dockerfileEnvironment(): Record<string, string> {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[key as string] = value as string;
  }
  return env;
}

/** The path of `command` (`nginx`, `mosquitto`) on this machine, or undefined. */
function installed(command: string): string | undefined {
  for (const directory of ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const file = path.join(directory, command);
    if (spawnSync(file, ['-h'], { stdio: 'ignore' }).error === undefined) return file;
  }
  return undefined;
}

const NGINX = installed('nginx');
const MOSQUITTO = installed('mosquitto');
/** The broker's healthcheck command (Debian's mosquitto-clients). */
const MOSQUITTO_SUB = installed('mosquitto_sub');
if (process.env.CI && testDbKind() === 'postgres' && (!NGINX || !MOSQUITTO || !MOSQUITTO_SUB)) {
  throw new Error('two-instances.test.ts needs nginx, mosquitto and mosquitto_sub (.ci/run installs them)');
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('compose.yaml and the Dockerfile', () => {
  it('run two instances of one image on one database, one broker group, each its own MQTT client id', () => {
    const { services } = readCompose();
    const apps = ['app-1', 'app-2'].map((name) => services[name] as ComposeService);
    for (const app of apps) {
      expect(app.build).toBe('.');
      expect(app.environment).toMatchObject({ NODE_ENV: 'production', MQTT_SHARE_GROUP: 'isoptera' });
      expect(app.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        mosquitto: { condition: 'service_healthy' },
      });
      expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
    }
    expect(apps[0]?.environment?.MQTT_CLIENT_ID).not.toBe(apps[1]?.environment?.MQTT_CLIENT_ID);
    expect(services.lb?.depends_on).toMatchObject({ 'app-1': { condition: 'service_healthy' } });
    expect(services.postgres?.image).toBe('postgres:15');
    expect(services.mosquitto?.image).toBe('eclipse-mosquitto:2');
  });

  it('builds an image that runs node on the built JavaScript as a non-root user, stopped by SIGTERM', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^FROM \$\{NODE_IMAGE\}/m);
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:20-bookworm-slim');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfileCommand()).toEqual(['node', 'apps/server/dist/main.js']);
    expect(dockerfileEnvironment()).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' });
  });
});

describe.runIf(testDbKind() === 'postgres' && NGINX && MOSQUITTO && MOSQUITTO_SUB)(
  'the compose topology without Docker',
  () => {
    // set in beforeAll: a skipped suite is still collected, without DATABASE_URL
    let url: string;
    let dataDir: string;
    const compose = readCompose().services;
    const instances: Instance[] = [];
    /** nginx and mosquitto, with what they printed. */
    const engines: { name: string; process: ChildProcess; output: string }[] = [];
    let proxyUrl: string;
    let mqttUrl: string;
    let database: Database;
    let device: MqttClient;

    /**
     * The environment of `instance` in its container — the Dockerfile's `ENV` and what compose gives the service —
     * with what differs on one machine: its own port on the loopback, the fresh database, the broker's port here.
     */
    function environmentOf(instance: Instance): Record<string, string> {
      const env = dockerfileEnvironment();
      const variables = { ...OPERATOR_ENV, APP_URL: proxyUrl };
      for (const [key, value] of Object.entries(compose[instance.name]?.environment ?? {})) {
        env[key] = interpolate(String(value ?? ''), variables);
      }
      expect(env).toMatchObject({ HOST: '0.0.0.0', PORT: '3000', MQTT_URL: 'mqtt://mosquitto:1883' });
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\/isoptera$/);
      return {
        ...env,
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(instance.port),
        DATA_DIR: path.join(dataDir, instance.name),
        DATABASE_URL: url,
        MQTT_URL: mqttUrl,
      };
    }

    /** Starts `instance` as the image does (its `CMD`) and resolves once `/healthz` answers. */
    async function start(instance: Instance): Promise<void> {
      instance.output = '';
      const [command, ...args] = dockerfileCommand();
      expect(command).toBe('node');
      const child = spawn(process.execPath, args, {
        cwd: REPO_ROOT,
        env: environmentOf(instance),
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
        if (child.exitCode !== null)
          throw new Error(`${instance.name} exited (${child.exitCode}):\n${instance.output}`);
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

    /** Starts `file` with `args` and resolves once `port` accepts connections on the loopback. */
    async function startEngine(name: string, file: string, args: string[], port: number): Promise<void> {
      const engine = { name, process: spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] }), output: '' };
      engines.push(engine);
      engine.process.stdout?.on('data', (chunk) => {
        engine.output += chunk;
      });
      engine.process.stderr?.on('data', (chunk) => {
        engine.output += chunk;
      });
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (engine.process.exitCode !== null) throw new Error(`${name} exited:\n${engine.output}`);
        const open = await new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
          socket.unref();
          setTimeout(() => socket.destroy(), 1000).unref();
        });
        if (open) return;
        if (Date.now() > deadline) throw new Error(`${name} does not listen on ${port}:\n${engine.output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    /** mosquitto on deploy/mosquitto/mosquitto.conf: its listener on a free loopback port, its files in `dataDir`. */
    async function startMosquitto(port: number): Promise<void> {
      const directory = path.join(dataDir, 'mosquitto');
      mkdirSync(directory);
      const config = readFileSync(path.join(REPO_ROOT, 'deploy/mosquitto/mosquitto.conf'), 'utf8');
      const here = config
        .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
        .replace(/^persistence_location .*$/m, `persistence_location ${directory}/`);
      expect(here).not.toMatch(/^listener 1883|^persistence_location \/mosquitto/m);
      // as root, mosquitto would switch to the user `mosquitto`, who may not enter this directory
      writeFileSync(path.join(directory, 'mosquitto.conf'), `${here}\nuser ${userInfo().username}\n`);
      await startEngine('mosquitto', MOSQUITTO as string, ['-c', path.join(directory, 'mosquitto.conf')], port);
    }

    /** nginx on deploy/nginx/isoptera.conf: `listen` on a free loopback port, the upstream's servers the instances. */
    async function startNginx(port: number): Promise<void> {
      const directory = path.join(dataDir, 'nginx');
      mkdirSync(directory);
      const site = readFileSync(path.join(REPO_ROOT, 'deploy/nginx/isoptera.conf'), 'utf8');
      const here = instances
        .reduce(
          (text, instance) => text.replace(`server ${instance.name}:3000`, `server 127.0.0.1:${instance.port}`),
          site,
        )
        .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
      expect(here).not.toMatch(/app-\d:3000|listen 80;/);
      writeFileSync(path.join(directory, 'site.conf'), here);
      // the main context the nginx image has, reduced to what an unprivileged single process needs
      const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(directory, kind)};`,
      );
      writeFileSync(
        path.join(directory, 'nginx.conf'),
        [
          'daemon off;',
          'master_process off;',
          `pid ${path.join(directory, 'nginx.pid')};`,
          `error_log ${path.join(directory, 'error.log')} warn;`,
          'events {}',
          'http {',
          '  access_log off;',
          ...temporary,
          `  include ${path.join(directory, 'site.conf')};`,
          '}',
          '',
        ].join('\n'),
      );
      const args = ['-p', directory, '-e', path.join(directory, 'error.log'), '-c', path.join(directory, 'nginx.conf')];
      await startEngine('nginx', NGINX as string, args, port);
    }

    beforeAll(async () => {
      // the built JavaScript the image runs, from the sources of this tree (about a second)
      execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'pipe' });
      const adminUrl = process.env.DATABASE_URL as string;
      url = withDatabase(adminUrl, `${databaseName(adminUrl)}_two${process.pid}`);
      dataDir = mkdtempSync(path.join(tmpdir(), 'isoptera-two-'));
      await adminQuery(
        process.env.DATABASE_URL as string,
        `DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`,
      );
      await adminQuery(process.env.DATABASE_URL as string, `CREATE DATABASE "${databaseName(url)}"`);
      instances.push(
        { name: 'app-1', port: await freePort(), output: '' },
        { name: 'app-2', port: await freePort(), output: '' },
      );
      const [brokerPort, balancerPort] = [await freePort(), await freePort()];
      mqttUrl = `mqtt://127.0.0.1:${brokerPort}`;
      proxyUrl = `http://127.0.0.1:${balancerPort}`;
      await startMosquitto(brokerPort);
      await startNginx(balancerPort);
      // both at once, on the empty database
      await Promise.all(instances.map(start));
      database = openPostgres(url, 2);
      device = await mqtt.connectAsync(mqttUrl, { clientId: `two-instances-device-${process.pid}` });
    }, 180_000);

    afterAll(async () => {
      await device?.endAsync();
      await Promise.all(instances.map(stop));
      for (const engine of engines) {
        if (engine.process.exitCode !== null) continue;
        const exited = new Promise((resolve) => engine.process.once('exit', resolve));
        engine.process.kill('SIGTERM');
        await exited;
      }
      await database?.close();
      if (url) {
        await adminQuery(
          process.env.DATABASE_URL as string,
          `DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`,
        );
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

    /** A browser's `GET /api/events` at `base`, once its `: connected` comment arrived. */
    async function openStream(base: string, cookie: string) {
      const controller = new AbortController();
      const stream = await fetch(`${base}/api/events`, {
        headers: { cookie, 'client-type': 'webapp', accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      let text = '';
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let ended = false;
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
      const alerts = () =>
        [...text.matchAll(/event: alert\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1] as string) as AlertEvent);
      const until = async (predicate: (alerts: AlertEvent[]) => boolean, what = 'alerts') => {
        const deadline = Date.now() + 10_000;
        while (!predicate(alerts())) {
          if (Date.now() > deadline)
            throw new Error(`the stream at ${base} did not get the ${what}; received:\n${text}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await until(() => text.startsWith(': connected'), 'connected comment');
      return {
        alerts,
        until,
        /** Whether the server ended the stream. */
        ended: () => ended,
        close: async () => {
          controller.abort();
          await pump;
        },
      };
    }

    it('migrated once: both started together on the empty database', async () => {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      expect(row?.n).toBe(MIGRATION_COUNT);
      for (const instance of instances) expect(instance.output).not.toContain('duplicate key');
    });

    it('answers through the load balancer, both instances ready, each request with an id from it', async () => {
      for (let i = 0; i < 4; i++) {
        const ready = await fetch(`${proxyUrl}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({
          status: 'ready',
          checks: { database: 'ok', migrations: 'ok', broker: 'ok' },
        });
        // nginx's $request_id, in the answer and the instance's log
        expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      }
      // both took some (round robin): their logs say so, once written
      const served = () => instances.map((instance) => instance.output.match(/"url":"\/readyz"/g)?.length ?? 0);
      const deadline = Date.now() + 5_000;
      while (served().reduce((x, y) => x + y) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(served()).toEqual([2, 2]);
      // the image's HEALTHCHECK and compose's healthchecks, as Docker would run them
      const healthcheck = dockerfileHealthcheck();
      for (const instance of instances) {
        const env = { PATH: process.env.PATH ?? '', PORT: String(instance.port) };
        expect(spawnSync(process.execPath, healthcheck.slice(1), { env }).status, `HEALTHCHECK ${instance.name}`).toBe(
          0,
        );
        const [, ...check] = compose[instance.name]?.healthcheck?.test ?? [];
        expect(check[0]).toBe('node');
        const args = check.slice(1).map((arg) => arg.replace('127.0.0.1:3000', `127.0.0.1:${instance.port}`));
        expect(spawnSync(process.execPath, args, { env }).status, `compose healthcheck ${instance.name}`).toBe(0);
      }
      const [, ...brokerCheck] = compose.mosquitto?.healthcheck?.test ?? [];
      const brokerPort = new URL(mqttUrl).port;
      expect(
        spawnSync(MOSQUITTO_SUB as string, [...brokerCheck.slice(1), '-p', brokerPort], { timeout: 5_000 }).status,
      ).toBe(0);
    });

    it('has no demo account: production seeds nothing without SEED=demo', async () => {
      const demo = await signIn(proxyUrl, 'owner@demo.example', 'Termite-Demo-2026!');
      expect(demo.status).toBe(401);
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
      expect(row?.n).toBe(0);
      for (const instance of instances) expect(instance.output).not.toContain('Demo data seeded');
    });

    it('an alert opened and acknowledged through A reaches an event stream on B', async () => {
      const spaceId = await createSpace(database.db, 'pco');
      const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
      const login = await signIn(proxyUrl, owner.email);
      expect(login.status).toBe(200);
      const cookie = cookieOf(login);

      // a browser's stream on B, another through the load balancer
      const onB = await openStream(direct(b(), ''), cookie);
      const throughBalancer = await openStream(proxyUrl, cookie);

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
      await onB.until((alerts) => alerts.length === 1);
      const opened = onB.alerts()[0] as AlertEvent;
      expect(opened).toMatchObject({ kind: 'opened', type: 'TYPE_TERMITE_ALERT', site_ulid: install.siteId });

      const ack = await fetch(direct(a(), `/api/alerts/${opened.alert_ulid}/acknowledge`), {
        method: 'POST',
        headers: { cookie, 'client-type': 'webapp' },
      });
      expect(ack.status).toBe(200);
      await onB.until((alerts) => alerts.length === 2);
      expect(onB.alerts()[1]).toMatchObject({ kind: 'closed', alert_ulid: opened.alert_ulid });
      // through nginx too, as they come (no buffering)
      await throughBalancer.until((alerts) => alerts.length === 2);
      expect(throughBalancer.alerts()).toEqual(onB.alerts());
      await onB.close();
      await throughBalancer.close();
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

    it('stops an instance on SIGTERM within seconds, its event stream open, while the other keeps answering', async () => {
      const spaceId = await createSpace(database.db, 'pco');
      const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
      const cookie = cookieOf(await signIn(direct(a(), ''), owner.email));
      const stream = await openStream(direct(a(), ''), cookie);
      // a client asking through the balancer all along
      let asking = true;
      const answers: number[] = [];
      const traffic = (async () => {
        while (asking) {
          answers.push(
            await fetch(`${proxyUrl}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));

      const stopping = Date.now();
      expect(await stop(a())).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      asking = false;
      await traffic;
      expect(stream.ended()).toBe(true);
      expect(answers.length).toBeGreaterThan(10);
      expect(answers.filter((status) => status !== 200)).toEqual([]);
      // B alone serves the application now
      expect((await signIn(proxyUrl, owner.email)).status).toBe(200);
      await stream.close();
    });
  },
);
