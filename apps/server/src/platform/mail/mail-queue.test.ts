/**
 * Issue 3 "Mail", ARCHITECTURE §2: mail leaves through a pg-boss job on the application's database (PGlite or
 * PostgreSQL), rendered with the space's branding, delivered to `.eml` files without `SMTP_URL` and to a real SMTP
 * server with it; a refused delivery is retried.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSpace } from '../../../test/factories.js';
import { openMailbox } from '../../../test/mailbox.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../db/database.js';
import { createMailPlatform, type MailLog, type MailPlatform } from './mail-queue.js';

const APP_URL = 'https://isoptera.test';
let database: Database;
let spaceId: string;

beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
  spaceId = await createSpace(database.db, 'pco', { name: 'Kanto Termite Care', logo: '/uploads/logos/kanto.png' });
});
afterAll(() => database.close());

function configFor(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isoptera-mail-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
}

/** A log that keeps what it is told. */
function memoryLog() {
  const lines: { level: string; message: string; object: Record<string, unknown> }[] = [];
  const log: MailLog = {
    info: (object, message) => lines.push({ level: 'info', message, object: object as Record<string, unknown> }),
    warn: (object, message) => lines.push({ level: 'warn', message, object: object as Record<string, unknown> }),
    error: (object, message) => lines.push({ level: 'error', message, object: object as Record<string, unknown> }),
  };
  return { log, lines };
}

/** A real SMTP server on a free port; `refuseFirst` messages are answered 451 (temporary failure). */
async function startSmtp({ refuseFirst = 0 } = {}) {
  const received: ParsedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        attempts++;
        if (attempts <= refuseFirst) {
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail platform', () => {
  let platform: MailPlatform | undefined;
  afterAll(async () => platform?.stop());

  it('queues without delivering, then the worker renders and writes a .eml file when SMTP_URL is unset', async () => {
    const config = configFor();
    platform = createMailPlatform({ config, db: database.db });
    const mailbox = openMailbox(config.dataDir);
    await platform.enqueue({
      template: 'two_factor_code',
      to: 'Akiko.Sato@example.jp',
      lang: 'ja',
      spaceId,
      params: { code: '730214' },
    });
    // no worker yet: the request only stored a job
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailbox.all()).toEqual([]);

    await platform.start();
    const mail = await mailbox.waitFor('akiko.sato@example.jp', { template: 'two_factor_code' });
    expect(mail.subject).toBe('Isopteraログイン用の確認コード');
    expect(mail.text.match(/\d{4,8}/)?.[0]).toBe('730214');
    expect(mail.html).toContain('Kanto Termite Care');
    expect(mail.html).toContain(`src="${APP_URL}/uploads/logos/kanto.png"`);
    await platform.stop();
    platform = undefined;
  });

  it('delivers through a real SMTP server when SMTP_URL is set, with both parts and the template header', async () => {
    const smtp = await startSmtp();
    try {
      platform = createMailPlatform({ config: configFor({ SMTP_URL: smtp.url }), db: database.db });
      await platform.start();
      await platform.enqueue({
        template: 'email_change',
        to: 'new.address@example.fr',
        lang: 'fr',
        spaceId: null,
        params: { link: `${APP_URL}/validate-new-email?token=tok-123` },
      });
      const mail = await until(() => smtp.received[0]);
      expect(mail.headers.get('x-isoptera-template')).toBe('email_change');
      expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail');
      expect(mail.text).toContain(`${APP_URL}/validate-new-email?token=tok-123`);
      expect(mail.html).toContain('>Isoptera</span>');
      expect(mail.from?.text).toContain('no-reply@isoptera.example');
    } finally {
      await platform?.stop();
      platform = undefined;
      await smtp.close();
    }
  });

  it('retries a delivery the SMTP server refused, and logs the failure', async () => {
    const smtp = await startSmtp({ refuseFirst: 1 });
    const { log, lines } = memoryLog();
    try {
      platform = createMailPlatform({
        config: configFor({ SMTP_URL: smtp.url }),
        db: database.db,
        log,
        retryDelaySeconds: 1,
        pollIntervalMs: 200,
      });
      await platform.start();
      await platform.enqueue({
        template: 'password_reset',
        to: 'retry.me@example.com',
        lang: 'en',
        spaceId,
        params: { link: `${APP_URL}/renew-password?token=xyz` },
      });
      const mail = await until(() => smtp.received[0], 15_000);
      expect(smtp.attempts()).toBe(2);
      expect(mail.subject).toBe('Reset your Isoptera password');
      const failure = lines.find((l) => l.level === 'warn');
      expect(failure?.message).toMatch(/retried/);
      expect(failure?.object).toMatchObject({ template: 'password_reset', to: 'retry.me@example.com', attempt: 1 });
    } finally {
      await platform?.stop();
      platform = undefined;
      await smtp.close();
    }
  }, 30_000);
});
