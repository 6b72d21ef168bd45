/**
 * Visit reports, reading and editing (issue 12; SPEC §2.7 "Reports", §4 "Reports", §8 "Report 404";
 * docs/decisions/010): the two lists with their counts, one report, and the edit of a report to process — visit
 * dates, language, texts, customer signature name or absence, station checks (with the sensor reading at the new
 * end of the visit) and product uses (with snapshots of the product and the applicator). The transitions are in
 * report-lifecycle.service.ts, photos in report-photos.service.ts.
 */
import {
  LANGUAGES,
  type Language,
  type Report,
  type ReportCollection,
  type ReportListQuery,
  type ReportUpdateBody,
  type reportUpdateBody,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { type ExpectedVersions, editConflict } from '../../platform/db/versions.js';
import { AppError, notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import type { Versioned } from '../../platform/http/entity-tag.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { parseDateTimeInput, startOfZonedDay } from '../../platform/time/zoned.js';
import { productUseSnapshot, stationCheckSnapshot } from './report-snapshots.js';
import type { MemberSnapshot, ReportSourcesRepository, StationAtVisit } from './report-sources.repository.js';
import type { ReportDetail, ReportsRepository } from './reports.repository.js';
import { reportListItem, reportResource } from './reports.resource.js';
import type { ReportsListQueries } from './reports-list.repository.js';
import { showsActivity, statusOnControlEdit } from './site-completion.js';

/** A parsed `PUT` body (references reduced to ULIDs by the contract). */
export type ReportUpdateInput = z.output<typeof reportUpdateBody>;

/** What the reading and editing service works with. */
export interface ReportsServiceDeps {
  repository: ReportsRepository;
  list: ReportsListQueries;
  sources: ReportSourcesRepository;
  /** The clock of "the visit is over" (tests set it). */
  now?: () => Date;
}

/**
 * The language and time zone of the space's documents: its owner's (the first active PCO owner), else the actor's.
 * A site has no time zone of its own; the owner's is the PCO's.
 */
export async function spacePreferences(
  sources: ReportSourcesRepository,
  actor: Actor,
): Promise<{ lang: Language; timeZone: string }> {
  const owner = await sources.ownerPreferences(actor.spaceId);
  const lang = owner && (LANGUAGES as readonly string[]).includes(owner.lang) ? (owner.lang as Language) : actor.lang;
  return { lang, timeZone: owner?.timezone ?? actor.timezone };
}

/** Report `id` of the actor's space with every child. Throws 404 `report_not_found` (unknown or another space). */
export async function loadReport(repository: ReportsRepository, actor: Actor, id: string): Promise<ReportDetail> {
  const report = await repository.detail(actor.spaceId, id);
  if (!report) throw notFound('report_not_found');
  return report;
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Creates the reading and editing service of reports (see the module's doc). */
export function createReportsService({ repository, list, sources, now = () => new Date() }: ReportsServiceDeps) {
  /**
   * The stored edit of `body` for `report`, checked against the actor's space (SPEC §5 style): dates, stations of the
   * report's site named once, products of the catalogue (archived only when the report already used them), active
   * applicators or those the report already names (default: the report's technician). Throws 422 with every
   * violation.
   */
  async function validatedEdit(actor: Actor, report: ReportDetail, body: ReportUpdateInput) {
    const violations: RawViolation[] = [];
    const start = parseDateTimeInput(body.visit_started_at, actor.timezone);
    const end = parseDateTimeInput(body.visit_ended_at, actor.timezone);
    if (!start) violations.push({ propertyPath: 'visit_started_at', code: 'visit_started_at_invalid' });
    if (!end || (start && end.getTime() < start.getTime()) || end.getTime() > now().getTime()) {
      violations.push({ propertyPath: 'visit_ended_at', code: 'visit_ended_at_invalid' });
    }
    const stationIds = body.station_checks.map((check) => check.equipment);
    const productIds = [...new Set(body.product_uses.map((use) => use.product))];
    const applicatorIds = body.product_uses.map((use) => use.applicator ?? report.technicianMembershipId);
    const [stations, products, used, members] = await Promise.all([
      sources.stationsByIds(actor.spaceId, report.siteId, [...new Set(stationIds)], end ?? report.visitEndedAt),
      sources.products(actor.spaceId, productIds),
      repository.usedProductIds(report.id),
      sources.members(actor.spaceId, [...new Set(applicatorIds.filter((id): id is string => id !== null))]),
    ]);
    const stationOf = new Map(stations.map((station) => [station.id, station]));
    stationIds.forEach((id, i) => {
      if (!stationOf.has(id) || stationIds.indexOf(id) !== i) {
        violations.push({ propertyPath: `station_checks.${i}.equipment`, code: 'station_invalid' });
      }
    });
    const productOf = new Map(products.map((product) => [product.id, product]));
    // an applicator is an active member, or one the report already names (a disabled member's past work stays)
    const named = new Set(report.productUses.map((use) => use.applicatorMembershipId));
    const memberOf = new Map<string, MemberSnapshot>(
      members
        .filter((member) => member.status === 'active' || named.has(member.membershipId))
        .map((member) => [member.membershipId, member]),
    );
    body.product_uses.forEach((use, i) => {
      const product = productOf.get(use.product);
      if (!product || (product.archivedAt && !used.includes(product.id))) {
        violations.push({ propertyPath: `product_uses.${i}.product`, code: 'product_invalid' });
      }
      if (use.applicator && !memberOf.has(use.applicator)) {
        violations.push({ propertyPath: `product_uses.${i}.applicator`, code: 'applicator_invalid' });
      }
    });
    if (violations.length || !start || !end) throw validationFailed(...violations);
    const checks = body.station_checks.map((check) =>
      stationCheckSnapshot(stationOf.get(check.equipment) as StationAtVisit, {
        result: check.result,
        action: check.action,
        baitConsumed: check.bait_consumed,
        note: check.note,
      }),
    );
    const uses = body.product_uses.map((use, i) =>
      productUseSnapshot(
        productOf.get(use.product) as NonNullable<ReturnType<typeof productOf.get>>,
        { ...use, areaTreated: use.area_treated, targetSpecies: use.target_species },
        memberOf.get(applicatorIds[i] ?? ''),
      ),
    );
    const fields = {
      visitStartedAt: start,
      visitEndedAt: end,
      language: body.language,
      summary: body.summary,
      recommendations: body.recommendations,
      conduciveConditions: body.conducive_conditions,
      customerAbsent: body.customer_absent,
      customerSignatureName: body.customer_signature_name,
    };
    return { fields, checks, uses };
  }

  return {
    /**
     * `GET /api/reports` (SPEC §2.7): one page of the to-process list (oldest visit end first) or of the history
     * (latest processed first), filtered by client, site, type, visit-end days `from`..`to` (inclusive, actor's
     * zone) and `search` (client or site name); with the number of reports of each list under the same filters.
     * The links keep the query of `url`.
     */
    async list(actor: Actor, query: ReportListQuery, url: string): Promise<ReportCollection> {
      const window = pageWindow(query);
      const filters = {
        clientId: query['client.ulid'],
        siteId: query['site.ulid'],
        type: query.type,
        from: query.from ? startOfZonedDay(query.from, actor.timezone) : undefined,
        to: query.to ? startOfZonedDay(nextDay(query.to), actor.timezone) : undefined,
        search: query.search || undefined,
      };
      const { rows, counts } = await list.page(actor.spaceId, query.status, filters, window);
      const hasNext = rows.length > window.limit;
      const members = rows.slice(0, window.limit).map((row) => reportListItem(row, actor));
      const total = Math.max(counts[query.status], window.offset + members.length + (hasNext ? 1 : 0));
      return {
        ...hydraCollection(url, members, total, window, 'Report', { hasNext }),
        to_process_number: counts.to_process,
        history_number: counts.history,
      };
    },

    /** `GET /api/reports/{ulid}` and the report's version (its `ETag`). Throws 404 `report_not_found`. */
    async get(actor: Actor, id: string): Promise<Versioned<Report>> {
      const report = await loadReport(repository, actor, id);
      return { body: reportResource(report, actor), version: report.version };
    },

    /**
     * The `PUT /api/reports/{ulid}` body of a report as it stands (what `PATCH` applies its merge patch to): dates
     * ISO 8601 with the offset of the actor's zone, references as IRIs, the checks of stations still there. Throws
     * 404 `report_not_found`.
     */
    async current(actor: Actor, id: string): Promise<ReportUpdateBody> {
      const report = reportResource(await loadReport(repository, actor, id), actor);
      return {
        visit_started_at: report.visit_started_at,
        visit_ended_at: report.visit_ended_at,
        language: report.language,
        summary: report.summary,
        recommendations: report.recommendations,
        conducive_conditions: report.conducive_conditions,
        customer_absent: report.customer_absent,
        customer_signature_name: report.customer_signature_name,
        station_checks: report.station_checks.flatMap((check) =>
          check.equipment
            ? [
                {
                  equipment: check.equipment,
                  result: check.result,
                  action: check.action,
                  bait_consumed: check.bait_consumed,
                  note: check.note,
                },
              ]
            : [],
        ),
        product_uses: report.product_uses.map((use) => ({
          product: use.product,
          quantity: use.quantity,
          unit: use.unit,
          concentration: use.concentration,
          method: use.method,
          area_treated: use.area_treated,
          target_species: use.target_species,
          applicator: use.applicator?.member ?? null,
          lot: use.lot,
        })),
      };
    },

    /**
     * `PUT /api/reports/{ulid}`: replaces the edited fields, the station checks (keyed by station) and the product
     * uses of a report to process; a control visit's report keeps the site status rule true for its new checks
     * (docs/decisions/010). `expected`: the versions `If-Match` accepts; answers the report and its version after the
     * edit (its new `ETag`). Throws 404 `report_not_found`, 409 `report_not_editable`, 412 `edit_conflict` (changed
     * meanwhile but still to process; nothing changed), 422 (see `validatedEdit`).
     */
    async update(
      actor: Actor,
      id: string,
      body: ReportUpdateInput,
      expected?: ExpectedVersions,
    ): Promise<Versioned<Report>> {
      const report = await loadReport(repository, actor, id);
      if (report.status !== 'to_process') throw new AppError('report_not_editable');
      const { fields, checks, uses } = await validatedEdit(actor, report, body);
      const version = await repository.transaction(async (repo) => {
        if (!(await repo.edit(actor.spaceId, id, fields, expected))) {
          const latest = await repo.find(actor.spaceId, id);
          throw latest?.status === 'to_process' && expected ? editConflict() : new AppError('report_not_editable');
        }
        await repo.replaceChecks(id, checks);
        await repo.replaceProductUses(id, uses);
        const status = await repo.siteStatus(actor.spaceId, report.siteId);
        const change =
          status && statusOnControlEdit(report.type, status, report.siteStatusBefore, showsActivity(checks));
        if (change) {
          await repo.setSiteStatus(actor.spaceId, report.siteId, change.status);
          await repo.setSiteStatusBefore(actor.spaceId, id, change.before);
        }
        return (await repo.version(actor.spaceId, id)) ?? 0;
      });
      return { body: reportResource(await loadReport(repository, actor, id), actor), version };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
