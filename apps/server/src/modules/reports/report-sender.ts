/**
 * The reports module's send flow for other modules (issue 15: automatic reports sent automatically): builds the
 * report lifecycle service on `db` and answers a function that sends one report as `actor` — the same PDF freezing,
 * mail and history as "send to customer" (ADR 010).
 */
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { renderReportPdf } from './pdf/render-report.js';
import { createReportLifecycleService, type RenderReportPdf } from './report-lifecycle.service.js';
import { createReportSourcesRepository } from './report-sources.repository.js';
import { createReportsRepository } from './reports.repository.js';

/** Sends the report `reportId` to `recipients` as `actor`; throws what "send" throws (404, 409, 422). */
export type ReportSender = (actor: Actor, reportId: string, recipients: string[]) => Promise<unknown>;

/** The send flow on `db`, drawing with `renderPdf` and the space's logo from `readLogo` (none when absent). */
export function reportSenderOn(
  db: Db,
  options: {
    mail?: MailQueue;
    renderPdf?: RenderReportPdf;
    readLogo?: (url: string | null) => Promise<Uint8Array | null>;
  },
): ReportSender {
  const lifecycle = createReportLifecycleService({
    repository: createReportsRepository(db),
    sources: createReportSourcesRepository(db),
    renderPdf: options.renderPdf ?? renderReportPdf,
    readLogo: options.readLogo ?? (async () => null),
    ...(options.mail ? { mail: options.mail } : {}),
    stations: { remove: async () => {}, replaced: async () => {} },
  });
  return (actor, id, recipients) => lifecycle.send(actor, id, recipients);
}
