/**
 * The bus of live events (issue 5: "open browsers are told at once"; issue 16 "every instance's open browsers get
 * every event of their space"). Modules publish an event for a space after their change is committed; the
 * server-sent-events route relays each space's events to the browsers of that space. One bus per app
 * (`ModuleDeps.events`); events are not persisted, so a browser that was away simply reloads its lists.
 *
 * - {@link createNotifyEventBus} (what the server runs): each event goes through PostgreSQL `NOTIFY` and is delivered
 *   when it comes back through `LISTEN`, on every instance on the database — this one included, so the order of
 *   delivery is the database's commit order everywhere.
 * - {@link createEventBus}: in-process only, for tools that run without a server (the demo seed).
 */
import { EventEmitter } from 'node:events';
import { NOTIFY_PAYLOAD_MAX_BYTES, type NotificationChannel } from '../db/notification-channel.js';

/** One event: its name (the SSE `event:` field) and JSON-serialisable data. */
export interface SpaceEvent {
  name: string;
  data: unknown;
}

export interface EventBus {
  /**
   * Delivers `event` to the current subscribers of `spaceId` (a failing listener is isolated). Never throws: a
   * delivery that fails is logged and lost, as a live event may be.
   */
  publish(spaceId: string, event: SpaceEvent): void;
  /** Calls `listener` for every event of `spaceId` until the returned function is called. */
  subscribe(spaceId: string, listener: (event: SpaceEvent) => void): () => void;
}

/** A bus that must be started (it listens) and stopped (it stops listening). */
export interface StartableEventBus extends EventBus {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Subscribers per space, delivering synchronously and isolating a failing listener. */
function localSubscribers() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver(spaceId: string, event: SpaceEvent): void {
      for (const listener of emitter.listeners(spaceId)) {
        try {
          (listener as (event: SpaceEvent) => void)(event);
        } catch {
          // one broken connection must not stop the others
        }
      }
    },
    subscribe(spaceId: string, listener: (event: SpaceEvent) => void): () => void {
      emitter.on(spaceId, listener);
      return () => emitter.off(spaceId, listener);
    },
  };
}

/** A new, empty in-process bus: `publish` delivers synchronously to this process's subscribers only. */
export function createEventBus(): EventBus {
  const local = localSubscribers();
  return { publish: local.deliver, subscribe: local.subscribe };
}

/** What travels in a notification: the space, the event's name and data. */
interface Envelope {
  s: string;
  n: string;
  d: unknown;
}

/**
 * A bus shared by every instance on one database, through `channel` (PostgreSQL `LISTEN/NOTIFY`). `publish` sends a
 * notification and returns at once; subscribers get the event when the notification comes back (a few
 * milliseconds), in the order this instance published them. An event whose JSON is over {@link NOTIFY_PAYLOAD_MAX_BYTES} bytes reaches this instance's
 * browsers only (logged with `warn`). Call `start()` before publishing, `stop()` on close.
 */
export function createNotifyEventBus(
  channel: NotificationChannel,
  log: { warn(object: object, message: string): void },
): StartableEventBus {
  const local = localSubscribers();
  let stopListening: (() => Promise<void>) | undefined;
  let queue: Promise<void> = Promise.resolve();
  return {
    publish(spaceId, event) {
      const payload = JSON.stringify({ s: spaceId, n: event.name, d: event.data } satisfies Envelope);
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) {
        log.warn({ spaceId, event: event.name, bytes: Buffer.byteLength(payload) }, 'live event too large to notify');
        local.deliver(spaceId, event);
        return;
      }
      // one at a time, so that this instance's events arrive everywhere in the order it published them
      queue = queue
        .then(() => channel.notify(payload))
        .catch((error: unknown) => {
          log.warn({ err: error, spaceId, event: event.name }, 'live event not notified');
        });
    },
    subscribe: local.subscribe,
    async start() {
      if (stopListening) return;
      stopListening = await channel.listen((payload) => {
        let envelope: Envelope;
        try {
          envelope = JSON.parse(payload) as Envelope;
        } catch {
          return; // not one of ours
        }
        if (typeof envelope?.s === 'string' && typeof envelope.n === 'string') {
          local.deliver(envelope.s, { name: envelope.n, data: envelope.d });
        }
      });
    },
    async stop() {
      await queue;
      const stop = stopListening;
      stopListening = undefined;
      await stop?.();
    },
  };
}
