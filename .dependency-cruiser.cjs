/**
 * Import rules of the house (ARCHITECTURE §3 rule 1, docs/architecture.md "Import rules").
 * Runs in `npm run lint` as `depcruise --config .dependency-cruiser.cjs apps packages`.
 * scripts/import-rules.test.ts proves each rule fires on the fixture trees under scripts/fixtures/.
 *
 * Paths are relative to the directory depcruise runs from (the repository root, or a fixture root in the test).
 * Packages resolved from node_modules keep a `node_modules/<name>/` segment in their path, wherever that
 * node_modules lives, hence the `(^|/)node_modules/` prefixes.
 */

/** Packages that talk to the database: only repositories, the db layer and tests may import them. */
const DB_PACKAGES = '(^|/)node_modules/(drizzle-orm|@electric-sql/pglite|pg)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // (a) web features never import each other
    {
      name: 'web-feature-isolation',
      comment:
        'A web feature must not import another feature. Move what both need to apps/web/src/shared, ' +
        'or let the route table (apps/web/src/app) compose them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    // (b) shared is below features and app; features are below app
    {
      name: 'web-shared-is-a-leaf',
      comment: 'apps/web/src/shared must not import features or the app shell (imports flow features → shared).',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-app',
      comment: 'A feature must not import the app shell (router, providers, layout); the app imports features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    // (c) only repositories (and the db layer, tests, benchmarks) import Drizzle and the database drivers
    {
      name: 'db-only-in-repositories',
      comment:
        'drizzle-orm, @electric-sql/pglite and pg may be imported only by *.repository.ts files, ' +
        'apps/server/src/db/**, apps/server/src/platform/db/**, apps/server/test/** and apps/server/bench/**.',
      severity: 'error',
      from: {
        pathNot: [
          '^apps/server/src/.+\\.repository\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/platform/db/',
          '^apps/server/test/',
          '^apps/server/bench/',
        ],
      },
      to: { path: DB_PACKAGES },
    },
    // (d) modules talk through services, never another module's repository; platform never imports modules
    {
      name: 'server-no-foreign-repository',
      comment: "A server module must not import another module's repository; call that module's service instead.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/.*\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-platform-not-modules',
      comment: 'apps/server/src/platform is below the modules: it must not import apps/server/src/modules.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    // (e) contracts depend on zod only; web and server never import each other; packages never import apps
    {
      name: 'contracts-only-zod',
      comment: 'packages/contracts is shared by server, web and mobile: it may import nothing but zod.',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^packages/contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'i18n-standalone',
      comment: 'packages/i18n depends on nothing of ours (no contracts, no apps): only Node built-ins.',
      severity: 'error',
      from: { path: '^packages/i18n/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/i18n/' },
    },
    {
      name: 'packages-not-apps',
      comment: 'Shared packages must not import application code.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app must not import server code; share through packages/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server must not import web code; share through packages/contracts.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    // (f) no cycles (type-only edges erase at compile time and are ignored)
    {
      name: 'no-circular',
      comment: 'Circular dependency. Break it by moving the shared part into a lower layer.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    // hygiene
    {
      name: 'not-to-unresolvable',
      comment: 'This import cannot be resolved to a file on disk (missing package or wrong path).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-deprecated-core',
      comment: 'Deprecated Node.js core module.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['core'], path: '^(v8/tools/.+|_.+|constants|punycode|domain|sys)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage)/|^data/|^apps/server/src/db/migrations/|^scripts/fixtures/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
