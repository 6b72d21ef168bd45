/**
 * Proves the import rules of ARCHITECTURE §3 rule 1 (.dependency-cruiser.cjs) fire: the fixture tree
 * scripts/fixtures/violations breaks each rule once, scripts/fixtures/clean does the same things the allowed way,
 * and the real tree (apps, packages) passes.
 */
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

type Violation = { rule: string; from: string; to: string };

let cruiseTree: (baseDir: string) => Promise<Violation[]>;

beforeAll(async () => {
  const options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.cjs`);
  const tsConfig = extractTSConfig(`${ROOT}tsconfig.base.json`);
  cruiseTree = async (baseDir) => {
    const result = await cruise(['apps', 'packages'], { ...options, baseDir }, {}, { tsConfig });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  };
});

describe('import rules (.dependency-cruiser.cjs)', () => {
  let violations: Violation[];

  beforeAll(async () => {
    violations = await cruiseTree(`${FIXTURES}violations`);
  });

  const expectViolation = (rule: string, from: string, to: string | RegExp) => {
    const hits = violations.filter((v) => v.rule === rule && v.from === from);
    expect(hits, `${rule} should fire for ${from}; got ${JSON.stringify(violations, null, 2)}`).not.toHaveLength(0);
    expect(hits.map((v) => v.to)).toContainEqual(typeof to === 'string' ? to : expect.stringMatching(to));
  };

  it('(a) forbids a web feature importing another feature', () => {
    expectViolation(
      'web-feature-isolation',
      'apps/web/src/features/clients/pages/clients-page.tsx',
      'apps/web/src/features/sites/components/site-card.tsx',
    );
    // …but not importing shared, nor its own files
    expect(violations.filter((v) => v.rule === 'web-feature-isolation')).toHaveLength(1);
  });

  it('(b) forbids shared → features and features → app', () => {
    expectViolation(
      'web-shared-is-a-leaf',
      'apps/web/src/shared/ui/button.tsx',
      'apps/web/src/features/clients/pages/clients-page.tsx',
    );
    expectViolation(
      'web-features-not-app',
      'apps/web/src/features/sites/components/site-card.tsx',
      'apps/web/src/app/routes.ts',
    );
  });

  it('(c) allows Drizzle only in repositories and the db layer', () => {
    expectViolation(
      'db-only-in-repositories',
      'apps/server/src/modules/clients/clients.service.ts',
      /(^|\/)node_modules\/drizzle-orm\//,
    );
    // the two repositories import drizzle-orm too, and are not reported
    expect(violations.filter((v) => v.rule === 'db-only-in-repositories')).toHaveLength(1);
  });

  it("(d) forbids a module importing another module's repository, and platform importing modules", () => {
    expectViolation(
      'server-no-foreign-repository',
      'apps/server/src/modules/clients/clients.service.ts',
      'apps/server/src/modules/sites/sites.repository.ts',
    );
    // clients.service → ./clients.repository is its own: allowed
    expect(violations.filter((v) => v.rule === 'server-no-foreign-repository')).toHaveLength(1);
    expectViolation(
      'server-platform-not-modules',
      'apps/server/src/platform/tenancy.ts',
      'apps/server/src/modules/clients/clients.service.ts',
    );
  });

  it('(e) keeps contracts on zod only and web away from server', () => {
    expectViolation('contracts-only-zod', 'packages/contracts/src/index.ts', /^(node:)?fs$/);
    expectViolation('web-not-server', 'apps/web/src/app/routes.ts', 'apps/server/src/app.ts');
  });

  it('(f) forbids runtime cycles', () => {
    const cycles = violations.filter((v) => v.rule === 'no-circular').map((v) => v.from);
    expect(cycles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^apps\/server\/src\/platform\/(tenancy|cycle-b)\.ts$/),
        expect.stringMatching(/^apps\/web\/src\/(shared\/ui\/button|features\/clients\/pages\/clients-page)\.tsx$/),
      ]),
    );
  });

  it('accepts the allowed shapes (own repository, other services, platform, type-only cycles, db layer, tests)', async () => {
    expect(await cruiseTree(`${FIXTURES}clean`)).toEqual([]);
  });

  it('passes on the real tree', async () => {
    expect(await cruiseTree(ROOT)).toEqual([]);
  });
});
