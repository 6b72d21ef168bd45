/**
 * PostgreSQL `LISTEN/NOTIFY` on one channel, for both drivers (issue 16 "Live events go through PostgreSQL
 * LISTEN/NOTIFY"): every instance on the same database hears every notification, its own included.
 *
 * - PostgreSQL: `notify` runs `pg_notify` on a pooled connection; `listen` holds one dedicated `pg.Client` (a pooled
 *   connection would be handed to other queries) and reconnects with a back-off when that connection ends — what was
 *   notified while it was down is lost (live events are not persisted: a browser that missed one reloads its lists); the
 *   listener is told when it loses and regains the connection (`onConnection`), so a cache fed by notifications can
 *   stop trusting itself meanwhile (platform/auth/session-guard.ts).
 * - PGlite: its own `listen`/`query` (one embedded instance; the same code path as PostgreSQL).
 *
 * Payloads are text of at most {@link NOTIFY_PAYLOAD_MAX_BYTES} bytes (PostgreSQL's limit is 8 000).
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The largest payload `notify` sends (bytes of UTF-8; PostgreSQL refuses more than 7 999). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_900;

export interface NotificationChannel {
  /** Sends `payload` to every listener of the channel, on every instance. Throws when the database refuses it. */
  notify(payload: string): Promise<void>;
  /**
   * Calls `onPayload` for each notification until the returned function is called (it stops listening).
   * `onConnection(false)` is called when the listening connection is lost (notifications sent from then on are lost
   * to this listener) and `onConnection(true)` once it listens again; never for the first connection, nor on PGlite.
   */
  listen(
    onPayload: (payload: string) => void,
    onConnection?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
}

/** The channel `name` over a PGlite instance. */
export function pgliteChannel(client: PGlite, name: string): NotificationChannel {
  return {
    async notify(payload) {
      await client.query('select pg_notify($1, $2)', [name, payload]);
    },
    async listen(onPayload) {
      const stop = await client.listen(name, onPayload);
      return async () => {
        await stop();
      };
    },
  };
}

/** The channel `name` over PostgreSQL: `notify` through `pool`, `listen` on its own connection to `url`. */
export function postgresChannel(
  pool: pg.Pool,
  url: string,
  name: string,
  options: { onError?: (error: Error) => void; retryMs?: number } = {},
): NotificationChannel {
  const retryMs = options.retryMs ?? 1_000;
  const onError = options.onError ?? ((error: Error) => process.emitWarning(`LISTEN ${name}: ${error.message}`));
  return {
    async notify(payload) {
      await pool.query('select pg_notify($1, $2)', [name, payload]);
    },
    async listen(onPayload, onConnection) {
      let client: pg.Client | undefined;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let lost = false;
      const down = () => {
        if (lost) return;
        lost = true;
        onConnection?.(false);
      };

      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === name && message.payload !== undefined) onPayload(message.payload);
        });
        // a connection that ends (server restart, pg_terminate_backend) is replaced
        const replace = (error?: Error) => {
          if (error) onError(error);
          if (stopped || client !== next) return;
          client = undefined;
          down();
          next.end().catch(() => {});
          timer = setTimeout(() => void connect().catch(retry), retryMs);
          timer.unref();
        };
        next.on('error', replace);
        next.on('end', () => replace());
        client = next;
        await next.connect();
        await next.query(`LISTEN "${name.replaceAll('"', '""')}"`);
        if (lost && client === next) {
          lost = false;
          onConnection?.(true);
        }
      };
      const retry = (error: Error) => {
        onError(error);
        if (stopped) return;
        client = undefined;
        down();
        timer = setTimeout(() => void connect().catch(retry), retryMs);
        timer.unref();
      };

      await connect();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        const current = client;
        client = undefined;
        await current?.end().catch(() => {});
      };
    },
  };
}
