/**
 * `npm run bench:automatic-reports -w @isoptera/server` (part of `npm run bench`): the monthly automatic-report job
 * for 10 000 sites on PostgreSQL (issue 15 "`npm run bench`: the monthly automatic-report job for 10 000 sites (time,
 * peak memory)").
 *
 * Needs `DATABASE_URL` (a scratch database `<name>_bench_autoreports` is created, migrated and dropped). Seeds with
 * `generate_series` one PCO (Europe/Paris) whose schedule is monthly on the 1st at 08:00, one client, and
 * `BENCH_AUTOREPORT_SITES` sites (default 10 000), each with a gateway and 3 stations, October's daily readings of
 * one station per site (one site in five with termite activity over the threshold on a few days), an alert answered
 * by a checked-in visit on one site in ten. Then runs the job as pg-boss would on 1 November 2026 at 08:10 Paris time
 * (`runPeriodic`), and once more (the retry: nothing to build). Prints the seeding time, the run's time, the reports
 * built, and the peak resident memory of the process (sampled every 20 ms; `--expose-gc` collects before the run).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createAutomaticReportBuilder } from '../src/modules/automatic-reports/automatic-reports.builder.js';
import { openPostgres } from '../src/platform/db/database.js';
import { setSchedule } from '../test/automatic-report-factories.js';
import { createMember, createSpace } from '../test/factories.js';
import { insertClientWithContact } from '../test/report-factories.js';
import { adminQuery, withDatabase } from '../test/test-database.js';

const SITES = Number(process.env.BENCH_AUTOREPORT_SITES ?? 10_000);
/** 1 November 2026, 08:10 in Paris: October's report is due. */
const RUN_AT = new Date('2026-11-01T07:10:00Z');

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (PostgreSQL)');
  const name = `${new URL(url).pathname.slice(1) || 'postgres'}_bench_autoreports`;
  await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const database = openPostgres(withDatabase(url, name), 4);
  try {
    const { db } = database;
    await database.migrate();
    console.log(
      `Monthly automatic reports, ${SITES} sites on PostgreSQL (node ${process.version}, ${os.cpus().length} CPUs, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(',')})`,
    );
    const s0 = performance.now();
    const spaceId = await createSpace(db, 'pco');
    await createMember(db, spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Europe/Paris' });
    const clientId = await insertClientWithContact(db, spaceId, 'Client du banc', 'banc@client.example');
    await setSchedule(db, spaceId, { frequency: 'monthly', month_day: 1, hour: 8 });
    await db.execute(sql`
      insert into sites (id, space_id, client_id, name, address_label, area, status)
      select 'S' || lpad(g::text, 25, '0'), ${spaceId}, ${clientId}, 'Site ' || g, g || ' rue du Banc, Bordeaux', 100,
             'STATUS_IN_OPERATION'
      from generate_series(1, ${SITES}) g`);
    await db.execute(sql`
      insert into equipment (id, space_id, site_id, gateway_id, kind, reference, serial_number, state, battery_level,
                             battery_percent, signal_level, last_update_at)
      select case when k = 0 then 'G' else 'E' end || lpad((g * 4 + k)::text, 25, '0'), ${spaceId},
             'S' || lpad(g::text, 25, '0'), null, case when k = 0 then 'gateway' else 'igs' end,
             case when k = 0 then 'GW-01' else 'IGS-0' || k end, 'BENCH-' || g || '-' || k, 1,
             case when k = 3 and g % 7 = 0 then 'Low' else 'Operational' end, case when k = 3 and g % 7 = 0 then 9 else 80 end,
             -95, '2026-10-31T20:00:00Z'::timestamptz
      from generate_series(1, ${SITES}) g, generate_series(0, 3) k`);
    await db.execute(sql`
      insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level, battery_percent,
                            signal_level, state)
      select 'E' || lpad((g * 4 + 1)::text, 25, '0'), '2026-10-01T04:00:00Z'::timestamptz + (d || ' days')::interval,
             case when g % 5 = 0 and d between 10 and 13 then 55 else (g + d) % 9 end, 0, 'Operational', 80, -95, 1
      from generate_series(1, ${SITES}) g, generate_series(0, 30) d`);
    await db.execute(sql`
      insert into alerts (id, space_id, site_id, equipment_id, type, priority, opened_at, closed_at, close_reason)
      select 'A' || lpad(g::text, 25, '0'), ${spaceId}, 'S' || lpad(g::text, 25, '0'),
             'E' || lpad((g * 4 + 1)::text, 25, '0'), 'TYPE_TERMITE_ALERT', 20, '2026-10-11T05:00:00Z',
             '2026-10-15T05:00:00Z', 'cleared'
      from generate_series(10, ${SITES}, 10) g`);
    await db.execute(sql`
      insert into reports (id, space_id, site_id, client_id, type, status, visit_started_at, visit_ended_at,
                           checked_in_at, language)
      select 'R' || lpad(g::text, 25, '0'), ${spaceId}, 'S' || lpad(g::text, 25, '0'), ${clientId},
             'TYPE_CONTROL_VISIT', 'sent', '2026-10-12T08:00:00Z', '2026-10-12T09:00:00Z', '2026-10-12T08:00:00Z', 'fr'
      from generate_series(10, ${SITES}, 10) g`);
    await db.execute(sql`analyze`);
    const seeded = performance.now() - s0;

    const builder = createAutomaticReportBuilder({ db });
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const first = await builder.runPeriodic(RUN_AT);
    const t1 = performance.now();
    const retry = await builder.runPeriodic(new Date(RUN_AT.getTime() + 15 * 60_000));
    const t2 = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log('');
    console.log(
      '| sites | seed s | run s | reports built | retry s | retry built | peak RSS above start MB | peak RSS MB |',
    );
    console.log('| --: | --: | --: | --: | --: | --: | --: | --: |');
    console.log(
      `| ${SITES} | ${(seeded / 1000).toFixed(1)} | ${((t1 - t0) / 1000).toFixed(2)} | ${first.built} | ` +
        `${((t2 - t1) / 1000).toFixed(2)} | ${retry.built} | ${mb(peak - base)} | ${mb(peak)} |`,
    );
    if (first.built !== SITES || retry.built !== 0) throw new Error('expected one report per site, none on the retry');
  } finally {
    await database.close();
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
