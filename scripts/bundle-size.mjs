#!/usr/bin/env node
/**
 * Bundle budget check of the web app (ARCHITECTURE §6 "Web"): login route ≤ 150 kB gzip of JS, authenticated
 * shell ≤ 250 kB gzip of JS. `npm run bench:bundle` builds the web app then runs it (alone: `node scripts/bundle-size.mjs
 * [--verbose]` after `npm run build`); exits 1 when a budget is exceeded, 2 when the build or its manifest is missing.
 *
 * Reads the Vite manifest (`apps/web/dist/.vite/manifest.json`, `build.manifest: true`) and sums the gzip size
 * (node:zlib, default level, one file at a time as a browser downloads them) of every JS chunk a screen needs:
 * - the entry (`index.html`) and its static imports, recursively;
 * - each lazy chunk the screen loads (route screen, layout, and for the shell the notification viewport mounted once
 *   idle) and its static imports, recursively;
 * - the translation catalogues of one language (ARCHITECTURE §8: loaded lazily, only the active language): the start
 *   group for every screen, the shell group too for the shell; the heaviest language is counted, so that the figure
 *   holds for every user.
 * Modules reached only through other dynamic imports (other screens, panels opened on demand) are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const MANIFEST = `${DIST}.vite/manifest.json`;
const KB = 1000;

/**
 * The screens measured, with their budget and the lazily loaded modules (paths under apps/web) they need on top of the
 * entry. The shell counts the notification viewport, loaded once idle after the first render (src/app/providers.tsx).
 */
const SCREENS = [
  { name: 'login route', budget: 150 * KB, catalogues: ['locale'], lazy: ['src/features/auth/pages/login-page.tsx'] },
  {
    name: 'authenticated shell + Home',
    budget: 250 * KB,
    // the start and shell groups of catalogues, and the query client loaded when the session opens (app/providers.tsx)
    catalogues: ['locale', 'shell-locale'],
    lazy: [
      'src/app/layout/app-layout.tsx',
      // Home's route composes the home page with the contracts' due-visits card, itself loaded lazily (issue 13)
      'src/app/pages/home-route.tsx',
      'src/shared/ui/notifications.tsx',
      'src/app/query-client.ts',
    ],
  },
];

/** A catalogue: the source `…/locales/<lang>/<namespace>.json`, or the per-language chunk `locale-<lang>`. */
/** A catalogue chunk: `locale-<lang>` (start group) or `shell-locale-<lang>` (shell group), vite.config.ts. */
const CATALOGUE_CHUNK = /^((?:shell-)?locale)-(.+)$/;

if (!existsSync(MANIFEST)) {
  console.error(`bundle-size: ${MANIFEST} not found; run \`npm run build\` first (build.manifest must be enabled).`);
  process.exit(2);
}

/** @type {Record<string, {file: string, name?: string, src?: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

/** @type {Map<string, number>} */
const gzipCache = new Map();

/** Gzip size in bytes of one emitted file. */
function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(`${DIST}${file}`)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * The manifest key of the chunk holding a module: the module itself when it is its own chunk, else the shared chunk
 * named after it (a module both imported and lazily loaded becomes a `_<name>-<hash>.js` chunk).
 */
function chunkOf(module) {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((key) => manifest[key]?.src === module || manifest[key]?.name === name);
  if (named.length !== 1) throw new Error(`bundle-size: no single chunk for ${module} (renamed, or no longer lazy?)`);
  return /** @type {string} */ (named[0]);
}

/** Adds the JS file of a manifest chunk and of its static imports (recursively) to `files`. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-size: ${key} is not in the manifest`);
  if (!chunk.file.endsWith('.js') || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entries.length !== 1) throw new Error(`bundle-size: expected one entry in the manifest, found ${entries.length}`);
const entryFiles = collect(/** @type {string} */ (entries[0]), new Set());

// per catalogue group, the heaviest language (its chunk and imports, minus what the entry already holds)
/** @type {Map<string, Map<string, Set<string>>>} group → language → files */
const catalogueFiles = new Map();
for (const key of Object.keys(manifest)) {
  const match = CATALOGUE_CHUNK.exec(manifest[key]?.name ?? '');
  if (!match) continue;
  const [, group = '', language = ''] = match;
  const byLanguage = catalogueFiles.get(group) ?? new Map();
  byLanguage.set(language, collect(key, byLanguage.get(language) ?? new Set()));
  catalogueFiles.set(group, byLanguage);
}
if (catalogueFiles.size === 0) throw new Error('bundle-size: no translation catalogue in the manifest');
const catalogueCost = (files) => total(new Set([...files].filter((file) => !entryFiles.has(file))));
/** The files of the heaviest language of `group`, so that the figure holds for every user. */
function heaviestCatalogue(group) {
  const byLanguage = catalogueFiles.get(group);
  if (!byLanguage) throw new Error(`bundle-size: no '${group}' catalogue chunk in the manifest`);
  return [...byLanguage.values()].reduce((max, files) => (catalogueCost(files) > catalogueCost(max) ? files : max));
}

let failed = false;
console.log(`JS needed per screen, gzip (entry ${kB(total(entryFiles))}, heaviest language's catalogues counted):`);
for (const screen of SCREENS) {
  const files = new Set([...entryFiles, ...screen.catalogues.flatMap((group) => [...heaviestCatalogue(group)])]);
  for (const module of screen.lazy) collect(chunkOf(module), files);
  const size = total(files);
  const over = size > screen.budget;
  failed ||= over;
  console.log(
    `  ${over ? '✗' : '✓'} ${screen.name.padEnd(28)} ${kB(size).padStart(9)} / ${kB(screen.budget)}  (${files.size} files)`,
  );
  if (process.argv.includes('--verbose')) {
    for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`      ${kB(gzipSize(file)).padStart(9)}  ${file}`);
    }
  }
}
if (failed) {
  console.error('bundle-size: over budget (ARCHITECTURE §6); run with --verbose for the chunks of each screen.');
  process.exit(1);
}
