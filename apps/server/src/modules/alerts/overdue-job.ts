/**
 * The "response target missed" e-mail (issue 15 "Alert → visit on a response clock"; docs/decisions/019): a pg-boss
 * cron job on the application's database that runs {@link notifyOverdueAlerts} every 5 minutes (once across
 * processes), like the communication check. Each alert whose clock runs past its due time is mailed to its space's
 * owner(s) **once**: a conditional `UPDATE … SET overdue_notified_at` claims it first, so two instances (or a retried
 * job) never mail it twice; a failed enqueue gives the claim back for the next run. Started with the app, except under
 * NODE_ENV=test where tests call {@link notifyOverdueAlerts} directly.
 */
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { CheckLog } from './communication-check-job.js';
import { notifyOverdueAlerts } from './overdue.repository.js';

export { notifyOverdueAlerts };

/** The pg-boss queue of the job. */
export const OVERDUE_QUEUE = 'alert-response-overdue';
/** Every 5 minutes. */
export const OVERDUE_CRON = '*/5 * * * *';

export interface OverdueJob {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The cron job of {@link notifyOverdueAlerts} (pg-boss, UTC schedule, one worker across processes). */
export function createOverdueJob(options: {
  db: Db;
  mail: MailQueue;
  appUrl: string;
  log: CheckLog;
  /** How often the worker polls, in seconds (pg-boss minimum 0.5). Default 30. */
  pollingIntervalSeconds?: number;
}): OverdueJob {
  const { db, mail, appUrl, log, pollingIntervalSeconds = 30 } = options;
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'response overdue job error'));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(OVERDUE_QUEUE);
      await boss.schedule(OVERDUE_QUEUE, OVERDUE_CRON, {}, { tz: 'UTC' });
      await boss.work(OVERDUE_QUEUE, { pollingIntervalSeconds }, async () => {
        const { notified } = await notifyOverdueAlerts({ db, mail, appUrl });
        if (notified) log.info({ notified }, 'response targets missed: owners mailed');
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
