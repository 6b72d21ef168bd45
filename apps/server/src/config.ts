/**
 * The process configuration (ARCHITECTURE §5): the environment parsed by zod. This is the only reader of
 * `process.env`. Throws a readable error on an invalid environment.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Isoptera <no-reply@isoptera.example>'),
  APP_URL: z.string().url().default('http://localhost:3000'),
  JWT_SECRET: z.string().min(32).optional(),
  TWO_FACTOR_SPACES: csv.default(['admin', 'dealer']),
  MQTT_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, uploads, dev mailbox). */
  dataDir: string;
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string;
  twoFactorSpaces: ('admin' | 'dealer' | 'pco')[];
  mqttUrl: string | undefined;
  logLevel: string;
  /** Absolute path of the built SPA (apps/web/dist). */
  webDist: string;
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

/** Parses `source` (default `process.env`) into a {@link Config}. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: e.APP_URL,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir, e.NODE_ENV),
    twoFactorSpaces: e.TWO_FACTOR_SPACES,
    mqttUrl: e.MQTT_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
  };
}
