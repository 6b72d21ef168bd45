/** `npm run seed [-- --reset]`: seeds the demo data into the configured database (`--reset` empties it first). */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/db/database.js';
import { seedDemoIfEmpty, truncateAll } from './seed-demo.js';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
if (process.argv.includes('--reset')) await truncateAll(database.db);
const seeded = await seedDemoIfEmpty(database.db);
console.log(seeded ? 'Demo data seeded.' : 'The database is not empty: nothing seeded (use --reset).');
await database.close();
