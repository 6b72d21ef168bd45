/**
 * The daily contract job (issue 13; docs/decisions/013): for every contract not yet expired, first renewal — a
 * contract past its last day is extended by its length when it renews automatically (its owner is e-mailed
 * `contract_renewed`), else it expires and its site moves to `STATUS_TO_CLOSE` — then the control visits due in the
 * next 30 days (`CONTRACT_VISIT_HORIZON_DAYS`), created through the interventions service so the site status rules of
 * docs/decisions/004 apply. Days are in the time zone of the space's owner.
 *
 * Idempotent and safe on several instances: each due day is claimed first in `contract_visits` (primary key
 * `(contract, due_date)`, `insert … on conflict do nothing`) and only the claimer creates the visit; a claimed day is
 * never planned again, even when its visit was moved or deleted. Renewal and expiry are conditional updates.
 * pg-boss runs the cron once a day across processes; `runContractJob` is callable from tests with their own clock.
 */
import { CONTRACT_VISIT_HORIZON_DAYS, LANGUAGES, type Language } from '@isoptera/contracts';
import type PgBoss from 'pg-boss';
import type { ContractRow } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { createJobBoss } from '../../platform/mail/job-database.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { formatMailDate } from '../../platform/mail/mail-dates.js';
import { startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import { interventionsServiceOn } from '../interventions/interventions.service.js';
import { addDays, dueDays } from './contract-schedule.js';
import { type ContractsRepository, createContractsRepository } from './contracts.repository.js';

/** The pg-boss queue of the job. */
export const CONTRACT_JOB_QUEUE = 'contract-visits-renewals';
/** Every day at 02:30 UTC. */
export const CONTRACT_JOB_CRON = '30 2 * * *';
/** The local time of a created visit: 09:00–10:00 on its day. */
const VISIT_START = '09:00:00';
const VISIT_END = '10:00:00';
/** Site statuses left as they are on expiry (already closing or closed). */
const CLOSING = new Set(['STATUS_TO_CLOSE', 'STATUS_PLANNED_CLOSING', 'STATUS_CLOSED']);

/** What a run did. */
export interface ContractJobResult {
  visitsCreated: number;
  renewed: number;
  expired: number;
}

/**
 * The last day of a contract renewed once: `[startDay, endDay]` repeated right after `endDay`. A length of whole
 * months (the start's day of month is the day after the end's) extends by months; any other by days.
 */
export function renewedEndDay(startDay: string, endDay: string): string {
  const next = addDays(endDay, 1);
  const [sy, sm, sd] = startDay.split('-').map(Number) as [number, number, number];
  const [ny, nm, nd] = next.split('-').map(Number) as [number, number, number];
  if (sd === nd) {
    const months = (ny - sy) * 12 + (nm - sm);
    const target = new Date(Date.UTC(ny, nm - 1 + months, nd));
    return addDays(target.toISOString().slice(0, 10), -1);
  }
  const days = Math.round((Date.UTC(ny, nm - 1, nd) - Date.UTC(sy, sm - 1, sd)) / 86_400_000);
  return addDays(endDay, days);
}

/** The job's work on `db`; `now` is its clock, `mail` the queue of the renewal mails. */
export function createContractPlanner(
  db: Db,
  { now = () => new Date(), mail }: { now?: () => Date; mail?: MailQueue },
) {
  const repository: ContractsRepository = createContractsRepository(db);
  const interventions = interventionsServiceOn(db, { now });

  /** The owner of `spaceId` as the actor the visits are created by (their zone is the space's), or undefined. */
  async function ownerActor(
    spaceId: string,
  ): Promise<
    { actor: Actor; owner: NonNullable<Awaited<ReturnType<ContractsRepository['space']>>>['owner'] } | undefined
  > {
    const space = await repository.space(spaceId);
    if (!space?.owner) return undefined;
    const lang = ((LANGUAGES as readonly string[]).includes(space.owner.lang) ? space.owner.lang : 'fr') as Language;
    return {
      owner: space.owner,
      actor: {
        accountId: space.owner.accountId,
        sessionId: 'contract-job',
        membershipId: space.owner.membershipId,
        spaceId,
        spaceType: 'pco',
        role: 'ROLE_PCO_SPACE_OWNER',
        timezone: space.owner.timezone,
        lang,
      },
    };
  }

  /** Renews or expires `contract` when past its last day; answers the contract as it stands, or null once expired. */
  async function renewal(
    contract: ContractRow,
    who: NonNullable<Awaited<ReturnType<typeof ownerActor>>>,
    today: string,
    result: ContractJobResult,
  ): Promise<ContractRow | null> {
    const zone = who.actor.timezone;
    const startDay = zonedDate(contract.startedAt, zone);
    let endDay = zonedDate(contract.endedAt, zone);
    if (endDay >= today) return contract;
    if (contract.autoRenewal && !contract.terminatedAt) {
      while (endDay < today) endDay = renewedEndDay(startDay, endDay);
      const endedAt = startOfZonedDay(endDay, zone);
      const changed = await repository.renew(contract.id, contract.endedAt, endedAt);
      if (!changed) return null; // another instance renewed it meanwhile
      result.renewed += 1;
      if (mail && who.owner) {
        const names = await repository.siteName(contract.siteId);
        const lang = who.actor.lang;
        await mail.enqueue({
          template: 'contract_renewed',
          to: who.owner.email,
          lang,
          spaceId: contract.spaceId,
          params: {
            reference: contract.reference,
            client: names?.client ?? '',
            site: names?.site ?? '',
            end: formatMailDate(endedAt, lang, zone),
          },
        });
      }
      return { ...contract, endedAt };
    }
    if (await repository.expire(contract.id, now())) {
      result.expired += 1;
      if (contract.siteId) {
        const site = await repository.findSite(contract.spaceId, contract.siteId);
        if (site && !CLOSING.has(site.status)) await repository.setSiteStatus(site.id, 'STATUS_TO_CLOSE');
      }
    }
    return null;
  }

  /** Creates the visits of `contract` due from today to today + 30 days that were never claimed. */
  async function plan(contract: ContractRow, actor: Actor, today: string, result: ContractJobResult): Promise<void> {
    if (!contract.visitRule || !contract.siteId) return;
    const zone = actor.timezone;
    const startDay = zonedDate(contract.startedAt, zone);
    const endDay = zonedDate(contract.endedAt, zone);
    let lastVisitDay: string | undefined;
    if (contract.visitRule.type === 'after_last_visit') {
      const last = await repository.lastCompletedVisit(contract.siteId);
      lastVisitDay = last ? zonedDate(last, zone) : undefined;
      // a day already planned after the last completed visit waits for that visit
      const [latestClaim] = await repository.claimedDueDates(contract.id);
      if (latestClaim && (!lastVisitDay || latestClaim > lastVisitDay)) return;
    }
    const days = dueDays(
      contract.visitRule,
      { startDay, endDay },
      { from: today, to: addDays(today, CONTRACT_VISIT_HORIZON_DAYS) },
      lastVisitDay,
    );
    const tomorrow = addDays(today, 1);
    for (const due of days) {
      if (!(await repository.claimDueDate(contract.id, due))) continue;
      // a visit starts later than now (SPEC §5): a day already begun is planned for tomorrow
      const day = due > today ? due : tomorrow;
      const body = {
        client: contract.clientId,
        site: contract.siteId,
        type: 'TYPE_CONTROL_VISIT' as const,
        interveners: contract.preferredTechnicianId ? [contract.preferredTechnicianId] : [],
        start_at: `${day} ${VISIT_START}`,
        end_at: `${day} ${VISIT_END}`,
        description: contract.reference,
        send_mail: false,
      };
      try {
        let visit: { ulid: string };
        try {
          visit = await interventions.create(actor, body);
        } catch {
          // the preferred technician left the space: the visit is created unassigned
          visit = await interventions.create(actor, { ...body, interveners: [] });
        }
        await repository.linkVisit(contract.id, due, visit.ulid);
        result.visitsCreated += 1;
      } catch (error) {
        await repository.releaseDueDate(contract.id, due);
        throw error;
      }
    }
  }

  async function runOn(contracts: ContractRow[]): Promise<ContractJobResult> {
    const result: ContractJobResult = { visitsCreated: 0, renewed: 0, expired: 0 };
    const owners = new Map<string, Awaited<ReturnType<typeof ownerActor>>>();
    for (const row of contracts) {
      if (!owners.has(row.spaceId)) owners.set(row.spaceId, await ownerActor(row.spaceId));
      const who = owners.get(row.spaceId);
      if (!who) continue;
      const today = zonedDate(now(), who.actor.timezone);
      const contract = await renewal(row, who, today, result);
      if (contract) await plan(contract, who.actor, today, result);
    }
    return result;
  }

  return {
    /** One run over every open contract of every space (or of `spaceId`). */
    run(spaceId?: string): Promise<ContractJobResult> {
      return repository.openContracts(spaceId).then(runOn);
    },
    /** The run for one contract (at its creation: its first visits appear at once). */
    async planContract(spaceId: string, contractId: string): Promise<void> {
      await runOn(await repository.openContracts(spaceId, contractId));
    },
  };
}
export type ContractPlannerJob = ReturnType<typeof createContractPlanner>;

/**
 * One run of the job on `db` at `now` (tests inject their clock); renewal mails go to `mail`. Answers what it did.
 */
export function runContractJob(db: Db, options: { now?: () => Date; mail?: MailQueue; spaceId?: string } = {}) {
  return createContractPlanner(db, options).run(options.spaceId);
}

/** The logger the job writes to (pino's signature). */
interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The pg-boss cron of the job: started with the app, except under NODE_ENV=test where tests run it directly. */
export function createContractJob(options: { db: Db; mail: MailQueue; log: JobLog }) {
  const { db, mail, log } = options;
  const boss: PgBoss = createJobBoss(db, { schedule: true });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'contract job error'));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(CONTRACT_JOB_QUEUE);
      await boss.schedule(CONTRACT_JOB_QUEUE, CONTRACT_JOB_CRON, {}, { tz: 'UTC' });
      await boss.work(CONTRACT_JOB_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
        const result = await runContractJob(db, { mail });
        log.info({ ...result }, 'contract job done');
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
