import type { AppModule } from '../../platform/module.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createMqttBridge } from './mqtt-bridge.js';
import { createReadingsPartitionJob } from './readings-partition-job.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { telemetryRoutes } from './telemetry.routes.js';
import { createTelemetryService } from './telemetry.service.js';

/**
 * Telemetry ingestion (issue 5): `POST /api/uplinks`, the site synchronisation log, and — when `MQTT_URL` is set —
 * the MQTT bridge, connected once the app is ready and disconnected when it closes; the readings partition job
 * (docs/decisions/025; not under NODE_ENV=test).
 */
export const telemetryModule: AppModule = {
  name: 'telemetry',
  async register(app, { db, config, mail, events, operations }) {
    const engine = createAlertEngine({ db, mail, events, appUrl: config.appUrl, metrics: operations.metrics });
    const service = createTelemetryService({
      repository: createTelemetryRepository(db),
      engine,
      log: app.log,
      metrics: operations.metrics,
    });
    await app.register(telemetryRoutes, { service });
    if (config.env !== 'test') {
      const job = createReadingsPartitionJob({ db, retentionMonths: config.readingsRetentionMonths, log: app.log });
      app.addHook('onReady', () => job.start());
      app.addHook('onClose', () => job.stop());
    }
    if (config.mqttUrl) {
      const bridge = createMqttBridge({ url: config.mqttUrl, ...config.mqtt, service, log: app.log });
      operations.setBrokerCheck(() => (bridge.connected() ? 'ok' : 'failing'));
      app.addHook('onReady', () => bridge.start());
      app.addHook('onClose', () => bridge.stop());
    }
  },
};
