/**
 * The daily purge of closed spaces (SPEC §2.7 "Space settings", issue 4): a pg-boss cron job on the application's
 * database (platform/mail/job-database.ts) that deletes the spaces closed more than SPACE_RETENTION_DAYS days ago
 * with all their data ({@link purgeClosedSpaces}). pg-boss's cron runs the job once a day across processes.
 */
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import { createSpaceParametersRepository } from './space-parameters.repository.js';
import { purgeClosedSpaces } from './space-parameters.service.js';

/** The pg-boss queue of the purge. */
export const SPACE_PURGE_QUEUE = 'space-purge';
/** Every day at 03:17 UTC. */
export const SPACE_PURGE_CRON = '17 3 * * *';

/** The logger the job writes to (pino's signature). */
export interface PurgeLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SpacePurgeJob {
  /** Starts pg-boss with cron scheduling, (re)declares the daily schedule and starts the worker. */
  start(): Promise<void>;
  /** Asks for a purge now (the worker runs it as soon as it polls). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function createSpacePurgeJob(options: {
  db: Db;
  log: PurgeLog;
  /** How often the worker polls, in seconds (pg-boss minimum 0.5). Default 60. */
  pollingIntervalSeconds?: number;
  /** Clock of the purge (tests). */
  now?: () => Date;
}): SpacePurgeJob {
  const { db, log, pollingIntervalSeconds = 60, now = () => new Date() } = options;
  const repository = createSpaceParametersRepository(db);
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'space purge job error'));
  let started = false;

  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(SPACE_PURGE_QUEUE);
      await boss.schedule(SPACE_PURGE_QUEUE, SPACE_PURGE_CRON, {}, { tz: 'UTC' });
      await boss.work(SPACE_PURGE_QUEUE, { pollingIntervalSeconds }, async () => {
        const purged = await purgeClosedSpaces(repository, now());
        if (purged.length) log.info({ spaces: purged }, 'closed spaces purged');
      });
    },
    async runNow() {
      await boss.send(SPACE_PURGE_QUEUE, {});
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
