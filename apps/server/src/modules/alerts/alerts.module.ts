import type { AppModule } from '../../platform/module.js';
import { createInterventionsRepository } from '../interventions/interventions.repository.js';
import { createInterventionsService } from '../interventions/interventions.service.js';
import { createAlertEngine } from './alert-engine.js';
import { alertEventsRoutes } from './alert-events.routes.js';
import { createAlertNotifier } from './alert-notify.js';
import { createAlertsRepository } from './alerts.repository.js';
import { alertsRoutes } from './alerts.routes.js';
import { createAlertsService } from './alerts.service.js';
import { createCommunicationCheckJob } from './communication-check-job.js';
import { createOverdueJob } from './overdue-job.js';
import { responseClockRoutes } from './response-clock.routes.js';
import { createResponseClockService } from './response-clock.service.js';

/**
 * Alerts (issue 5 "Alerts"): the site alert log, acknowledgement, the PCO's thresholds, the live events (SSE), and the
 * communication check every 15 minutes, the response clock (targets, running clocks, proposed visits; the
 * "target missed" mail every 5 minutes) (started with the app, except under NODE_ENV=test where tests drive the
 * engine themselves). Other modules evaluate the rules through `createAlertEngine` (alert-engine.ts).
 */
export const alertsModule: AppModule = {
  name: 'alerts',
  async register(app, { db, config, mail, events }) {
    const notifier = createAlertNotifier({ db, mail, events, appUrl: config.appUrl });
    const service = createAlertsService({ db, repository: createAlertsRepository(db), notifier });
    await app.register(alertsRoutes, { service });
    await app.register(alertEventsRoutes, { events });
    // the response clock (issue 15): accepting a proposed visit plans it through the interventions' own rules
    const interventions = createInterventionsService(createInterventionsRepository(db), { mail });
    await app.register(responseClockRoutes, { service: createResponseClockService({ db, interventions }) });
    if (config.env !== 'test') {
      const engine = createAlertEngine({ db, mail, events, appUrl: config.appUrl });
      const check = createCommunicationCheckJob({ db, engine, log: app.log });
      const overdue = createOverdueJob({ db, mail, appUrl: config.appUrl, log: app.log });
      app.addHook('onReady', async () => {
        await check.start();
        await overdue.start();
      });
      app.addHook('onClose', async () => {
        await check.stop();
        await overdue.stop();
      });
    }
  },
};
