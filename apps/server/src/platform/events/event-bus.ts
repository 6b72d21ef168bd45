/**
 * The in-process bus of live events (issue 5: "open browsers are told at once"). Modules publish an event for a
 * space after their change is committed; the server-sent-events route relays each space's events to the browsers of
 * that space. One bus per app (`ModuleDeps.events`); events are not persisted, so a browser that was away simply
 * reloads its lists. The whole app runs in one process (HTTP, MQTT bridge, jobs), so no broker is needed; several
 * processes would relay through PostgreSQL `LISTEN/NOTIFY` behind this same interface.
 */
import { EventEmitter } from 'node:events';

/** One event: its name (the SSE `event:` field) and JSON-serialisable data. */
export interface SpaceEvent {
  name: string;
  data: unknown;
}

export interface EventBus {
  /** Delivers `event` to the current subscribers of `spaceId` (synchronously; a failing listener is isolated). */
  publish(spaceId: string, event: SpaceEvent): void;
  /** Calls `listener` for every event of `spaceId` until the returned function is called. */
  subscribe(spaceId: string, listener: (event: SpaceEvent) => void): () => void;
}

/** A new, empty bus. */
export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(spaceId, event) {
      for (const listener of emitter.listeners(spaceId)) {
        try {
          (listener as (event: SpaceEvent) => void)(event);
        } catch {
          // one broken connection must not stop the others
        }
      }
    },
    subscribe(spaceId, listener) {
      emitter.on(spaceId, listener);
      return () => emitter.off(spaceId, listener);
    },
  };
}
