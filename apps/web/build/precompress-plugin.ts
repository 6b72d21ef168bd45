/**
 * Pre-compression of the build (issue 11 "The web app is sent uncompressed"): writes `<file>.br` (brotli, quality
 * 11) and `<file>.gz` (gzip, level 9) beside every compressible file Vite emits — scripts, stylesheets, `index.html`,
 * SVG and JSON — so that the server sends them with `content-encoding` by the request's `Accept-Encoding` without
 * compressing anything per request (apps/server/src/platform/http/spa.ts). A copy that would not be smaller than the
 * file is not written (the server then sends the file itself).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The emitted files worth compressing (text formats; images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The encodings written, by file suffix. */
const ENCODERS: Record<'.br' | '.gz', (content: Buffer) => Promise<Buffer>> = {
  '.br': (content) =>
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  '.gz': (content) => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
};

/** `true` for a file of the build that gets compressed copies (not Vite's own `.vite/` manifest). */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.test(file) && !file.split(/[\\/]/).includes('.vite');
}

/**
 * Writes the `.br` and `.gz` copies of `files` (paths relative to `dir`) that are smaller than the file; returns the
 * paths written, relative to `dir`.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<string[]> {
  const written = await Promise.all(
    files.filter(isCompressible).map(async (file) => {
      const content = await readFile(path.join(dir, file));
      const copies = await Promise.all(
        Object.entries(ENCODERS).map(async ([suffix, encode]) => {
          const compressed = await encode(content);
          if (compressed.length >= content.length) return null;
          await writeFile(path.join(dir, `${file}${suffix}`), compressed);
          return `${file}${suffix}`;
        }),
      );
      return copies.filter((copy): copy is string => copy !== null);
    }),
  );
  return written.flat();
}

/** The Vite plugin: after the bundle is written, compresses what it emitted (build only). */
export function precompress(): Plugin {
  return {
    name: 'isoptera-precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      if (!output.dir) return;
      await precompressFiles(output.dir, Object.keys(bundle));
    },
  };
}
