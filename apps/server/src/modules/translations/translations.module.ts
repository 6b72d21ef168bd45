import type { AppModule } from '../../platform/module.js';
import { createOverrideLayer } from './override-layer.js';
import { createTranslationsRepository } from './translations.repository.js';
import { translationsRoutes } from './translations.routes.js';
import { createTranslationsService } from './translations.service.js';

/** How often a running instance looks for a version another instance published (one small query, off the requests). */
const CHECK_MS = 2_000;

/**
 * The translation tool (issue 14; docs/decisions/014): its routes, and the layer that keeps the server's own texts
 * (mail, PDF, error messages) at the published version: this instance's publish applies at once, another
 * instance's within {@link CHECK_MS} (a timer, so that no request waits on the check or fails with it).
 */
export const translationsModule: AppModule = {
  name: 'translations',
  async register(app, { db }) {
    const repository = createTranslationsRepository(db);
    const layer = createOverrideLayer(repository);
    await layer.refresh({ force: true });
    const timer = setInterval(() => {
      layer.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'translation overrides not refreshed'));
    }, CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(translationsRoutes, { service: createTranslationsService(repository, layer) });
  },
};
