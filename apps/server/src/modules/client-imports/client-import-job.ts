/**
 * The background job of client imports (issue 13; docs/decisions/012): a pg-boss queue on the application's database
 * (platform/mail/job-database.ts), one job per started import, `{importId}` as data. Any instance's worker may take
 * it; the work is `ClientImportsService.run`, which saves its progress after each batch. A job that throws is retried
 * twice by pg-boss and goes on from the rows already done.
 */
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';

/** The pg-boss queue of client imports. */
export const CLIENT_IMPORT_QUEUE = 'client-import';

/** Retries of a job that failed (the import goes on from its last batch); the last failure marks it `failed`. */
const RETRY_LIMIT = 2;

/** The logger the job writes to (pino's signature). */
export interface ImportJobLog {
  error(object: object, message: string): void;
}

export interface ClientImportJob {
  /** Queues the import `importId`. */
  enqueue(importId: string): Promise<void>;
  /** Starts pg-boss and the worker, which calls `work` for each job (`lastTry`: pg-boss will not retry it). */
  start(work: (importId: string, lastTry: boolean) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export function createClientImportJob(options: {
  db: Db;
  log: ImportJobLog;
  /** How often the worker polls, in seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}): ClientImportJob {
  const { db, log, pollingIntervalSeconds = 1 } = options;
  const boss: PgBoss = createJobBoss(db);
  boss.on('error', (error: unknown) => log.error({ err: error }, 'client import job error'));
  let prepared: Promise<void> | undefined;
  const prepare = () => {
    prepared ??= (async () => {
      await boss.start();
      await boss.createQueue(CLIENT_IMPORT_QUEUE);
    })();
    return prepared;
  };

  return {
    async enqueue(importId) {
      await prepare();
      await boss.send(
        CLIENT_IMPORT_QUEUE,
        { importId },
        { retryLimit: RETRY_LIMIT, retryDelay: 5, expireInSeconds: 3600 },
      );
    },
    async start(work) {
      await prepare();
      await boss.work<{ importId: string }>(
        CLIENT_IMPORT_QUEUE,
        { pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          for (const job of jobs) await work(job.data.importId, job.retryCount >= job.retryLimit);
        },
      );
    },
    async stop() {
      if (!prepared) return;
      const starting = prepared;
      prepared = undefined;
      await starting.catch(() => {});
      await boss.stop({ graceful: false, close: false });
    },
  };
}
