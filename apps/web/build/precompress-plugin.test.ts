// @vitest-environment node
/** The build's pre-compressed copies (issue 11): `.br` and `.gz` beside each compressible file, decoding to it. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCompressible, precompressFiles } from './precompress-plugin';

describe('precompressFiles', () => {
  it('writes .br and .gz copies of scripts, stylesheets and index.html that decode to the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'isoptera-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('termite '.repeat(500))};\n`;
    writeFileSync(path.join(dir, 'assets/index-Ab12.js'), script);
    writeFileSync(path.join(dir, 'assets/index-Cd34.css'), '.a{color:red}'.repeat(200));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html>${'<p>Isoptera</p>'.repeat(50)}</html>`);
    writeFileSync(path.join(dir, 'assets/logo-Ef56.png'), Buffer.alloc(2000, 1));

    const written = await precompressFiles(dir, [
      'assets/index-Ab12.js',
      'assets/index-Cd34.css',
      'index.html',
      'assets/logo-Ef56.png',
    ]);
    expect(written.sort()).toEqual([
      'assets/index-Ab12.js.br',
      'assets/index-Ab12.js.gz',
      'assets/index-Cd34.css.br',
      'assets/index-Cd34.css.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = readFileSync(path.join(dir, 'assets/index-Ab12.js.br'));
    const gz = readFileSync(path.join(dir, 'assets/index-Ab12.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(existsSync(path.join(dir, 'assets/logo-Ef56.png.br'))).toBe(false);
  });

  it('writes no copy that would not be smaller than the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'isoptera-precompress-'));
    writeFileSync(path.join(dir, 'tiny.js'), 'x');
    expect(await precompressFiles(dir, ['tiny.js'])).toEqual([]);
  });

  it("leaves Vite's own manifest alone", () => {
    expect(isCompressible('.vite/manifest.json')).toBe(false);
    expect(isCompressible('assets/index-Ab12.js')).toBe(true);
    expect(isCompressible('assets/photo-Ab12.jpg')).toBe(false);
  });
});
