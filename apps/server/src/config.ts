/**
 * The process configuration (ARCHITECTURE §5): the environment parsed by zod. This is the only reader of
 * `process.env`. Throws a readable error on an invalid environment.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(['admin', 'dealer', 'pco'])));

/** The names `proxy-addr` (Fastify's `trustProxy`) gives to reserved ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8` or a range name: what a trusted proxy may be written as. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or empty trusts no proxy (the client address is the socket's); a whole number trusts that many
 * hops in front of the server; otherwise a comma-separated list of the proxies' addresses, CIDR ranges or range names.
 * `true` is refused: trusting every `X-Forwarded-For` would let any client pick its address (and escape the limits).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or proxy addresses / CIDR ranges, got ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.length > 0 ? entries : false;
  });

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Isoptera <no-reply@isoptera.example>'),
  /** Base of the links in e-mails; without it, `http://localhost:<PORT>` (see {@link loadConfig}). */
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  TWO_FACTOR_SPACES: csv.default(['admin', 'dealer']),
  /** Where uploaded files live: `database` (every instance serves every file; default) or `local` (`DATA_DIR/uploads`). */
  FILE_STORAGE: z.enum(['database', 'local']).default('database'),
  MQTT_URL: z.string().optional(),
  /** The bearer token of `GET /metrics` (at least 24 characters); without it `/metrics` answers 404. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** This instance's MQTT client id, fixed across restarts (its persistent session); default `isoptera-<host>-<PORT>`. */
  MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
  /** The shared-subscription group of the instances of one deployment (`$share/<group>/…`). */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[^/+#$]+$/)
    .default('isoptera'),
  /** How long the broker keeps an instance's session (and queues its uplinks) after it disconnects, in seconds. */
  MQTT_SESSION_EXPIRY_S: z.coerce
    .number()
    .int()
    .min(0)
    .default(7 * 24 * 3600),
  /**
   * How many whole months of readings to keep besides the current one (docs/decisions/025); older month partitions
   * are dropped by the partition job. Unset: keep every reading.
   */
  READINGS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, uploads, dev mailbox). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** `SEED`; default `demo`, but `none` when `NODE_ENV=production` (demo accounts have a published password). */
  seed: 'demo' | 'none';
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string;
  twoFactorSpaces: ('admin' | 'dealer' | 'pco')[];
  mqttUrl: string | undefined;
  /** `METRICS_TOKEN` (platform/http/operations.ts). */
  metricsToken: string | undefined;
  /** `FILE_STORAGE` (platform/storage/file-storage.ts). */
  fileStorage: 'database' | 'local';
  /** The MQTT bridge's session and shared subscription (issue 16; modules/telemetry/mqtt-bridge.ts). */
  mqtt: { clientId: string; shareGroup: string; sessionExpirySeconds: number };
  /** `READINGS_RETENTION_MONTHS`; null keeps every reading (modules/telemetry/readings-partition-job.ts). */
  readingsRetentionMonths: number | null;
  logLevel: string;
  /** Absolute path of the built SPA (apps/web/dist). */
  webDist: string;
  /**
   * Fastify's `trustProxy` (`TRUST_PROXY`): `false` (the default) takes the client address from the socket; a hop
   * count or the proxies' addresses / CIDR ranges take it from `X-Forwarded-For` behind those proxies only.
   */
  trustProxy: false | number | string[];
}

/** Reads the JWT secret from the environment, or from `DATA_DIR/jwt-secret` (generated there once). */
function resolveJwtSecret(fromEnv: string | undefined, dataDir: string, env: string): string {
  if (fromEnv) return fromEnv;
  if (env === 'production') throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Issue 16 "Operations": `NODE_ENV=production` needs `DATABASE_URL` (PGlite is one embedded instance, not a
 * deployment's database), `JWT_SECRET` (every instance signs with the same key) and `APP_URL` (the links in e-mails
 * lead to the load balancer's public address, not to an instance). Throws naming every missing one.
 */
function requireProductionSettings(e: z.infer<typeof environment>): void {
  const missing = (['DATABASE_URL', 'JWT_SECRET', 'APP_URL'] as const).filter((name) => !e[name]);
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when NODE_ENV=production`);
}

/** Parses `source` (default `process.env`) into a {@link Config}. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') requireProductionSettings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // the links in e-mails lead to this server when nothing else is said: the port it listens on, not always 3000
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir, e.NODE_ENV),
    twoFactorSpaces: e.TWO_FACTOR_SPACES,
    mqttUrl: e.MQTT_URL,
    fileStorage: e.FILE_STORAGE,
    metricsToken: e.METRICS_TOKEN,
    mqtt: {
      clientId: e.MQTT_CLIENT_ID ?? `isoptera-${hostname()}-${e.PORT}`,
      shareGroup: e.MQTT_SHARE_GROUP,
      sessionExpirySeconds: e.MQTT_SESSION_EXPIRY_S,
    },
    readingsRetentionMonths: e.READINGS_RETENTION_MONTHS ?? null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    trustProxy: e.TRUST_PROXY ?? false,
  };
}
