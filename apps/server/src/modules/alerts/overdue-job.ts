/**
 * The "response target missed" e-mail (issue 15 "Alert → visit on a response clock"; docs/decisions/019): a pg-boss
 * cron job on the application's database that runs {@link notifyOverdueAlerts} every 5 minutes (once across
 * processes), like the communication check. Each alert whose clock runs past its due time is mailed to its space's
 * owner(s) **once**: a conditional `UPDATE … SET overdue_notified_at` claims it first, so two instances (or a retried
 * job) never mail it twice; a failed enqueue gives the claim back for the next run. Started with the app, except under
 * NODE_ENV=test where tests call {@link notifyOverdueAlerts} directly.
 */
import { LANGUAGES, type Language } from '@isoptera/contracts';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { accounts, alerts, clients, equipment, memberships, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { formatMailDateTime } from '../../platform/mail/mail-dates.js';
import type { CheckLog } from './communication-check-job.js';
import { dueAtSql, firstCheckInSql, targetHoursSql } from './response-clock.js';

/** The pg-boss queue of the job. */
export const OVERDUE_QUEUE = 'alert-response-overdue';
/** Every 5 minutes. */
export const OVERDUE_CRON = '*/5 * * * *';
/** Alerts handled per run at most (the next run takes the rest). */
const BATCH = 500;

const mailLanguage = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'fr';

/**
 * Mails the owner(s) of each space about its alerts whose response clock runs past the due time at `now` and that
 * were never mailed (active owners with `mail_notification` on, in their language and time zone). Answers how many
 * alerts were claimed. Throws the first enqueue failure after trying them all (those alerts are released).
 */
export async function notifyOverdueAlerts(
  deps: { db: Db; mail: MailQueue; appUrl: string },
  now = new Date(),
): Promise<{ notified: number }> {
  const { db, mail } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');
  const due = await db
    .select({
      id: alerts.id,
      spaceId: alerts.spaceId,
      siteId: alerts.siteId,
      type: alerts.type,
      openedAt: alerts.openedAt,
      dueAt: dueAtSql,
      targetHours: targetHoursSql,
      siteName: sites.name,
      clientName: clients.name,
      station: equipment.reference,
    })
    .from(alerts)
    .innerJoin(sites, eq(sites.id, alerts.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
    .where(
      and(
        isNull(alerts.closedAt),
        isNull(alerts.overdueNotifiedAt),
        lt(dueAtSql, now),
        sql`${firstCheckInSql} is null`,
      ),
    )
    .orderBy(asc(alerts.openedAt))
    .limit(BATCH);
  let notified = 0;
  let failure: unknown;
  for (const alert of due) {
    const claimed = await db
      .update(alerts)
      .set({ overdueNotifiedAt: now })
      .where(and(eq(alerts.id, alert.id), isNull(alerts.overdueNotifiedAt)))
      .returning({ id: alerts.id });
    if (!claimed.length) continue; // another instance has it
    notified++;
    const owners = await db
      .select({ email: accounts.email, lang: accounts.lang, timezone: accounts.timezone })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(
        and(
          eq(memberships.spaceId, alert.spaceId),
          eq(memberships.status, 'active'),
          eq(memberships.role, 'ROLE_PCO_SPACE_OWNER'),
          eq(accounts.mailNotification, true),
        ),
      )
      .orderBy(asc(accounts.email));
    try {
      for (const owner of owners) {
        const lang = mailLanguage(owner.lang);
        await mail.enqueue({
          template: 'response_target_missed',
          to: owner.email,
          lang,
          spaceId: alert.spaceId,
          params: {
            site: alert.siteName,
            client: alert.clientName,
            type: alert.type,
            station: alert.station ?? '',
            opened: formatMailDateTime(alert.openedAt, lang, owner.timezone),
            due: formatMailDateTime(alert.dueAt, lang, owner.timezone),
            target: String(alert.targetHours),
            link: `${appUrl}/sites/${alert.siteId}`,
          },
        });
      }
    } catch (error) {
      failure ??= error;
      notified--;
      await db.update(alerts).set({ overdueNotifiedAt: null }).where(eq(alerts.id, alert.id));
    }
  }
  if (failure) throw failure;
  return { notified };
}

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
