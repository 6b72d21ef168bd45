#!/usr/bin/env node
/**
 * Unused dependencies (issue 14 "Remove the dependencies nothing imports"; part of `npm run lint`): every package named
 * in the `dependencies` or `devDependencies` of the root and of each workspace must be named as a module by a source
 * file of that package — a quoted `'x'` or `'x/…'`: an import, `require`, CSS `@import "x"`, or a module a tool loads
 * by name (`environment: 'happy-dom'`, `target: 'pino-pretty'`, a font file resolved in the package) —, unless it is
 * listed in {@link USED_WITHOUT_IMPORT} with the reason it is needed all the same (a command-line tool, a peer
 * dependency; `@types/*` are always kept). `node scripts/unused-dependencies.mjs` prints them and exits 1 if any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Packages needed without a source file importing them: name → why. `@types/*` packages are always kept. */
export const USED_WITHOUT_IMPORT = {
  '@biomejs/biome': 'the `biome` command of `npm run lint`',
  typescript: 'the `tsc` command of `npm run typecheck`',
  dclint: 'the `dclint` command of `npm run lint` (compose.yaml)',
  'dockerfile-utils': 'the `dockerfile-utils lint` command of `npm run lint` (Dockerfile)',
  tsx: 'runs TypeScript for Node (`node --import tsx`, the server and its scripts) from the root as well',
  '@testing-library/dom': 'peer dependency of @testing-library/react',
};

const SOURCE = /\.(?:[cm]?[jt]sx?|css)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data', 'test-results', 'screenshots', 'coverage']);
/** This check and its test name packages as examples: they do not count as using them. */
const SELF = new Set(['unused-dependencies.mjs', 'unused-dependencies.test.ts']);

/** Every source file under `directory`, skipping dependencies, builds and the other workspaces (`skip`). */
function sourceFiles(directory, skip) {
  const files = [];
  for (const entry of readdirSync(directory)) {
    if (entry.startsWith('.') && entry !== '.dependency-cruiser.cjs') continue;
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry) && !skip.has(full)) files.push(...sourceFiles(full, skip));
    } else if (SOURCE.test(entry) && !SELF.has(entry)) {
      files.push(full);
    }
  }
  return files;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `true` when `text` names the module `name` or one of its files in a quoted string. */
function namesModule(text, name) {
  return new RegExp(`['"\`]${escapeRegExp(name)}(?:/[^'"\`\\s]*)?['"\`]`).test(text);
}

/**
 * The dependencies of the root package and its workspaces under `root` that nothing imports:
 * `[{ package: 'apps/web', name: 'i18next-browser-languagedetector' }, …]`, sorted.
 */
export function unusedDependencies(root) {
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const workspaces = (rootManifest.workspaces ?? []).map((workspace) => path.join(root, workspace));
  const unused = [];
  for (const directory of [root, ...workspaces]) {
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
    const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    const skip = new Set(directory === root ? workspaces : []);
    const texts = sourceFiles(directory, skip).map((file) => readFileSync(file, 'utf8'));
    for (const name of names) {
      if (name.startsWith('@types/') || name in USED_WITHOUT_IMPORT) continue;
      if (!texts.some((text) => namesModule(text, name))) {
        unused.push({ package: path.relative(root, directory) || '.', name });
      }
    }
  }
  return unused.sort((a, b) => `${a.package} ${a.name}`.localeCompare(`${b.package} ${b.name}`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const unused = unusedDependencies(root);
  for (const { package: where, name } of unused) console.error(`${where}/package.json: ${name} is imported nowhere`);
  if (unused.length > 0) {
    console.error('Remove it, or list it in USED_WITHOUT_IMPORT (scripts/unused-dependencies.mjs) with the reason.');
    process.exit(1);
  }
}
