/**
 * The endpoints of alerts (issue 5 "Alerts"; SPEC §2.7 "Sites" alert log): the space's alerts and one alert, a site's
 * alert log, acknowledging an alert, the alert thresholds of the current PCO, and the live events of the space (server-sent events).
 */
import { z } from 'zod';
import {
  alertListQuery,
  alertLogEntryResource,
  alertLogQuery,
  alertSettingsInput,
  alertSettingsResource,
} from './alerts.js';
import { defineEndpoint } from './endpoint.js';
import { hydraCollectionOf } from './jsonld.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Alerts'] as const;

/** The media type of the live events. */
export const EVENT_STREAM = 'text/event-stream';

/** `PUT /api/alert_settings`, declared apart: its merge-patch twin is made from it. */
const updateSettings = defineEndpoint({
  operationId: 'updateAlertSettings',
  method: 'PUT',
  path: '/api/alert_settings',
  tags,
  access: { anyOf: [ACTIONS.PCO_OWNER] },
  summary: 'Save the alert thresholds of the current PCO (owner)',
  description: 'They apply from the next evaluation (the next uplink or communication check). 422 `threshold_invalid`.',
  body: alertSettingsInput,
  responses: { 200: alertSettingsResource },
});

const alertParams = z.object({ ulid: z.string().max(200).describe('ULID of the alert') });

export const alertEndpoints = {
  list: defineEndpoint({
    operationId: 'listAlerts',
    method: 'GET',
    path: '/api/alerts',
    tags,
    access,
    summary: 'Every alert of the current space, open and closed, newest first (hydra collection, 30 a page)',
    description:
      '`site.ulid` keeps one site, `equipment.ulid` one equipment, `status` the open or the closed ones, `type` ' +
      'one alert type; `itemsPerPage` up to 100. A filter naming a site or equipment of another space matches ' +
      'nothing. `hydra:totalItems` is exact up to 1 000 alerts, then estimated.',
    query: alertListQuery,
    responses: { 200: hydraCollectionOf(alertLogEntryResource).meta({ id: 'AlertCollection' }) },
  }),
  get: defineEndpoint({
    operationId: 'getAlert',
    method: 'GET',
    path: '/api/alerts/:ulid',
    tags,
    access,
    summary: 'An alert of the current space, open or closed',
    params: alertParams,
    responses: { 200: alertLogEntryResource },
    errors: ['alert_not_found'],
  }),
  siteLog: defineEndpoint({
    operationId: 'listSiteAlerts',
    method: 'GET',
    path: '/api/sites/:id/logs',
    tags,
    access,
    summary: "A site's alert log: open and closed alerts, newest first, 30 a page",
    description:
      '`equipment.ulid` keeps the alerts of one equipment of the site. A site-level alert (colony) has ' +
      '`equipment: null`.',
    params: z.object({ id: z.string().max(200).describe('ULID of the site') }),
    query: alertLogQuery,
    responses: { 200: hydraCollectionOf(alertLogEntryResource).meta({ id: 'SiteAlertCollection' }) },
    errors: ['site_not_found'],
  }),
  acknowledge: defineEndpoint({
    operationId: 'acknowledgeAlert',
    method: 'POST',
    path: '/api/alerts/:ulid/acknowledge',
    tags,
    access,
    summary: 'Acknowledge an open alert: it closes (reason `acknowledged`) and its site is recomputed',
    description: 'A new alert of the same kind opens only from a reading measured after the acknowledgement. No body.',
    params: alertParams,
    responses: { 200: alertLogEntryResource },
    errors: ['alert_not_found', 'alert_already_closed'],
  }),
  getSettings: defineEndpoint({
    operationId: 'getAlertSettings',
    method: 'GET',
    path: '/api/alert_settings',
    tags,
    access,
    summary: 'The alert thresholds of the current PCO (the defaults until the owner saves them)',
    responses: { 200: alertSettingsResource },
  }),
  updateSettings,
  patchSettings: defineMergePatchOf(updateSettings, {
    operationId: 'patchAlertSettings',
    summary: 'Change some alert thresholds of the current PCO (owner; merge patch)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: thresholds left out stay as they are. The patched thresholds ' +
      'must pass the PUT rules (422 `threshold_invalid`).',
  }),
  events: defineEndpoint({
    operationId: 'streamEvents',
    method: 'GET',
    path: '/api/events',
    tags,
    access,
    summary: 'Live events of the current space (server-sent events)',
    description:
      'Each event is `event: alert` with `data:` the JSON of an `AlertEvent` ' +
      '`{kind: opened|closed, alert_ulid, type, site_ulid, equipment_ulid}`. A comment line `: ping` every 25 s ' +
      'keeps the connection open. Events are not replayed after a reconnection.',
    produces: [EVENT_STREAM],
    responses: { 200: z.string().describe('A text/event-stream of `alert` events') },
  }),
};
