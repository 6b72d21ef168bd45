#!/usr/bin/env node
/**
 * The server's production build (issue 16 "Operations": the server runs from built JavaScript, not `tsx`).
 * `npm run build -w @isoptera/server` → `apps/server/dist/main.js` (the server, `src/main.ts`) and
 * `apps/server/dist/migrate.js` (`npm run migrate`, `src/db/migrate-cli.ts`): ES modules for Node ≥ 20.19, run with
 * plain `node`.
 *
 * esbuild bundles our own TypeScript — the server and the workspace packages `@isoptera/contracts` and
 * `@isoptera/i18n`, which are TypeScript source only — and leaves every other package external: it is loaded from
 * `node_modules` at run time as in development (native addons, pdfmake's files, pg-boss's SQL …).
 *
 * Files the server reads at run time stay where they are in the repository, and the bundle finds them there:
 * `import.meta.dirname`, `import.meta.filename` and `import.meta.url` in our sources are rewritten to the path of the
 * source file they were written in, relative to the bundle. So `MIGRATIONS_FOLDER` is still
 * `apps/server/src/db/migrations`, the catalogues `packages/i18n/locales`, the web app `apps/web/dist`. An image that
 * runs the bundle must hold those folders at the same places (the `Dockerfile` copies them).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = import.meta.dirname;
const OUT_DIR = path.join(SERVER_ROOT, 'dist');

/**
 * `import.meta.dirname` / `filename` / `url` in a source file of ours, as expressions relative to a bundle written
 * into `outDir`.
 */
const rewriteImportMeta = (outDir) => ({
  name: 'isoptera-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      const file = JSON.stringify(path.relative(outDir, args.path).split(path.sep).join('/'));
      const contents = source.replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, what) => {
        if (what === 'dirname') return `__isopteraPath.dirname(__isopteraPath.resolve(import.meta.dirname, ${file}))`;
        if (what === 'filename') return `__isopteraPath.resolve(import.meta.dirname, ${file})`;
        return `__isopteraUrl.pathToFileURL(__isopteraPath.resolve(import.meta.dirname, ${file})).href`;
      });
      return { contents, loader: 'ts' };
    });
  },
});

/** Every bare import except our workspace packages stays external (resolved from node_modules at run time). */
const externalPackages = {
  name: 'isoptera-external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@isoptera/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles `entryPoints` (name → TypeScript entry) into `outDir` as the production build does (`<name>.js`, ES
 * modules, our workspace packages inlined, every other package external). Also used by the benchmarks
 * (`bench/children.ts`), so that the servers they measure run as production runs them: plain `node`, no `tsx`.
 * Rejects with esbuild's error when a file does not compile.
 */
export async function bundleServer({ entryPoints, outDir }) {
  await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // the helpers the rewritten `import.meta` expressions use
    banner: {
      js: "import __isopteraPath from 'node:path';\nimport __isopteraUrl from 'node:url';",
    },
    plugins: [externalPackages, rewriteImportMeta(outDir)],
    logLevel: 'warning',
    legalComments: 'none',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  await bundleServer({
    entryPoints: {
      main: path.join(SERVER_ROOT, 'src/main.ts'),
      migrate: path.join(SERVER_ROOT, 'src/db/migrate-cli.ts'),
    },
    outDir: OUT_DIR,
  });
  console.log(`Server built into ${path.relative(process.cwd(), OUT_DIR) || '.'} in ${Date.now() - started} ms.`);
}
