/** Process entry: config → database → migrate → (seed) → listen (ARCHITECTURE §3). */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoIfEmpty } from './db/seed/seed-demo.js';
import { openDatabase } from './platform/db/database.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
if (config.seed === 'demo') await seedDemoIfEmpty(database.db);
const app = await buildApp({ config, db: database.db });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
