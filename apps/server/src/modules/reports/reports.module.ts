import { AppError } from '../../platform/errors/app-error.js';
import { createImageStore, STORED_IMAGE_PATTERN, toPng } from '../../platform/images/images.js';
import type { AppModule, ModuleDeps } from '../../platform/module.js';
import { equipmentServiceOf } from '../equipment/equipment.module.js';
import { LOGO_URL_PREFIX } from '../spaces/spaces.module.js';
import { renderReportPdf } from './pdf/render-report.js';
import { createReportDraftsService } from './report-drafts.service.js';
import { createReportLifecycleService, type RenderReportPdf } from './report-lifecycle.service.js';
import { reportPhotosRoutes } from './report-photos.routes.js';
import { createReportPhotosService } from './report-photos.service.js';
import { createReportSourcesRepository } from './report-sources.repository.js';
import { createReportsRepository } from './reports.repository.js';
import { reportsRoutes } from './reports.routes.js';
import { createReportsService } from './reports.service.js';
import { createReportsListQueries } from './reports-list.repository.js';

/** A 404 of the equipment service: the station is already gone, which is what a removal wants. */
const ignoreGone = (error: unknown) => {
  if (!(error instanceof AppError && error.status === 404)) throw error;
};

/**
 * Visit reports (issue 12; docs/decisions/010): lists, the report and its edit, photos, the PDF, send / resend /
 * discard / reopen, and "record the visit". `renderPdf` draws the PDF (the API tests pass a test double). A sent
 * report's removed and replaced stations go through the equipment module's service, as its own routes do.
 */
export function createReportsModule({ renderPdf }: { renderPdf: RenderReportPdf }): AppModule {
  return {
    name: 'reports',
    async register(app, deps) {
      const { db, mail, storage } = deps;
      const repository = createReportsRepository(db);
      const sources = createReportSourcesRepository(db);
      const logos = createImageStore({ storage, folder: 'logos', urlPrefix: LOGO_URL_PREFIX });
      const equipment = equipmentServiceOf(deps);
      const readLogo = async (url: string | null) => {
        const name = url?.startsWith(LOGO_URL_PREFIX) ? url.slice(LOGO_URL_PREFIX.length) : '';
        const webp = STORED_IMAGE_PATTERN.test(name) ? await logos.read(name) : null;
        return webp ? toPng(webp) : null;
      };
      const lifecycle = createReportLifecycleService({
        repository,
        sources,
        renderPdf,
        readLogo,
        mail,
        stations: {
          remove: (actor, id) => equipment.remove(actor, id).catch(ignoreGone),
          replaced: async (actor, id, installedAt) => {
            await equipment.update(actor, id, { installed_at: installedAt.toISOString() }).catch(ignoreGone);
          },
        },
      });
      const service = createReportsService({ repository, list: createReportsListQueries(db), sources });
      await app.register(reportsRoutes, { service, lifecycle });
      await app.register(reportPhotosRoutes, { photos: createReportPhotosService(repository) });
    },
  };
}

/**
 * The service of visits under way in the field (docs/decisions/011): what the technician API calls to record a visit
 * in its report (in progress, then to process on completion, ADR 010's site-status rule applying).
 */
export function reportDraftsServiceOf({ db }: ModuleDeps) {
  return createReportDraftsService({
    db,
    repository: createReportsRepository(db),
    sources: createReportSourcesRepository(db),
  });
}

/** The reports module of the app, drawing PDFs with the real renderer. */
export const reportsModule = createReportsModule({ renderPdf: renderReportPdf });
