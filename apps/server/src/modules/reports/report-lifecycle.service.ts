/**
 * The life of a visit report (issue 12 "Lifecycle"; SPEC §2.7 "Reports", §4 "Reports"; docs/decisions/010):
 * recorded from a past visit (to process) — the site status follows the work done —, sent to the customer (the PDF
 * rendered, frozen with its SHA-256 and mailed attached; removed and replaced stations update the site's equipment),
 * resent (the same frozen PDF), discarded with a reason, reopened; and its PDF, frozen or drawn now. Every other move
 * answers 409 with a code. Mails are queued after the transaction (see `MailQueue`).
 */
import { createHash } from 'node:crypto';
import type { Language, Report } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import type { ReportDocument } from './pdf/report-document.js';
import { buildReportDocument, longDate, reportFileName } from './report-pdf-document.js';
import { fullName, intervenerSnapshots, stationCheckSnapshot } from './report-snapshots.js';
import type { ReportSourcesRepository } from './report-sources.repository.js';
import type { PersonValues, ReportDetail, ReportsRepository } from './reports.repository.js';
import { reportResource } from './reports.resource.js';
import { loadReport, spacePreferences } from './reports.service.js';
import { showsActivity, statusOnCompletion } from './site-completion.js';

/** Draws the PDF of a report (pdf/render-report.ts; a test double in the API tests). */
export type RenderReportPdf = (doc: ReportDocument) => Promise<Buffer>;

/** What a sent report changes on the site's equipment, through the equipment module's service. */
export interface StationUpdates {
  /** Deletes station `equipmentId` of the actor's space (with its readings and alerts); a gone one is ignored. */
  remove(actor: Actor, equipmentId: string): Promise<void>;
  /** Sets the installation time of station `equipmentId` (a replaced station); a gone one is ignored. */
  replaced(actor: Actor, equipmentId: string, installedAt: Date): Promise<void>;
}

/** What the lifecycle service works with; `now` is the clock of "the visit has started" and of the moves. */
export interface ReportLifecycleDeps {
  repository: ReportsRepository;
  sources: ReportSourcesRepository;
  renderPdf: RenderReportPdf;
  /** The logo of a space (its stored URL) as PNG bytes, or null. */
  readLogo: (url: string | null) => Promise<Uint8Array | null>;
  stations: StationUpdates;
  /** Where the customer mails go; absent (the demo seed), none is sent. */
  mail?: MailQueue;
  now?: () => Date;
}

/** A PDF answer: its bytes and the file name it is offered under. */
export interface ReportPdf {
  pdf: Buffer;
  filename: string;
}

/** Each address once, in the order given (they are already lower-cased by the contract). */
const unique = (addresses: readonly string[]) => [...new Set(addresses)];

/** Creates the lifecycle service (see the module's doc) on its repositories, renderer, logo reader and mail queue. */
export function createReportLifecycleService({
  repository,
  sources,
  renderPdf,
  readLogo,
  stations,
  mail,
  now = () => new Date(),
}: ReportLifecycleDeps) {
  const answer = async (actor: Actor, id: string): Promise<Report> =>
    reportResource(await loadReport(repository, actor, id), actor);

  /** Renders `report` as `status` shows it (to process: the draft mark), in its language and the PCO's zone. */
  async function render(actor: Actor, report: ReportDetail, status: ReportDetail['status']): Promise<ReportPdf> {
    const { timeZone } = await spacePreferences(sources, actor);
    const [context, photos, signatures] = await Promise.all([
      sources.documentContext(actor.spaceId, report.siteId),
      repository.photos.filesOf(report.id),
      repository.signatures(actor.spaceId, report.id),
    ]);
    if (!context) throw notFound('report_not_found');
    const doc = buildReportDocument({
      report,
      status: status as ReportDocument['status'],
      context,
      lang: report.language as Language,
      timeZone,
      logo: await readLogo(context.space.logo),
      photos,
      signatures,
      now: now(),
    });
    return { pdf: await renderPdf(doc), filename: reportFileName(report.siteName, report.visitEndedAt, timeZone) };
  }

  /** The actor as a delivery records them: their membership and name. */
  async function sender(actor: Actor): Promise<PersonValues> {
    const account = await sources.accountName(actor.membershipId);
    return { membershipId: actor.membershipId, name: account ? fullName(account) : '', licenceNumber: null };
  }

  /**
   * Queues one `visit_report` mail per recipient, in the report's language, its frozen PDF attached by reference
   * (loaded from the database at delivery). Call after the transaction.
   */
  async function mailReport(actor: Actor, report: ReportDetail, recipients: string[]): Promise<void> {
    if (!mail) return;
    const { timeZone } = await spacePreferences(sources, actor);
    const lang = report.language as Language;
    const filename = reportFileName(report.siteName, report.visitEndedAt, timeZone);
    for (const to of recipients) {
      await mail.enqueue({
        template: 'visit_report',
        to,
        lang,
        spaceId: actor.spaceId,
        params: {
          site: report.siteName,
          client: report.clientName,
          date: longDate(report.visitEndedAt, lang, timeZone),
          type: report.type,
        },
        attachments: [{ kind: 'report_pdf', id: report.id, filename }],
      });
    }
  }

  return {
    /**
     * `POST /api/interventions/{id}/report` ("record the visit", a visit done on paper): a report to process with the
     * visit's type, site, client and interveners (the first by name signs as the technician), its start and end
     * (the end at most now) as the visit times, the space owner's language, and one check per station of the site
     * (no activity, inspected, with its reading at the end of the visit); the site status follows the completion
     * rule in the same transaction. Throws 404 `intervention_not_found`, 422 `intervention_not_past` (start in the
     * future), 409 `report_already_exists`.
     */
    async recordVisit(actor: Actor, interventionId: string): Promise<Report> {
      const visit = await sources.intervention(actor.spaceId, interventionId);
      if (!visit) throw notFound('intervention_not_found');
      const at = now();
      if (visit.startAt.getTime() > at.getTime()) throw new AppError('intervention_not_past');
      const end = new Date(Math.min(visit.endAt.getTime(), at.getTime()));
      const [{ lang }, siteStations] = await Promise.all([
        spacePreferences(sources, actor),
        sources.stationsAt(actor.spaceId, visit.siteId, end),
      ]);
      const id = newUlid();
      const technician = visit.interveners[0];
      const checks = siteStations.map((station) =>
        stationCheckSnapshot(station, { result: 'no_activity', action: 'inspected', baitConsumed: null, note: null }),
      );
      await repository.transaction(async (repo) => {
        const inserted = await repo.insert(
          {
            id,
            spaceId: actor.spaceId,
            siteId: visit.siteId,
            clientId: visit.clientId,
            interventionId: visit.id,
            type: visit.type,
            status: 'to_process',
            visitStartedAt: visit.startAt,
            visitEndedAt: end,
            technicianMembershipId: technician?.membershipId ?? null,
            technicianName: technician ? fullName(technician) : null,
            language: lang,
            createdById: actor.membershipId,
          },
          intervenerSnapshots(visit.interveners),
          checks,
        );
        if (!inserted) throw new AppError('report_already_exists');
        const status = await repo.siteStatus(actor.spaceId, visit.siteId);
        const next = status && statusOnCompletion(visit.type, status, showsActivity(checks));
        if (status && next) {
          await repo.setSiteStatus(actor.spaceId, visit.siteId, next);
          await repo.setSiteStatusBefore(actor.spaceId, id, status);
        }
      });
      return answer(actor, id);
    },

    /**
     * `POST /api/reports/{ulid}/send`: renders the PDF (no draft mark), freezes it with its SHA-256, moves the report
     * to sent (`sent_at`), records the delivery, then applies the checks' removed and replaced stations to the site's
     * equipment and queues one mail per recipient with the PDF attached. Throws 404 `report_not_found`, 409
     * `report_not_to_process`.
     */
    async send(actor: Actor, id: string, recipients: string[]): Promise<Report> {
      const report = await loadReport(repository, actor, id);
      if (report.status !== 'to_process') throw new AppError('report_not_to_process');
      const { pdf } = await render(actor, report, 'sent');
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const by = await sender(actor);
      const to = unique(recipients);
      const at = now();
      await repository.transaction(async (repo) => {
        if (!(await repo.markSent(actor.spaceId, id, pdf, sha256, at))) throw new AppError('report_not_to_process');
        await repo.addDelivery(id, { id: newUlid(), kind: 'send', at, by, recipients: to });
      });
      for (const check of report.stationChecks) {
        if (!check.equipmentId) continue;
        if (check.action === 'removed') await stations.remove(actor, check.equipmentId);
        if (check.action === 'station_replaced') await stations.replaced(actor, check.equipmentId, report.visitEndedAt);
      }
      await mailReport(actor, report, to);
      return answer(actor, id);
    },

    /**
     * `POST /api/reports/{ulid}/resend`: mails the same frozen PDF again to `recipients`, or to those of the last
     * sending, and records the delivery. Throws 404 `report_not_found`, 409 `report_not_sent`.
     */
    async resend(actor: Actor, id: string, recipients: string[] | undefined): Promise<Report> {
      const report = await loadReport(repository, actor, id);
      if (report.status !== 'sent' || !report.pdfSha256) throw new AppError('report_not_sent');
      const to = unique(recipients ?? report.deliveries.at(-1)?.recipients ?? []);
      await repository.addDelivery(id, {
        id: newUlid(),
        kind: 'resend',
        at: now(),
        by: await sender(actor),
        recipients: to,
      });
      await mailReport(actor, report, to);
      return answer(actor, id);
    },

    /**
     * `POST /api/reports/{ulid}/discard` ("mark as processed without sending"): to history as discarded with
     * `reason`. Throws 404 `report_not_found`, 409 `report_not_to_process`.
     */
    async discard(actor: Actor, id: string, reason: string): Promise<Report> {
      await loadReport(repository, actor, id);
      if (!(await repository.markDiscarded(actor.spaceId, id, reason, now()))) {
        throw new AppError('report_not_to_process');
      }
      return answer(actor, id);
    },

    /** `POST /api/reports/{ulid}/reopen`: a discarded report back to process. Throws 404, 409 `report_not_discarded`. */
    async reopen(actor: Actor, id: string): Promise<Report> {
      await loadReport(repository, actor, id);
      if (!(await repository.reopen(actor.spaceId, id, now()))) throw new AppError('report_not_discarded');
      return answer(actor, id);
    },

    /**
     * `GET /api/reports/{ulid}/pdf`: the frozen PDF of a sent report, else the report drawn now as it stands (to
     * process: marked draft). Throws 404 `report_not_found`.
     */
    async pdf(actor: Actor, id: string): Promise<ReportPdf> {
      const report = await loadReport(repository, actor, id);
      const frozen = report.status === 'sent' ? await repository.frozenPdf(actor.spaceId, id) : undefined;
      if (!frozen) return render(actor, report, report.status);
      const { timeZone } = await spacePreferences(sources, actor);
      return { pdf: frozen, filename: reportFileName(report.siteName, report.visitEndedAt, timeZone) };
    },
  };
}
export type ReportLifecycleService = ReturnType<typeof createReportLifecycleService>;
