/**
 * The unused-dependency check of `npm run lint` (scripts/unused-dependencies.mjs, issue 14): the repository has no
 * dependency that nothing names, and the check reports one that a package declares and never imports.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unusedDependencies } from './unused-dependencies.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A repository in a temporary directory: `files` by path, package.json files as objects. */
function repository(files: Record<string, string | object>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'isoptera-deps-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

describe('unused dependencies', () => {
  it('finds none in the repository', () => {
    expect(unusedDependencies(ROOT)).toEqual([]);
  });

  it('reports a dependency of a workspace that none of its files names, and only that one', () => {
    const root = repository({
      'package.json': { workspaces: ['apps/web'], devDependencies: { typescript: '5', '@types/node': '20' } },
      'apps/web/package.json': {
        dependencies: { i18next: '26', 'i18next-browser-languagedetector': '8', sonner: '2' },
        devDependencies: { 'happy-dom': '21' },
      },
      'apps/web/src/i18n.ts': "import i18next from 'i18next';\nexport default i18next;\n",
      'apps/web/src/toast.tsx': "export { toast } from 'sonner/dist';\n",
      'apps/web/vitest.config.ts': "export default { test: { environment: 'happy-dom' } };\n",
      // another workspace's file does not count for this one
      'apps/web/node_modules/x/index.js': "require('i18next-browser-languagedetector');\n",
    });
    expect(unusedDependencies(root)).toEqual([{ package: 'apps/web', name: 'i18next-browser-languagedetector' }]);
  });
});
