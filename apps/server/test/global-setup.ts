/**
 * Vitest global set-up of the server projects: builds the migrated template once per run — a PGlite dump file, or
 * a PostgreSQL template database `<DATABASE_URL db>_tpl` — and provides it to the test files as `dbTemplate`. The
 * template holds the pg-boss schema and the mail queue too, so that an app starting on a copy only checks them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLIENT_IMPORT_QUEUE } from '../src/modules/client-imports/client-import-job.js';
import { openPglite, openPostgres } from '../src/platform/db/database.js';
import { installJobQueues } from '../src/platform/mail/job-database.js';
import { installMailQueue } from '../src/platform/mail/mail-queue.js';
import { adminQuery, databaseName, withDatabase } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // the project's `env` reaches the test workers, not this process: read it from the project's config
  if (project.config.env?.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'isoptera-tpl-'));
    const database = await openPglite();
    await database.migrate();
    await installMailQueue(database.db);
    await installJobQueues(database.db, [CLIENT_IMPORT_QUEUE]);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('dbTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const template = `${databaseName(url)}_tpl`;
  await adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const database = openPostgres(withDatabase(url, template), 2);
  await database.migrate();
  await installMailQueue(database.db);
  await installJobQueues(database.db, [CLIENT_IMPORT_QUEUE]);
  await database.close();
  project.provide('dbTemplate', template);
  return () => adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}
