/**
 * `GET /healthz` (liveness: the process answers) and `GET /readyz` (readiness: database, migrations, broker),
 * registered from their contracts (plain JSON; issue 16 "Operations").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { healthEndpoints, type Readiness } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { type Db, MIGRATIONS_FOLDER } from '../../platform/db/database.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { Operations } from '../../platform/http/operations.js';
import { appliedMigrations } from './health.repository.js';

/** How many migrations this build commits (drizzle-kit's journal). */
const COMMITTED_MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

export async function healthRoutes(app: FastifyInstance, { db, operations }: { db: Db; operations: Operations }) {
  route(app, healthEndpoints.get, async () => ({ status: 'ok' as const }));

  route(app, healthEndpoints.ready, async (_request, reply) => {
    const checks: Readiness['checks'] = { database: 'failing', migrations: 'failing', broker: 'not_configured' };
    try {
      const applied = await appliedMigrations(db);
      checks.database = 'ok';
      checks.migrations = applied >= COMMITTED_MIGRATIONS ? 'ok' : 'failing';
    } catch {
      // unreachable database, or no migration table yet: both stay failing
    }
    checks.broker = await operations.checkBroker().catch(() => 'failing' as const);
    const ready = Object.values(checks).every((outcome) => outcome !== 'failing');
    reply.code(ready ? 200 : 503);
    return { status: ready ? ('ready' as const) : ('not_ready' as const), checks };
  });
}
