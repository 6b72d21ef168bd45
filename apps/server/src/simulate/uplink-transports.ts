/**
 * How the simulator (and the ingestion benchmark) deliver an uplink (contracts "Uplinks"): over HTTP
 * (`POST /api/uplinks`, `Authorization: Device <credential>`) or over MQTT (QoS 1 on
 * `isoptera/v1/gateways/{serial}/uplink` with the credential in the message, the answer read on
 * `isoptera/v1/gateways/{serial}/ack`). Both answer the server's {@link UplinkResult} or its error.
 */
import { mqttAckTopic, mqttUplinkTopic, type UplinkPayload, type UplinkResult } from '@isoptera/contracts';
import mqtt from 'mqtt';

/** The server's answer to one uplink. */
export type UplinkAnswer = { ok: true; result: UplinkResult } | { ok: false; error: string; status?: number };

/** The gateway fields a transport needs. */
export interface UplinkSender {
  serialNumber: string;
  credential: string;
}

export interface UplinkTransport {
  readonly name: 'http' | 'mqtt';
  /** Sends one uplink of `gateway` and waits for the server's answer. Rejects only when no answer came. */
  send(gateway: UplinkSender, payload: UplinkPayload): Promise<UplinkAnswer>;
  close(): Promise<void>;
}

/** Uplinks to `POST {baseUrl}/api/uplinks`. */
export function httpTransport(baseUrl: string): UplinkTransport {
  return {
    name: 'http',
    async send(gateway, payload) {
      const response = await fetch(`${baseUrl}/api/uplinks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Device ${gateway.credential}` },
        body: JSON.stringify(payload),
      });
      const text = await response.text();
      if (response.ok) return { ok: true, result: JSON.parse(text) as UplinkResult };
      let error = text;
      try {
        error = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      return { ok: false, status: response.status, error };
    },
    async close() {},
  };
}

/**
 * Uplinks published on the broker `brokerUrl`. Several uplinks of one gateway may be in flight: the server answers
 * them in order, so the answers are matched first in, first out. `timeoutMs` (default 15 s) bounds each wait.
 */
export async function mqttTransport(brokerUrl: string, timeoutMs = 15_000): Promise<UplinkTransport> {
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: `isoptera-simulator-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 1_000,
  });
  const waiting = new Map<string, ((answer: UplinkAnswer) => void)[]>();
  const subscribed = new Map<string, Promise<unknown>>();
  client.on('message', (topic, message) => {
    const serial = topic.split('/')[3] ?? '';
    const next = waiting.get(serial)?.shift();
    if (!next) return;
    try {
      const body = JSON.parse(message.toString('utf8')) as UplinkResult | { error: string };
      next('error' in body ? { ok: false, error: body.error } : { ok: true, result: body });
    } catch {
      next({ ok: false, error: `unreadable answer: ${message.toString('utf8').slice(0, 200)}` });
    }
  });
  return {
    name: 'mqtt',
    async send(gateway, payload) {
      const serial = gateway.serialNumber;
      let subscription = subscribed.get(serial);
      if (!subscription) {
        subscription = client.subscribeAsync(mqttAckTopic(serial), { qos: 1 });
        subscribed.set(serial, subscription);
      }
      await subscription;
      const queue = waiting.get(serial) ?? [];
      waiting.set(serial, queue);
      const answered = new Promise<UplinkAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = queue.indexOf(done);
          if (index >= 0) queue.splice(index, 1);
          reject(new Error(`no answer on ${mqttAckTopic(serial)} within ${timeoutMs} ms`));
        }, timeoutMs);
        function done(answer: UplinkAnswer) {
          clearTimeout(timer);
          resolve(answer);
        }
        queue.push(done);
      });
      await client.publishAsync(
        mqttUplinkTopic(serial),
        JSON.stringify({ ...payload, credential: gateway.credential }),
        {
          qos: 1,
        },
      );
      return answered;
    },
    async close() {
      await client.endAsync();
    },
  };
}
