import type { AppModule } from '../../platform/module.js';
import { createClientImportJob } from './client-import-job.js';
import { createClientImportsRepository } from './client-imports.repository.js';
import { clientImportsRoutes } from './client-imports.routes.js';
import { createClientImportsService } from './client-imports.service.js';

/**
 * Client import from CSV/XLSX (issue 13; docs/decisions/012): its routes and its pg-boss worker, started with the app
 * in every environment (tests included: they watch an import run through the API, the worker polling every 0.5 s).
 */
export const clientImportsModule: AppModule = {
  name: 'client-imports',
  async register(app, { db, config }) {
    const job = createClientImportJob({
      db,
      log: app.log,
      pollingIntervalSeconds: config.env === 'test' ? 0.5 : 1,
    });
    const service = createClientImportsService({
      repository: createClientImportsRepository(db),
      enqueue: (importId) => job.enqueue(importId),
    });
    await app.register(clientImportsRoutes, { service });
    app.addHook('onReady', () => job.start((importId, lastTry) => service.run(importId, { lastTry })));
    app.addHook('onClose', () => job.stop());
  },
};
