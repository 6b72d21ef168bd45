/**
 * Service contracts (SPEC §3 "Contract", §5 "Contract", §8 "Contract"; issue 13; docs/decisions/013). The PCO action
 * reads and writes them (the routes' access); another space's contract answers 404 `contract_not_found`.
 *
 * Days: a contract's `started_at` / `ended_at` are calendar days in the time zone of the space's owner (the space has
 * no zone of its own), stored as the first instant of that day. Creating a contract also creates, at once, the
 * control visits due in the next 30 days ({@link ContractPlanner.planContract}): what the daily job would do the
 * next night, and what the user expects to see in the planning.
 */
import {
  CONTRACT_DOCUMENT_MAX_BYTES,
  type ContractBody,
  type ContractCollection,
  type ContractDetail,
  type ContractInput,
  type ContractListQuery,
  type DueVisitList,
  iri,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { type ExpectedVersions, editConflict } from '../../platform/db/versions.js';
import { AppError, notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import type { Versioned } from '../../platform/http/entity-tag.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import { formatZoned, startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import { isValidRRule } from './contract-schedule.js';
import type { ContractRecord, ContractsRepository, ContractValues } from './contracts.repository.js';
import { contractResource } from './contracts.resource.js';

/** The currency of a space's country besides EUR (docs/decisions/013); unknown countries use EUR only. */
const COUNTRY_CURRENCY: Record<string, string> = { JP: 'JPY', US: 'USD', GB: 'GBP', CH: 'CHF', BR: 'BRL' };

/** `true` when `bytes` is a PDF by content: it starts with `%PDF-` (the magic number), whatever its name says. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** Plans the due visits of one contract now (the job's planner, see contract-job.ts). */
export interface ContractPlanner {
  planContract(spaceId: string, contractId: string): Promise<void>;
}

/** Creates the contracts service; `now` is the clock of the day rules, `planner` creates the due visits. */
export function createContractsService(
  repository: ContractsRepository,
  { now = () => new Date(), planner }: { now?: () => Date; planner?: ContractPlanner } = {},
) {
  /** The owner's zone of the actor's space and today there. Throws 404 `pco_not_found` for a non-PCO space. */
  async function spaceOf(actor: Actor) {
    const space = await repository.space(actor.spaceId);
    if (!space) throw notFound('pco_not_found');
    const zone = space.owner?.timezone ?? actor.timezone;
    return { space, zone, today: zonedDate(now(), zone) };
  }

  async function found(actor: Actor, id: string): Promise<ContractRecord> {
    const row = await repository.find(actor.spaceId, id);
    if (!row) throw notFound('contract_not_found');
    return row;
  }

  /**
   * Checks `body` against the space and SPEC §5; `checkStart(day)` says whether the start must be today or later.
   * Throws 422 with every violation.
   */
  async function validated(
    actor: Actor,
    body: ContractInput,
    zone: string,
    today: string,
    country: string | null,
    checkStart: (day: string) => boolean,
  ): Promise<ContractValues> {
    const violations: RawViolation[] = [];
    const [site, technicianOk] = await Promise.all([
      repository.findSite(actor.spaceId, body.site),
      body.preferred_technician ? repository.isTechnician(actor.spaceId, body.preferred_technician) : true,
    ]);
    if (!site) violations.push({ propertyPath: 'site', code: 'site_invalid' });
    if (!technicianOk) violations.push({ propertyPath: 'preferred_technician', code: 'preferred_technician_invalid' });
    const startValid = isRealDay(body.started_at);
    if (!startValid || (checkStart(body.started_at) && body.started_at < today)) {
      violations.push({ propertyPath: 'started_at', code: 'started_at_invalid' });
    }
    if (!isRealDay(body.ended_at) || body.ended_at <= body.started_at) {
      violations.push({ propertyPath: 'ended_at', code: 'ended_at_invalid' });
    }
    if (body.visit_rule?.type === 'rrule' && !isValidRRule(body.visit_rule.rrule, body.started_at)) {
      violations.push({ propertyPath: 'visit_rule', code: 'visit_rule_invalid' });
    }
    const allowed = new Set(['EUR', COUNTRY_CURRENCY[(country ?? '').toUpperCase()] ?? 'EUR']);
    if (!allowed.has(body.currency)) violations.push({ propertyPath: 'currency', code: 'currency_invalid' });
    if (violations.length || !site) throw validationFailed(...violations);
    return {
      siteId: site.id,
      clientId: site.clientId,
      reference: body.reference,
      startedAt: startOfZonedDay(body.started_at, zone),
      endedAt: startOfZonedDay(body.ended_at, zone),
      notes: body.notes,
      visitRule: body.visit_rule,
      visitWindowDays: body.visit_window_days,
      preferredTechnicianId: body.preferred_technician,
      price: body.price,
      currency: body.currency,
      billingPeriod: body.billing_period,
      autoRenewal: body.auto_renewal,
      noticePeriodDays: body.notice_period_days,
      warrantyYears: body.warranty_years,
    };
  }

  async function detail(actor: Actor, id: string): Promise<ContractDetail> {
    const { zone, today } = await spaceOf(actor);
    return contractResource(await found(actor, id), actor, zone, today);
  }

  return {
    /**
     * `GET /api/contracts`: the space's contracts, soonest end first, filtered by site, client and state (today in
     * the owner's zone); a hydra collection whose links keep the query of `url`.
     */
    async list(actor: Actor, query: ContractListQuery, url: string): Promise<ContractCollection> {
      const { zone, today } = await spaceOf(actor);
      const window = pageWindow(query);
      const ulidOf = (value: string | undefined) => value?.split('/').pop() || undefined;
      const page = await repository.list(
        actor.spaceId,
        {
          siteId: ulidOf(query.site),
          clientId: ulidOf(query.client),
          state: query.state,
          today: startOfZonedDay(today, zone),
        },
        window,
      );
      const members = page.rows.map((row) => contractResource(row, actor, zone, today));
      return hydraCollection(url, members, page.total, window, 'Contract');
    },

    /** `GET /api/contracts/{ulid}`. Throws 404 `contract_not_found`. */
    /** `GET /api/contracts/{ulid}` and the contract's version (its `ETag`). Throws 404 `contract_not_found`. */
    async get(actor: Actor, id: string): Promise<Versioned<ContractDetail>> {
      const { zone, today } = await spaceOf(actor);
      const record = await found(actor, id);
      return { body: contractResource(record, actor, zone, today), version: record.contract.version };
    },

    /** The `PUT` body of contract `id` as it stands (what `PATCH` applies its merge patch to). Throws 404. */
    async current(actor: Actor, id: string): Promise<ContractBody> {
      const { zone } = await spaceOf(actor);
      const { contract: c } = await found(actor, id);
      return {
        site: c.siteId ? iri('sites', c.siteId) : '',
        reference: c.reference,
        started_at: zonedDate(c.startedAt, zone),
        ended_at: zonedDate(c.endedAt, zone),
        notes: c.notes,
        visit_rule: c.visitRule,
        visit_window_days: c.visitWindowDays,
        preferred_technician: c.preferredTechnicianId ? iri('user_pcos', c.preferredTechnicianId) : null,
        price: c.price,
        currency: c.currency as ContractInput['currency'],
        billing_period: c.billingPeriod as ContractInput['billing_period'],
        auto_renewal: c.autoRenewal,
        notice_period_days: c.noticePeriodDays,
        warranty_years: c.warrantyYears,
      };
    },

    /**
     * `POST /api/contracts`: validates (SPEC §5: start today or later), stores, and creates the control visits due
     * in the next 30 days. Throws 422, 404 `pco_not_found`.
     */
    async create(actor: Actor, body: ContractInput): Promise<ContractDetail> {
      const { space, zone, today } = await spaceOf(actor);
      const values = await validated(actor, body, zone, today, space.country, () => true);
      const id = newUlid();
      await repository.insert(actor.spaceId, id, values);
      if (planner) await planner.planContract(actor.spaceId, id);
      return detail(actor, id);
    },

    /**
     * `PUT /api/contracts/{ulid}`: replaces every field; the start is only checked against today when it changes.
     * `expected`: the versions `If-Match` accepts; answers the contract and its new version (its `ETag`). Throws 404
     * `contract_not_found`, 412 `edit_conflict` (nothing changed), 422.
     */
    async update(
      actor: Actor,
      id: string,
      body: ContractInput,
      expected?: ExpectedVersions,
    ): Promise<Versioned<ContractDetail>> {
      const { space, zone, today } = await spaceOf(actor);
      const current = await found(actor, id);
      const startDay = zonedDate(current.contract.startedAt, zone);
      const values = await validated(actor, body, zone, today, space.country, (day) => day !== startDay);
      const version = await repository.update(actor.spaceId, id, { ...values }, expected);
      if (version === undefined) throw expected ? editConflict() : notFound('contract_not_found');
      return { body: await detail(actor, id), version };
    },

    /** `DELETE /api/contracts/{ulid}`: the visits it created stay. Throws 404 `contract_not_found`. */
    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await repository.remove(actor.spaceId, id))) throw notFound('contract_not_found');
    },

    /**
     * `POST /api/contracts/{ulid}/end`: the contract ends on `endDay` (from its start to its current end), is marked
     * terminated and is never renewed. Throws 404, 422 `ended_at_invalid`.
     */
    async end(actor: Actor, id: string, endDay: string): Promise<ContractDetail> {
      const { zone } = await spaceOf(actor);
      const { contract: c } = await found(actor, id);
      if (!isRealDay(endDay) || endDay < zonedDate(c.startedAt, zone) || endDay > zonedDate(c.endedAt, zone)) {
        throw validationFailed({ propertyPath: 'ended_at', code: 'ended_at_invalid' });
      }
      await repository.update(actor.spaceId, id, { endedAt: startOfZonedDay(endDay, zone), terminatedAt: now() });
      return detail(actor, id);
    },

    /**
     * `POST /api/contracts/{ulid}/document`: stores `bytes` as the signed PDF (replacing the previous one). Throws
     * 404, 422 `document_invalid` (no file, or not a PDF by content), 413 past 10 MB.
     */
    async uploadDocument(actor: Actor, id: string, bytes: Buffer | null) {
      await found(actor, id);
      if (bytes && bytes.length > CONTRACT_DOCUMENT_MAX_BYTES) throw new AppError('payload_too_large');
      if (!bytes || !isPdf(bytes)) throw validationFailed({ propertyPath: 'file', code: 'document_invalid' });
      const at = now();
      await repository.putDocument(id, bytes, at);
      return {
        size: bytes.length,
        uploaded_at: formatZoned(at, actor.timezone),
        url: `${iri('contracts', id)}/document`,
      };
    },

    /** `GET /api/contracts/{ulid}/document`: the PDF and a file name. Throws 404 (contract or document). */
    async readDocument(actor: Actor, id: string): Promise<{ bytes: Buffer; filename: string }> {
      const { contract } = await found(actor, id);
      const bytes = await repository.readDocument(id);
      if (!bytes) throw notFound('contract_document_not_found');
      const safe = contract.reference.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'contract';
      return { bytes, filename: `contract-${safe}.pdf` };
    },

    /** `DELETE /api/contracts/{ulid}/document`. Throws 404 (contract or document). */
    async removeDocument(actor: Actor, id: string): Promise<void> {
      await found(actor, id);
      if (!(await repository.removeDocument(id))) throw notFound('contract_document_not_found');
    },

    /** `GET /api/contract_due_visits`: the contract visits needing attention (unassigned or overdue), at most 50. */
    async dueVisits(actor: Actor, url: string): Promise<DueVisitList> {
      const { zone, today } = await spaceOf(actor);
      const rows = await repository.dueVisits(actor.spaceId, now(), startOfZonedDay(today, zone));
      const members = rows.map((row) => ({
        '@id': iri('interventions', row.interventionId),
        '@type': 'DueVisit' as const,
        ulid: row.interventionId,
        due_date: row.dueDate,
        start_at: formatZoned(row.startAt, actor.timezone),
        reason: row.overdue ? ('overdue' as const) : ('unassigned' as const),
        contract: { ulid: row.contractId, reference: row.reference },
        site: { ulid: row.siteId, name: row.siteName },
        client: { ulid: row.clientId, name: row.clientName },
      }));
      return hydraCollection(url, members, members.length, { page: 1, limit: 50, offset: 0 }, 'DueVisit');
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;

/** Whether `day` (`YYYY-MM-DD`) exists in the calendar (not `2026-02-30`). */
function isRealDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
