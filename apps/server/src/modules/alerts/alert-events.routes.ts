/**
 * `GET /api/events` (issue 5 "open browsers are told at once"): server-sent events relaying the live events of the
 * actor's space (`event: alert` + `data: {AlertEvent}`), a `: ping` comment every 25 s to keep proxies from closing
 * the connection. The reply is hijacked: the headers Fastify's hooks set (security headers…) are copied onto the
 * raw response. Every open stream ends when the app closes, so that `app.close()` does not wait for the browsers.
 */
import { alertEndpoints } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { route } from '../../platform/http/endpoint-route.js';

/** Interval of the keep-alive comment. */
export const EVENTS_PING_MS = 25_000;

export async function alertEventsRoutes(
  app: FastifyInstance,
  { events, pingMs = EVENTS_PING_MS }: { events: EventBus; pingMs?: number },
): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  route(app, alertEndpoints.events, (request, reply) => {
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
    return reply;
  });
}
