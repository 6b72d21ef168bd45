/**
 * One Vitest run for the whole repository (`npm run test:unit`): unit, component and API tests.
 * The API suite runs on PGlite always and, when DATABASE_URL is set, a second time on PostgreSQL
 * (each test file gets its own database named `<DATABASE_URL's database>_t<n>`, see apps/server/test/).
 * REQUIRE_POSTGRES=1 (set by .ci/run) turns a missing DATABASE_URL into an error, so CI never skips PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const databaseUrl = process.env.DATABASE_URL;

if (process.env.REQUIRE_POSTGRES === '1' && !databaseUrl) {
  throw new Error('REQUIRE_POSTGRES=1 but DATABASE_URL is not set: the PostgreSQL API suite would be skipped.');
}

const serverProject = (name: string, testDb: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    env: { TEST_DB: testDb },
    globalSetup: ['apps/server/test/global-setup.ts'],
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Test files run at once. Vitest's default (cores − 1) is one worker on the 2-core CI machines, which left a third of
 * the CPU idle while the API files waited on PostgreSQL, PGlite's file I/O and the mail sink: one more worker than
 * cores keeps both cores busy. `VITEST_MAX_WORKERS` overrides it.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        extends: true,
        test: { name: 'packages/contracts', environment: 'node', include: ['packages/contracts/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'packages/i18n', environment: 'node', include: ['packages/i18n/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 30_000 },
      },
      // the web app's own config (happy-dom, React plugin); its project name is set there
      'apps/web/vitest.config.ts',
      serverProject('server-pglite', 'pglite'),
      ...(databaseUrl ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
