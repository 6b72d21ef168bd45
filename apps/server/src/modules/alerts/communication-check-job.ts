/**
 * The periodic communication check (issue 5 "Alerts": no uplink for twice the expected interval): a pg-boss cron job
 * on the application's database that runs {@link AlertEngine.checkCommunication} every 15 minutes (once across
 * processes). Started with the app, except under NODE_ENV=test where tests call the engine directly.
 */
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import type { AlertEngine } from './alert-engine.js';

/** The pg-boss queue of the check. */
export const COMMUNICATION_CHECK_QUEUE = 'alert-communication-check';
/** Every 15 minutes. */
export const COMMUNICATION_CHECK_CRON = '*/15 * * * *';

/** The logger the job writes to (pino's signature). */
export interface CheckLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface CommunicationCheckJob {
  /** Starts pg-boss with cron scheduling, (re)declares the schedule and starts the worker. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCommunicationCheckJob(options: {
  db: Db;
  engine: AlertEngine;
  log: CheckLog;
  /** How often the worker polls, in seconds (pg-boss minimum 0.5). Default 30. */
  pollingIntervalSeconds?: number;
}): CommunicationCheckJob {
  const { db, engine, log, pollingIntervalSeconds = 30 } = options;
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'communication check job error'));
  let started = false;

  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(COMMUNICATION_CHECK_QUEUE);
      await boss.schedule(COMMUNICATION_CHECK_QUEUE, COMMUNICATION_CHECK_CRON, {}, { tz: 'UTC' });
      await boss.work(COMMUNICATION_CHECK_QUEUE, { pollingIntervalSeconds }, async () => {
        const { opened } = await engine.checkCommunication();
        if (opened) log.info({ opened }, 'communication alerts opened');
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
