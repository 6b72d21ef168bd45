/**
 * HTTP of alerts (issue 5 "Alerts"; SPEC §2.7 "Sites" alert log): a site's alert log, acknowledging an alert, and the
 * space's alert thresholds. The live events are in alert-events.routes.ts.
 */
import { ACTIONS, alertLogQuery, alertSettingsInput } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { AlertsService } from './alerts.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Alerts'];
const idParams = z.object({ id: z.string().max(200) });
const ulidParams = z.object({ ulid: z.string().max(200) });

export const alertsRoutes: FastifyPluginAsyncZod<{ service: AlertsService }> = async (app, { service }) => {
  app.get(
    '/api/sites/:id/logs',
    {
      config: { access },
      schema: {
        tags,
        summary: "A site's alert log: open and closed alerts, newest first, 30 a page (HydraCollection<AlertLogEntry>)",
        description:
          '`equipment.ulid` keeps the alerts of one equipment of the site. A site-level alert (colony) has ' +
          '`equipment: null`. 404 `site_not_found` for a site of another space.',
        params: idParams,
        querystring: alertLogQuery,
      },
    },
    async (request) => service.log(requireActor(request), request.params.id, request.query, request.url),
  );

  app.post(
    '/api/alerts/:ulid/acknowledge',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Acknowledge an open alert: it closes (reason `acknowledged`) and its site is recomputed (200 AlertLogEntry)',
        description:
          'A new alert of the same kind opens only from a reading measured after the acknowledgement. 404 ' +
          '`alert_not_found`; 409 `alert_already_closed`.',
        params: ulidParams,
      },
    },
    async (request) => service.acknowledge(requireActor(request), request.params.ulid),
  );

  app.get(
    '/api/alert_settings',
    {
      config: { access },
      schema: { tags, summary: 'The alert thresholds of the current PCO (the defaults until the owner saves them)' },
    },
    async (request) => service.readSettings(requireActor(request)),
  );

  app.put(
    '/api/alert_settings',
    {
      config: { access: { anyOf: [ACTIONS.PCO_OWNER] } },
      schema: {
        tags,
        summary: 'Save the alert thresholds of the current PCO (owner; 200 AlertSettings)',
        description:
          'They apply from the next evaluation (the next uplink or communication check). 422 `threshold_invalid`.',
        body: alertSettingsInput,
      },
    },
    async (request) => service.writeSettings(requireActor(request), request.body),
  );
};
