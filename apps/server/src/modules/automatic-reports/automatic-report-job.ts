/**
 * The automatic reports job (issue 15; docs/decisions/018): a pg-boss cron every 15 minutes (once across instances)
 * that builds the periodic reports that fell due (each site's schedule in its space's time zone) and the equipment
 * notices of gateways silent for more than 24 h. Started with the app, except under NODE_ENV=test where tests call
 * the builder with their own clock. A retried or overlapping run inserts nothing twice (the builder's unique key).
 */
import type PgBoss from 'pg-boss';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import type { AutomaticReportBuilder } from './automatic-reports.builder.js';

/** The pg-boss queue of the job. */
export const AUTOMATIC_REPORTS_QUEUE = 'automatic-reports';
/** Every 15 minutes: a due hour is met within its first quarter, in zones with a half-hour offset too. */
export const AUTOMATIC_REPORTS_CRON = '*/15 * * * *';

export interface AutomaticReportJobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createAutomaticReportJob(options: {
  db: Db;
  builder: AutomaticReportBuilder;
  log: AutomaticReportJobLog;
  pollingIntervalSeconds?: number;
}) {
  const { db, builder, log, pollingIntervalSeconds = 30 } = options;
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'automatic reports job error'));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(AUTOMATIC_REPORTS_QUEUE);
      await boss.schedule(AUTOMATIC_REPORTS_QUEUE, AUTOMATIC_REPORTS_CRON, {}, { tz: 'UTC' });
      await boss.work(AUTOMATIC_REPORTS_QUEUE, { pollingIntervalSeconds }, async () => {
        const at = new Date();
        const periodic = await builder.runPeriodic(at);
        const notices = await builder.gatewayNotices(at);
        if (periodic.built || notices) log.info({ ...periodic, notices }, 'automatic reports built');
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
