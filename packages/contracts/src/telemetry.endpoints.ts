/**
 * The endpoints of telemetry (issue 5 "Telemetry ingestion"): a gateway's uplink, authenticated by its device
 * credential and answered in plain JSON (a device reads it, not a JSON-LD client), and a site's synchronisation log
 * (PCO action). The same uplink also arrives over MQTT (see the
 * description of `POST /api/uplinks`).
 */
import { z } from 'zod';
import { syncLogEntryResource } from './alerts.js';
import { pageQuery } from './common.js';
import { defineEndpoint } from './endpoint.js';
import {
  MQTT_UPLINK_TOPIC,
  mqttAckTopic,
  mqttUplinkTopic,
  UPLINK_MAX_READINGS,
  uplinkPayload,
  uplinkResult,
} from './equipment.js';
import { hydraCollectionOf } from './jsonld.js';
import { ACTIONS } from './roles.js';

/** The largest uplink body (bytes): room for a full batch of {@link UPLINK_MAX_READINGS} readings, even pretty-printed. */
export const UPLINK_BODY_LIMIT = 2 * 1024 * 1024;

/** Failed device authentications allowed per client address (then 429 with `Retry-After` until the window ends). */
export const UPLINK_AUTH_FAILURES = { max: 30, windowMinutes: 15 } as const;

const UPLINK_DESCRIPTION = `A gateway's uplink: its own status and a batch of up to ${UPLINK_MAX_READINGS} station readings.

**HTTP**: send \`Authorization: Device <device_credential>\` (the credential shown once when the gateway was registered
or its credential rotated, \`<gateway ulid>.<secret>\`); \`gateway.serial_number\` must be that gateway's. Answers 200
\`{accepted, duplicates, rejected: [{index, serial_number, code}]}\` once the readings are committed; 401
\`device_unauthorized\` for an unknown, revoked or mismatched credential (after ${UPLINK_AUTH_FAILURES.max} of them from one
address in ${UPLINK_AUTH_FAILURES.windowMinutes} minutes, 429 with \`Retry-After\`); 400/422 for a malformed payload (nothing is
stored; a text holding a NUL or a lone surrogate is \`text_invalid\` at its field, e.g. \`readings.3.serial_number\`). A reading is stored once per (station, \`measured_at\`): sending an uplink again is safe and counts its readings
in \`duplicates\`. A reading of a station that is not on the gateway's site is rejected \`unknown_station\`; one more than
5 minutes in the future \`measured_at_in_future\`.

**MQTT** (broker \`MQTT_URL\`): the server subscribes with QoS 1 to \`${MQTT_UPLINK_TOPIC}\`. A gateway publishes QoS 1
on \`${mqttUplinkTopic('{serial_number}')}\` the same JSON object plus \`"credential": "<device_credential>"\`, and
subscribes to \`${mqttAckTopic('{serial_number}')}\`, where the server answers (QoS 1) the same result object once the
readings are committed, or \`{"error": "<code>"}\` (\`device_unauthorized\`, \`validation_failed\`, \`internal_error\`);
\`validation_failed\` comes with the \`violations\` HTTP would name, \`[{propertyPath, code}]\`.
The topic's serial must be the gateway's. A message whose credential names no gateway of this server gets no answer.
Until it has the answer, the gateway keeps the uplink and sends it again.`;

const tags = ['Telemetry'] as const;

export const telemetryEndpoints = {
  uplink: defineEndpoint({
    operationId: 'sendUplink',
    method: 'POST',
    path: '/api/uplinks',
    tags,
    access: 'public',
    auth: 'device',
    summary: "A gateway's uplink (device credential): its status and a batch of station readings",
    description: UPLINK_DESCRIPTION,
    body: uplinkPayload,
    produces: ['application/json'],
    responses: { 200: uplinkResult },
    errors: ['device_unauthorized', 'payload_too_large', 'too_many_requests'],
  }),
  syncLogs: defineEndpoint({
    operationId: 'listSiteSyncLogs',
    method: 'GET',
    path: '/api/sites/:id/sync_logs',
    tags,
    access: { anyOf: [ACTIONS.PCO_ACTION] },
    summary: "The site's synchronisation log: one entry per uplink of its gateways, newest first, 30 a page",
    params: z.object({ id: z.string().max(200).describe('ULID of the site') }),
    query: z.object(pageQuery),
    responses: { 200: hydraCollectionOf(syncLogEntryResource).meta({ id: 'SyncLogEntryCollection' }) },
    errors: ['site_not_found'],
  }),
};
