/**
 * Issue 11 "Hardening": the environment's safe defaults — production seeds no demo data unless `SEED=demo` says so,
 * and no proxy is trusted unless `TRUST_PROXY` names one (a hop count or addresses / CIDR ranges). Issue 16
 * "Operations": production refuses to start without `DATABASE_URL`, `JWT_SECRET` and `APP_URL`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'isoptera-config-')),
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
});

/** What a production instance must be given (issue 16). */
const production = () => ({
  ...base(),
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://isoptera@db.internal:5432/isoptera',
  APP_URL: 'https://app.isoptera.example',
});

describe('NODE_ENV=production', () => {
  it('starts with DATABASE_URL, JWT_SECRET and APP_URL', () => {
    expect(loadConfig(production())).toMatchObject({
      env: 'production',
      databaseUrl: 'postgres://isoptera@db.internal:5432/isoptera',
      appUrl: 'https://app.isoptera.example',
    });
  });

  it('refuses to start without any of them, naming what is missing', () => {
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'APP_URL'] as const) {
      const env: Record<string, string> = production();
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(`${name} is required when NODE_ENV=production`);
    }
    expect(() => loadConfig({ DATA_DIR: base().DATA_DIR, NODE_ENV: 'production' })).toThrow(
      'DATABASE_URL, JWT_SECRET, APP_URL are required when NODE_ENV=production',
    );
  });
});

describe('SEED', () => {
  it('seeds nothing in production unless SEED=demo is set explicitly', () => {
    expect(loadConfig({ ...production() }).seed).toBe('none');
    expect(loadConfig({ ...production(), SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ ...production(), SEED: 'none' }).seed).toBe('none');
  });

  it('seeds the demo data by default in development and tests', () => {
    expect(loadConfig({ ...base(), NODE_ENV: 'development' }).seed).toBe('demo');
    expect(loadConfig({ ...base() }).seed).toBe('demo');
    expect(loadConfig({ ...base(), NODE_ENV: 'test', SEED: 'none' }).seed).toBe('none');
  });
});

describe('APP_URL (the base of the links in e-mails)', () => {
  it('defaults to this server on localhost at the port it listens on', () => {
    expect(loadConfig({ ...base(), PORT: '3204' }).appUrl).toBe('http://localhost:3204');
    expect(loadConfig({ ...base() }).appUrl).toBe('http://localhost:3000');
  });

  it('is taken as given when set', () => {
    expect(loadConfig({ ...base(), PORT: '3204', APP_URL: 'https://app.isoptera.example' }).appUrl).toBe(
      'https://app.isoptera.example',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, in production too', () => {
    expect(loadConfig({ ...production() }).trustProxy).toBe(false);
    expect(loadConfig({ ...production(), TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base(), TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true` and anything that is not an address', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '1.2.3']) {
      expect(() => loadConfig({ ...base(), TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
