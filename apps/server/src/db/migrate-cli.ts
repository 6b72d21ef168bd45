/**
 * `npm run migrate`: applies the committed migrations to the configured database (`DATABASE_URL`, else the embedded
 * PGlite in `DATA_DIR/db`) and exits — for deployments that migrate before starting instances. Safe to run while
 * instances start: the migration takes the same advisory lock as they do (platform/db/database.ts).
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../platform/db/database.js';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log('Migrations applied.');
} finally {
  await database.close();
}
