/**
 * `GET /api/events` (issue 5 "open browsers are told at once"): server-sent events relaying the live events of the
 * actor's space (`event: alert` + `data: {AlertEvent}`), a `: ping` comment every 25 s to keep proxies from closing
 * the connection. The reply is hijacked: the headers Fastify's hooks set (security headers…) are copied onto the
 * raw response. Every open stream ends when the app closes, so that `app.close()` does not wait for the browsers.
 */
import { ACTIONS } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { EventBus } from '../../platform/events/event-bus.js';

/** Interval of the keep-alive comment. */
export const EVENTS_PING_MS = 25_000;

export const alertEventsRoutes: FastifyPluginAsyncZod<{ events: EventBus; pingMs?: number }> = async (
  app,
  { events, pingMs = EVENTS_PING_MS },
) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/api/events',
    {
      config: { access: { anyOf: [ACTIONS.PCO_ACTION] } },
      schema: {
        tags: ['Alerts'],
        summary:
          'Live events of the current space (text/event-stream): `alert` {kind, alert_ulid, type, site_ulid, equipment_ulid}',
        description:
          'A comment line `: ping` every 25 s keeps the connection open. Events are not replayed after a reconnection.',
      },
    },
    (request, reply) => {
      const actor = requireActor(request);
      reply.hijack();
      const raw = reply.raw;
      const kept = Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      raw.writeHead(200, {
        ...Object.fromEntries(kept),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\n\n');
      const unsubscribe = events.subscribe(actor.spaceId, (event) => {
        raw.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const ping = setInterval(() => raw.write(': ping\n\n'), pingMs);
      ping.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        unsubscribe();
        open.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
    },
  );
};
