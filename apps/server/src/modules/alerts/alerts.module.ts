import type { AppModule } from '../../platform/module.js';
import { createAlertEngine } from './alert-engine.js';
import { alertEventsRoutes } from './alert-events.routes.js';
import { createAlertNotifier } from './alert-notify.js';
import { createAlertsRepository } from './alerts.repository.js';
import { alertsRoutes } from './alerts.routes.js';
import { createAlertsService } from './alerts.service.js';
import { createCommunicationCheckJob } from './communication-check-job.js';

/**
 * Alerts (issue 5 "Alerts"): the site alert log, acknowledgement, the PCO's thresholds, the live events (SSE), and the
 * communication check every 15 minutes (started with the app, except under NODE_ENV=test where tests drive the
 * engine themselves). Other modules evaluate the rules through `createAlertEngine` (alert-engine.ts).
 */
export const alertsModule: AppModule = {
  name: 'alerts',
  async register(app, { db, config, mail, events }) {
    const notifier = createAlertNotifier({ db, mail, events, appUrl: config.appUrl });
    const service = createAlertsService({ db, repository: createAlertsRepository(db), notifier });
    await app.register(alertsRoutes, { service });
    await app.register(alertEventsRoutes, { events });
    if (config.env !== 'test') {
      const engine = createAlertEngine({ db, mail, events, appUrl: config.appUrl });
      const check = createCommunicationCheckJob({ db, engine, log: app.log });
      app.addHook('onReady', () => check.start());
      app.addHook('onClose', () => check.stop());
    }
  },
};
