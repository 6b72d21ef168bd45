import type { AppModule } from '../../platform/module.js';
import { createOverrideLayer } from './override-layer.js';
import { createTranslationsRepository } from './translations.repository.js';
import { translationsRoutes } from './translations.routes.js';
import { createTranslationsService } from './translations.service.js';

/** How often a running instance looks for a new published version while no request comes (background jobs). */
const BACKGROUND_CHECK_MS = 15_000;

/**
 * The translation tool (issue 14; docs/decisions/014): its routes, and the layer that keeps the server's own texts
 * (mail, PDF, error messages) at the published version — checked before each request (at most every 2 s) and on a
 * timer, since another instance may publish.
 */
export const translationsModule: AppModule = {
  name: 'translations',
  async register(app, { db }) {
    const repository = createTranslationsRepository(db);
    const layer = createOverrideLayer(repository);
    await layer.refresh({ force: true });
    app.addHook('onRequest', async () => {
      await layer.refresh();
    });
    const timer = setInterval(() => {
      layer.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'translation overrides not refreshed'));
    }, BACKGROUND_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(translationsRoutes, { service: createTranslationsService(repository, layer) });
  },
};
