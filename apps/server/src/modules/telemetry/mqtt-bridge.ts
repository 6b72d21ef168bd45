/**
 * The MQTT bridge (issue 5 "Telemetry ingestion"; contracts "Uplinks"; issue 16 "an MQTT broker that loses
 * nothing"): subscribes with QoS 1 to the **shared subscription** `$share/<group>/isoptera/v1/gateways/+/uplink` on
 * the broker of `MQTT_URL`, ingests each message through the same service as `POST /api/uplinks` (transport `mqtt`)
 * and answers on `isoptera/v1/gateways/{serial}/ack`.
 *
 * - Several instances: the broker hands each uplink to **one** member of the group, so it is ingested, logged and
 *   answered once.
 * - Nothing lost: MQTT 5 with a fixed client id per instance and a persistent session (`clean: false`, kept
 *   `sessionExpirySeconds` after a disconnect): what gateways publish while the instance is down is queued by the
 *   broker and delivered when it comes back.
 * - Messages are handled one at a time and the broker's PUBACK is sent only after the uplink is committed, so a
 *   crash mid-way gets the message again. Reconnection is the library's; a bad message is logged and answered.
 */
import { MQTT_UPLINK_TOPIC, mqttAckTopic, mqttUplinkMessage } from '@isoptera/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { AppError } from '../../platform/errors/app-error.js';
import { issuesToViolations } from '../../platform/errors/error-handler.js';
import type { TelemetryService } from './telemetry.service.js';

export interface MqttBridge {
  /** Connects and subscribes; resolves once subscribed, or after `readyTimeoutMs` (then keeps trying). */
  start(): Promise<void>;
  /** Finishes the message in progress, then disconnects. */
  stop(): Promise<void>;
  /** Whether the bridge is connected to the broker now (`/readyz`). */
  connected(): boolean;
}

/** The gateway serial of an uplink topic `isoptera/v1/gateways/{serial}/uplink`, or undefined. */
export function serialOfUplinkTopic(topic: string): string | undefined {
  const parts = topic.split('/');
  return parts.length === 5 && parts[4] === 'uplink' && parts[3] ? parts[3] : undefined;
}

/** The subscription of an instance of the deployment `group`: `$share/<group>/isoptera/v1/gateways/+/uplink`. */
export const sharedUplinkTopic = (group: string) => `$share/${group}/${MQTT_UPLINK_TOPIC}`;

export function createMqttBridge(deps: {
  url: string;
  /** Fixed across restarts: the broker keeps this client's session. */
  clientId: string;
  /** The shared-subscription group of the deployment's instances. */
  shareGroup: string;
  /** How long the broker keeps the session after a disconnect (seconds). */
  sessionExpirySeconds: number;
  service: TelemetryService;
  log: FastifyBaseLogger;
  readyTimeoutMs?: number;
}): MqttBridge {
  const { url, service } = deps;
  const log = deps.log.child({ component: 'mqtt-bridge' });
  let client: MqttClient | undefined;
  let current: Promise<void> = Promise.resolve();
  let stopping = false;

  function answer(serial: string, body: unknown): void {
    client?.publish(mqttAckTopic(serial), JSON.stringify(body), { qos: 1 }, (error) => {
      if (error) log.warn({ err: error, serial }, 'MQTT ack not published');
    });
  }

  /** Handles one message; every outcome is answered or logged, nothing throws. */
  async function handle(topic: string, payload: Buffer): Promise<void> {
    const serial = serialOfUplinkTopic(topic);
    if (!serial) return;
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      log.warn({ serial }, 'MQTT uplink is not JSON: ignored');
      return;
    }
    const credential =
      message && typeof message === 'object' && 'credential' in message && typeof message.credential === 'string'
        ? message.credential
        : undefined;
    const authentication = await service.authenticate(credential);
    if (authentication.status === 'unknown') {
      // Not a gateway of this server (another deployment may share the broker): no answer.
      log.warn({ serial }, 'MQTT uplink with an unknown credential: ignored');
      return;
    }
    if (authentication.status === 'refused' || authentication.gateway.serialNumber !== serial) {
      log.warn({ serial }, 'MQTT uplink refused: credential does not match');
      answer(serial, { error: 'device_unauthorized' });
      return;
    }
    const parsed = mqttUplinkMessage.safeParse(message);
    if (!parsed.success) {
      // the violations HTTP answers with its 422 (`readings.3.serial_number: text_invalid`), without the messages
      const violations = issuesToViolations(parsed.error.issues);
      log.warn({ serial, violations: violations.slice(0, 5) }, 'MQTT uplink invalid');
      answer(serial, { error: 'validation_failed', violations });
      return;
    }
    try {
      answer(serial, await service.ingest(authentication.gateway, parsed.data, 'mqtt'));
    } catch (error) {
      if (error instanceof AppError) {
        answer(serial, { error: error.code });
        return;
      }
      log.error({ err: error, serial }, 'MQTT uplink failed');
      answer(serial, { error: 'internal_error' });
    }
  }

  return {
    start() {
      const topic = sharedUplinkTopic(deps.shareGroup);
      const connection = mqtt.connect(url, {
        clientId: deps.clientId,
        protocolVersion: 5,
        clean: false,
        properties: { sessionExpiryInterval: deps.sessionExpirySeconds },
        reconnectPeriod: 2_000,
        connectTimeout: 10_000,
      });
      client = connection;
      connection.on('error', (error) => log.warn({ err: error }, 'MQTT connection error'));
      connection.on('offline', () => log.warn('MQTT broker unreachable; reconnecting'));
      // Sequential, and PUBACK only after the uplink is handled (committed and answered).
      connection.handleMessage = (packet, done) => {
        // While stopping, leave the message unacknowledged (the gateway sends it again).
        if (stopping) return;
        current = handle(packet.topic, packet.payload as Buffer).catch((error: unknown) => {
          log.error({ err: error }, 'MQTT message handling failed');
        });
        current.then(() => done());
      };
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          log.warn({ url }, 'MQTT bridge not subscribed yet; continuing to retry');
          resolve();
        }, deps.readyTimeoutMs ?? 5_000);
        timer.unref();
        connection.once('connect', () => {
          // Later reconnections resubscribe by themselves (`resubscribe`, on by default); subscribing again on a
          // resumed session keeps its queue.
          connection.subscribe(topic, { qos: 1 }, (error) => {
            if (error) log.error({ err: error }, 'MQTT subscription failed');
            else log.info({ topic, clientId: deps.clientId }, 'MQTT bridge subscribed');
            clearTimeout(timer);
            resolve();
          });
        });
      });
    },

    connected: () => client?.connected === true,

    async stop() {
      const connection = client;
      if (!connection) return;
      stopping = true;
      await current;
      // Let the last answers reach the broker (briefly: it may be gone), then say goodbye.
      if (Object.keys(connection.outgoing).length > 0) {
        await Promise.race([
          new Promise<void>((resolve) => connection.once('outgoingEmpty', () => resolve())),
          new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
        ]);
      }
      await connection.endAsync(Object.keys(connection.outgoing).length > 0);
      client = undefined;
    },
  };
}
