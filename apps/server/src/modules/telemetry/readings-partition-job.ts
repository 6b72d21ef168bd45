/**
 * The readings partition job (issue 16 "Telemetry at scale"; docs/decisions/025): a pg-boss cron once a day (once
 * across instances), and once when the app starts, that makes the month partitions of `readings` ahead of time and
 * drops the months past the retention setting (`READINGS_RETENTION_MONTHS`), see db/readings-store.ts. Started with
 * the app, except under NODE_ENV=test where tests call `maintainReadingPartitions` with their own clock. A missed run
 * loses nothing: readings of a month without its partition go to the default partition, which the next run empties.
 */
import type PgBoss from 'pg-boss';
import { maintainReadingPartitions } from '../../db/readings-store.js';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';

/** The pg-boss queue of the job. */
export const READINGS_PARTITIONS_QUEUE = 'readings-partitions';
/** Every day at 02:17 UTC. */
export const READINGS_PARTITIONS_CRON = '17 2 * * *';

export interface ReadingsPartitionJobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createReadingsPartitionJob(options: {
  db: Db;
  /** `READINGS_RETENTION_MONTHS`; null keeps every reading. */
  retentionMonths: number | null;
  log: ReadingsPartitionJobLog;
  pollingIntervalSeconds?: number;
}) {
  const { db, retentionMonths, log, pollingIntervalSeconds = 30 } = options;
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'readings partition job error'));
  let started = false;
  const run = async () => {
    const { created, dropped } = await maintainReadingPartitions(db, retentionMonths, new Date());
    if (created.length || dropped.length) log.info({ created, dropped }, 'readings partitions maintained');
  };
  return {
    async start() {
      // before the first cron: a deployment that was down at the turn of a month gets its partition now
      await run().catch((error: unknown) => log.error({ err: error }, 'readings partition maintenance failed'));
      await boss.start();
      started = true;
      await boss.createQueue(READINGS_PARTITIONS_QUEUE);
      await boss.schedule(READINGS_PARTITIONS_QUEUE, READINGS_PARTITIONS_CRON, {}, { tz: 'UTC' });
      await boss.work(READINGS_PARTITIONS_QUEUE, { pollingIntervalSeconds }, run);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
