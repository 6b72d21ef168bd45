/**
 * Process entry: config → database → migrate (once, under an advisory lock) → (seed the demo, once) → listen
 * (ARCHITECTURE §3; issue 16 "several instances"). Any number of instances may start together on one PostgreSQL:
 * the one that takes the migration lock migrates, the others wait for it and find nothing left to do.
 * SIGTERM/SIGINT close the server (in-flight requests finish, jobs and the MQTT bridge stop) and the database.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './db/seed/demo-people.js';
import { seedDemoIfEmpty } from './db/seed/seed-demo.js';
import { openDatabase, SEED_LOCK } from './platform/db/database.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = config.seed === 'demo' ? await database.withLock(SEED_LOCK, () => seedDemoIfEmpty(database.db)) : false;
const app = await buildApp({
  config,
  db: database.db,
  notifications: database.notifications,
  sessionChanges: database.sessionChanges,
});

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

// A newcomer's first minute (issue 16): where the app is, on which database, and how to sign in.
const where = config.databaseUrl
  ? `PostgreSQL ${redactUrl(config.databaseUrl)}`
  : `embedded PGlite in ${config.dataDir}/db`;
const lines = [`Isoptera is ready at ${config.appUrl} (database: ${where}).`];
if (config.seed === 'demo') {
  lines.push(
    seeded ? 'Demo data seeded. Sign in with one of:' : 'Demo accounts (seeded earlier):',
    ...DEMO_PEOPLE.slice(0, 5).map((person) => `  ${person.email.padEnd(26)} ${person.memberships[0]?.role ?? ''}`),
    `  password: ${DEMO_PASSWORD}`,
  );
}
process.stdout.write(`\n${lines.join('\n')}\n\n`);

/** `postgres://user@host:5432/db` without the password. */
function redactUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}
