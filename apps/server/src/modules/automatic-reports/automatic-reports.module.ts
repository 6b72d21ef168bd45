import { createImageStore, STORED_IMAGE_PATTERN, toPng } from '../../platform/images/images.js';
import type { AppModule } from '../../platform/module.js';
import { renderReportPdf } from '../reports/pdf/render-report.js';
import { reportSenderOn } from '../reports/report-sender.js';
import { LOGO_URL_PREFIX } from '../spaces/spaces.module.js';
import { createAutomaticReportJob } from './automatic-report-job.js';
import { createAutomaticReportBuilder } from './automatic-reports.builder.js';
import { createAutomaticReportsRepository } from './automatic-reports.repository.js';
import { automaticReportsRoutes } from './automatic-reports.routes.js';
import { createAutomaticReportsService } from './automatic-reports.service.js';

/**
 * Automatic reports (issue 15; docs/decisions/018): the schedule's routes, and the job every 15 minutes that builds
 * the periodic reports and the equipment notices (not under NODE_ENV=test, where tests drive the builder). Alert
 * reports are built by the alert engine when it opens a termite or colony alert.
 */
export const automaticReportsModule: AppModule = {
  name: 'automatic-reports',
  async register(app, { db, config, mail, storage }) {
    const service = createAutomaticReportsService(createAutomaticReportsRepository(db));
    await app.register(automaticReportsRoutes, { service });
    if (config.env !== 'test') {
      const logos = createImageStore({ storage, folder: 'logos', urlPrefix: LOGO_URL_PREFIX });
      const readLogo = async (url: string | null) => {
        const name = url?.startsWith(LOGO_URL_PREFIX) ? url.slice(LOGO_URL_PREFIX.length) : '';
        const webp = STORED_IMAGE_PATTERN.test(name) ? await logos.read(name) : null;
        return webp ? toPng(webp) : null;
      };
      const send = reportSenderOn(db, { mail, renderPdf: renderReportPdf, readLogo });
      const builder = createAutomaticReportBuilder({ db, send, log: app.log });
      const job = createAutomaticReportJob({ db, builder, log: app.log });
      app.addHook('onReady', () => job.start());
      app.addHook('onClose', () => job.stop());
    }
  },
};
