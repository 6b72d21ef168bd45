/**
 * A visit recorded from the field (issue 12 "The technician API"; docs/decisions/011-technician-api.md): the visit's
 * report is created `in_progress` at its first write and holds what the technician records — check-in and check-out,
 * station checks (keyed by station, with the station's snapshot and reading), product uses (keyed by the app's id,
 * with the product's and the applicator's snapshots), photos (by content, through the image pipeline, idempotent by
 * `client_id`) — until the completion moves it to process and applies the site-status rule of ADR 010 in the same
 * transaction. A write on a visit whose report is no longer in progress answers 409 `visit_completed`.
 *
 * The caller (the field module) has already checked that the actor is an intervener of the intervention.
 */
import { REPORT_PHOTO_SIZE_PX, reportPhotoFields } from '@isoptera/contracts';
import type { FieldPositionValue } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { issuesToViolations } from '../../platform/errors/error-handler.js';
import type { UploadedForm } from '../../platform/http/multipart.js';
import { newUlid } from '../../platform/ids.js';
import { toPng, toWebpFitting } from '../../platform/images/images.js';
import { parseDateTimeInput } from '../../platform/time/zoned.js';
import { createReportDraftsRepository, type DraftState, IN_PROGRESS } from './report-drafts.repository.js';
import {
  type CheckFindings,
  fullName,
  intervenerSnapshots,
  productUseSnapshot,
  stationCheckSnapshot,
  type UseDetails,
} from './report-snapshots.js';
import type { ReportSourcesRepository } from './report-sources.repository.js';
import type { ReportsRepository } from './reports.repository.js';
import { spacePreferences } from './reports.service.js';
import { statusOnCompletion } from './site-completion.js';

export type { DraftState };

/** What a station check records. */
export type DraftCheckInput = CheckFindings;

/** What a product use records (the product a ULID of the catalogue). */
export interface DraftProductUseInput extends UseDetails {
  product: string;
}

/** What the completion records; dates already parsed (null: check-in / check-out, else now). */
export interface DraftCompletion {
  visitStartedAt: Date | null;
  visitEndedAt: Date | null;
  summary: string | null;
  recommendations: string | null;
  conduciveConditions: string | null;
  customerAbsent: boolean;
  customerSignatureName: string | null;
  /** PNG bytes as sent (checked by content here). */
  customerSignature: Buffer | null;
  technicianSignature: Buffer | null;
}

/** Creates the drafts service on the reports repositories (see the module's doc). */
export function createReportDraftsService(deps: {
  db: Db;
  repository: ReportsRepository;
  sources: ReportSourcesRepository;
  now?: () => Date;
}) {
  const { repository, sources, now = () => new Date() } = deps;
  const drafts = createReportDraftsRepository(deps.db);

  /** The state of intervention `id`'s report, or undefined. */
  async function stateOf(actor: Actor, interventionId: string): Promise<DraftState | undefined> {
    return (await drafts.statesOf(actor.spaceId, [interventionId]))[0];
  }

  /**
   * The in-progress report of intervention `interventionId`, created now when it has none: the visit's type, site,
   * client and interveners; the actor signs as the technician; times now until check-in/out or completion. Throws
   * 404 `intervention_not_found`, 409 `visit_completed` (its report is to process or in the history).
   */
  async function open(actor: Actor, interventionId: string): Promise<DraftState> {
    const existing = await stateOf(actor, interventionId);
    if (existing) {
      if (existing.status !== IN_PROGRESS) throw new AppError('visit_completed');
      return existing;
    }
    const visit = await sources.intervention(actor.spaceId, interventionId);
    if (!visit) throw notFound('intervention_not_found');
    const { lang } = await spacePreferences(sources, actor);
    const technician = visit.interveners.find((m) => m.membershipId === actor.membershipId) ?? visit.interveners[0];
    const at = now();
    await repository.transaction(async (repo) => {
      await repo.insert(
        {
          id: newUlid(),
          spaceId: actor.spaceId,
          siteId: visit.siteId,
          clientId: visit.clientId,
          interventionId: visit.id,
          type: visit.type,
          status: IN_PROGRESS,
          visitStartedAt: at,
          visitEndedAt: at,
          technicianMembershipId: technician?.membershipId ?? null,
          technicianName: technician ? fullName(technician) : null,
          language: lang,
          createdById: actor.membershipId,
        },
        intervenerSnapshots(visit.interveners),
        [],
      );
    });
    // a concurrent first write may have created it: either way there is one now
    const state = await stateOf(actor, interventionId);
    if (!state) throw notFound('intervention_not_found');
    if (state.status !== IN_PROGRESS) throw new AppError('visit_completed');
    return state;
  }

  /** The site of intervention `interventionId` of the actor's space. Throws 404 `intervention_not_found`. */
  async function siteOf(actor: Actor, interventionId: string): Promise<string> {
    const visit = await sources.intervention(actor.spaceId, interventionId);
    if (!visit) throw notFound('intervention_not_found');
    return visit.siteId;
  }

  return {
    /** The report state of each of `interventionIds` of the actor's space (absent: nothing recorded yet). */
    states: (actor: Actor, interventionIds: string[]) => drafts.statesOf(actor.spaceId, interventionIds),

    /** The latest completed check of each station (see `lastChecks` of the repository). */
    lastChecks: (actor: Actor, equipmentIds: string[]) => drafts.lastChecks(actor.spaceId, equipmentIds),

    open,

    /** Check-in (`which: 'in'`, also the visit's start) or check-out (the visit's end) at `at`. Throws as `open`. */
    async check(
      actor: Actor,
      interventionId: string,
      which: 'in' | 'out',
      at: Date,
      position: FieldPositionValue | null,
    ): Promise<DraftState> {
      const state = await open(actor, interventionId);
      if (!(await drafts.setCheck(actor.spaceId, state.reportId, which, at, position))) {
        throw new AppError('visit_completed');
      }
      return (await stateOf(actor, interventionId)) as DraftState;
    },

    /**
     * Records the check of station `equipmentId` (a station of the visit's site, snapshot and reading taken now),
     * replacing its previous one. Throws 404 `equipment_not_found`, and as `open`.
     */
    async putCheck(actor: Actor, interventionId: string, equipmentId: string, input: DraftCheckInput) {
      const state = await open(actor, interventionId);
      const siteId = await siteOf(actor, interventionId);
      const [station] = await sources.stationsByIds(actor.spaceId, siteId, [equipmentId], now());
      if (!station) throw notFound('equipment_not_found');
      const row = await drafts.upsertCheck(state.reportId, stationCheckSnapshot(station, input));
      if (!row) throw new AppError('visit_completed');
      return row;
    },

    /**
     * Records (or replaces) the product use the app calls `clientId`: a product of the catalogue not archived (422
     * `product_invalid`), the actor as applicator (name and licence number snapshots). Throws as `open`.
     */
    async putProductUse(actor: Actor, interventionId: string, clientId: string, input: DraftProductUseInput) {
      const state = await open(actor, interventionId);
      const [product] = await sources.products(actor.spaceId, [input.product]);
      if (!product || product.archivedAt) throw validationFailed({ propertyPath: 'product', code: 'product_invalid' });
      const [member] = await sources.members(actor.spaceId, [actor.membershipId]);
      const row = await drafts.upsertProductUse(state.reportId, clientId, productUseSnapshot(product, input, member));
      if (!row) throw new AppError('visit_completed');
      return row;
    },

    /**
     * A photo of the visit from the multipart form `read()` gives: the fields of `reportPhotoFields` with
     * `client_id` required (422 `client_id_invalid`); the same `client_id` answers the stored photo (`created:
     * false`); the file JPEG, PNG or WebP by content (422 `photo_invalid`), stored as WebP. Throws as `open`.
     */
    async uploadPhoto(actor: Actor, interventionId: string, read: () => Promise<UploadedForm>) {
      const state = await open(actor, interventionId);
      const reportId = state.reportId;
      const form = await read();
      const parsed = reportPhotoFields.safeParse(form.fields);
      if (!parsed.success) throw validationFailed(...issuesToViolations(parsed.error.issues));
      const fields = parsed.data;
      if (!fields.client_id) throw validationFailed({ propertyPath: 'client_id', code: 'client_id_invalid' });
      const existing = await repository.photos.findByClientId(reportId, fields.client_id);
      if (existing) return { photo: existing, created: false };
      const takenAt = fields.taken_at ? parseDateTimeInput(fields.taken_at, actor.timezone) : null;
      if (fields.taken_at && !takenAt) throw validationFailed({ propertyPath: 'taken_at', code: 'taken_at_invalid' });
      const check = fields.equipment ? await repository.photos.checkOf(reportId, fields.equipment) : undefined;
      if (fields.equipment && !check) throw validationFailed({ propertyPath: 'equipment', code: 'station_invalid' });
      const webp = form.file ? await toWebpFitting(form.file, REPORT_PHOTO_SIZE_PX) : null;
      if (!webp) throw validationFailed({ propertyPath: 'file', code: 'photo_invalid' });
      const stored = await repository.photos.insert({
        id: newUlid(),
        reportId,
        stationCheckId: check?.id ?? null,
        kind: fields.kind,
        file: webp,
        takenAt,
        clientId: fields.client_id,
      });
      const photo = await repository.photos.findByClientId(reportId, fields.client_id);
      if (!photo) throw notFound('report_photo_not_found');
      return { photo, created: stored };
    },

    /**
     * Completes the visit: its report moves to process with the texts, the signatures (PNG by content, 422
     * `signature_invalid`; the customer's required unless `customer_absent`, 422 `customer_signature_required`) and
     * the visit's times (default check-in / check-out, else the planned start — a minute before the end when that is
     * later — and now; the end not before the start and not in the future, 422 `visit_ended_at_invalid`); the site status
     * follows ADR 010's completion rule in the same transaction. Answers the report's id. Throws as `open`.
     */
    async complete(actor: Actor, interventionId: string, input: DraftCompletion): Promise<string> {
      const state = await open(actor, interventionId);
      const at = now();
      const checkPng = async (png: Buffer | null, path: string) => {
        if (!png) return null;
        if (!(await toPng(png)) || png.subarray(1, 4).toString('latin1') !== 'PNG') {
          throw validationFailed({ propertyPath: path, code: 'signature_invalid' });
        }
        return png;
      };
      const customerSignature = await checkPng(input.customerSignature, 'customer_signature');
      const technicianSignature = await checkPng(input.technicianSignature, 'technician_signature');
      if (!input.customerAbsent && (!customerSignature || !input.customerSignatureName)) {
        throw validationFailed({ propertyPath: 'customer_signature', code: 'customer_signature_required' });
      }
      const visit = await sources.intervention(actor.spaceId, interventionId);
      if (!visit) throw notFound('intervention_not_found');
      const end = input.visitEndedAt ?? state.checkedOutAt ?? at;
      // not checked in: the planned start, or a minute before the end when the visit was done ahead of its plan
      const planned = visit.startAt.getTime() < end.getTime() ? visit.startAt : new Date(end.getTime() - 60_000);
      const start = input.visitStartedAt ?? state.checkedInAt ?? planned;
      if (end.getTime() < start.getTime() || end.getTime() > at.getTime() + 60_000) {
        throw validationFailed({ propertyPath: 'visit_ended_at', code: 'visit_ended_at_invalid' });
      }
      await repository.transaction(async (repo) => {
        const tx = createReportDraftsRepository(repo.db);
        const done = await tx.complete(actor.spaceId, state.reportId, {
          visitStartedAt: start,
          visitEndedAt: end,
          summary: input.summary,
          recommendations: input.recommendations,
          conduciveConditions: input.conduciveConditions,
          customerAbsent: input.customerAbsent,
          customerSignatureName: input.customerAbsent ? null : input.customerSignatureName,
          customerSignature: input.customerAbsent ? null : customerSignature,
          customerSignedAt: input.customerAbsent ? null : end,
          technicianSignature,
        });
        if (!done) throw new AppError('visit_completed');
        const status = await repo.siteStatus(actor.spaceId, visit.siteId);
        const checks = await tx.checkResults(state.reportId);
        const next =
          status &&
          statusOnCompletion(
            visit.type,
            status,
            checks.some((c) => c.result === 'activity'),
          );
        if (status && next) {
          await repo.setSiteStatus(actor.spaceId, visit.siteId, next);
          await repo.setSiteStatusBefore(actor.spaceId, state.reportId, status);
        }
      });
      return state.reportId;
    },
  };
}
export type ReportDraftsService = ReturnType<typeof createReportDraftsService>;
