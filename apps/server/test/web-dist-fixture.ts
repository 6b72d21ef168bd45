/**
 * A small built SPA, laid out as `npm run build` writes apps/web/dist (issue 11 delivery): `index.html` and a hashed
 * script under `assets/`, each with its `.br` and `.gz` beside it; a hashed stylesheet with only a `.gz`; an unhashed
 * `favicon.svg` without compressed copies. Pass its `dir` as `WEB_DIST` to `buildTestApp`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface WebDistFixture {
  dir: string;
  /** The uncompressed content of each file, by URL path. */
  files: {
    '/index.html': string;
    '/assets/index-Ab12Cd34.js': string;
    '/assets/index-Ef56Gh78.css': string;
    '/favicon.svg': string;
  };
}

/** Writes the fixture into a new temporary directory. */
export function createWebDistFixture(): WebDistFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'isoptera-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: WebDistFixture['files'] = {
    '/index.html':
      '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Isoptera</title>' +
      '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head>' +
      '<body><div id="root" data-version="0.1.0"></div></body></html>\n',
    '/assets/index-Ab12Cd34.js': `export const app = ${JSON.stringify('Isoptera '.repeat(200))};\n`,
    '/assets/index-Ef56Gh78.css': `${'.card{display:flex;padding:1rem}'.repeat(100)}\n`,
    '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>\n',
  };
  for (const [url, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, url), content);
  }
  for (const url of ['/index.html', '/assets/index-Ab12Cd34.js'] as const) {
    writeFileSync(path.join(dir, `${url}.br`), brotliCompressSync(files[url]));
    writeFileSync(path.join(dir, `${url}.gz`), gzipSync(files[url]));
  }
  writeFileSync(path.join(dir, '/assets/index-Ef56Gh78.css.gz'), gzipSync(files['/assets/index-Ef56Gh78.css']));
  return { dir, files };
}
