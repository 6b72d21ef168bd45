/**
 * The mail platform (ARCHITECTURE §2 "Mail", issue 3 "Mail"): `enqueue` puts a pg-boss job on the `mail` queue
 * (never delivers inside the request); the worker started with the app takes jobs, renders them in the
 * recipient's language with the space's branding (mail-render.ts) and delivers them (mail-transport.ts: SMTP when
 * `SMTP_URL` is set, else `.eml` files in `DATA_DIR/mail`). A failed delivery is retried by pg-boss with
 * exponential backoff (5 retries: about 5, 10, 20, 40, 80 s by default, with jitter); each failure is logged.
 * A delivered or abandoned job is deleted at once: the codes and links it carries do not stay in the database.
 */
import path from 'node:path';
import type { Language } from '@isoptera/contracts';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../db/database.js';
import { createJobBoss, installJobQueues } from './job-database.js';
import type { MailAttachmentRef, MailQueue, MailRequest } from './mail.js';
import { findMailSpace, findReportPdf } from './mail.repository.js';
import { mailBranding, renderMail } from './mail-render.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

/** The pg-boss queue of outgoing mail. */
export const MAIL_QUEUE = 'mail';
/** Retries after the first attempt. */
export const MAIL_RETRY_LIMIT = 5;

/** The logger the platform writes to (pino's signature: object first, then message). */
export interface MailLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailPlatform extends MailQueue {
  /** Installs the job schema if needed and starts the worker. */
  start(): Promise<void>;
  /** Stops the worker after the delivery in progress, if any. */
  stop(): Promise<void>;
}

export interface MailPlatformOptions {
  config: Config;
  db: Db;
  log?: MailLog;
  /** First retry delay in seconds, doubled at each retry (pg-boss backoff, with jitter). Default 5. */
  retryDelaySeconds?: number;
  /** How often the worker looks for due jobs (retries, jobs of other processes), in ms. Default 500. */
  pollIntervalMs?: number;
  /** Replaces the transport built from `config` (tests). */
  transport?: MailTransport;
}

const silent: MailLog = { info() {}, warn() {}, error() {} };

/** Creates (or migrates) the job schema and the mail queue on `db` ahead of time (migrated test templates). */
export function installMailQueue(db: Db): Promise<void> {
  return installJobQueues(db, [MAIL_QUEUE]);
}

export function createMailPlatform({
  config,
  db,
  log = silent,
  retryDelaySeconds = 5,
  pollIntervalMs = 500,
  transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    log: (line) => log.info({}, line),
  }),
}: MailPlatformOptions): MailPlatform {
  const boss = createJobBoss(db);
  boss.on('error', (error: unknown) => log.error({ err: error }, 'mail queue error'));

  let prepared: Promise<void> | undefined;
  /** Starts pg-boss (schema check or creation) and makes sure the queue exists; once. */
  const prepare = () => {
    prepared ??= (async () => {
      await boss.start();
      await boss.createQueue(MAIL_QUEUE);
    })();
    return prepared;
  };

  let stopping = false;
  let loop: Promise<void> | undefined;
  /** Set by `enqueue`: look for jobs again before sleeping. */
  let pending = false;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollIntervalMs);
      timer.unref();
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeUp = undefined;
    });

  /** The bytes of an attachment of a mail of `spaceId`; throws when it is missing (the delivery is retried). */
  async function attachment(spaceId: string | null, ref: MailAttachmentRef) {
    const content = spaceId ? await findReportPdf(db, spaceId, ref.id) : undefined;
    if (!content) throw new Error(`attachment ${ref.kind} ${ref.id} not found`);
    return { filename: ref.filename, content, contentType: 'application/pdf' };
  }

  /** Renders and delivers one mail, its attachments loaded now; throws when one is missing or the transport refuses. */
  async function deliver(request: MailRequest): Promise<void> {
    const space = request.spaceId ? await findMailSpace(db, request.spaceId) : null;
    const lang = request.lang as Language;
    const rendered = renderMail(request, mailBranding(space, config.appUrl, lang));
    const attachments = await Promise.all((request.attachments ?? []).map((ref) => attachment(request.spaceId, ref)));
    await transport.send({
      from: config.mailFrom,
      to: request.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: { 'X-Isoptera-Template': request.template },
      ...(attachments.length ? { attachments } : {}),
    });
  }

  async function handle(job: PgBoss.JobWithMetadata<MailRequest>): Promise<void> {
    const about = { template: job.data.template, to: job.data.to, attempt: job.retryCount + 1 };
    try {
      await deliver(job.data);
      await boss.deleteJob(MAIL_QUEUE, job.id);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) {
        log.error({ ...about, err: error }, 'mail abandoned after its last attempt');
        await boss.deleteJob(MAIL_QUEUE, job.id).catch(() => {});
        return;
      }
      log.warn({ ...about, err: error }, 'mail delivery failed; it will be retried');
      const message = error instanceof Error ? error.message : String(error);
      await boss.fail(MAIL_QUEUE, job.id, { message }).catch((e: unknown) => log.error({ err: e }, 'mail job'));
    }
  }

  async function work(): Promise<void> {
    while (!stopping) {
      pending = false;
      let jobs: PgBoss.JobWithMetadata<MailRequest>[] = [];
      try {
        jobs = await boss.fetch<MailRequest>(MAIL_QUEUE, { batchSize: 10, includeMetadata: true });
      } catch (error) {
        log.error({ err: error }, 'mail queue fetch failed');
      }
      for (const job of jobs) await handle(job);
      if (!jobs.length && !pending && !stopping) await sleep();
    }
  }

  return {
    /** Puts `request` on the queue; resolves once it is stored (the worker delivers it). */
    async enqueue(request: MailRequest) {
      await prepare();
      await boss.send(MAIL_QUEUE, request, {
        retryLimit: MAIL_RETRY_LIMIT,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: 300,
      });
      wake();
    },
    async start() {
      await prepare();
      stopping = false;
      loop ??= work();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
      loop = undefined;
      if (prepared) {
        await prepared.catch(() => {});
        await boss.stop({ graceful: false, close: false });
      }
      transport.close();
    },
  };
}
