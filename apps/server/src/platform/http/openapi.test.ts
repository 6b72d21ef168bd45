/**
 * The OpenAPI page (`/api/docs`, ARCHITECTURE §4) documents every API route: each guarded route of the app appears in
 * `/api/docs/json` with its method, a summary and a tag, so that a new endpoint cannot ship undocumented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { isGuardedPath } from '../auth/access-plugin.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Operation {
  summary?: string;
  tags?: string[];
}

describe('OpenAPI document', () => {
  it('lists every API route with a summary and a tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, Operation>>;
    const routes = t.app.routeAccessTable.filter((r) => isGuardedPath(r.url) && !r.url.startsWith('/api/docs'));
    const problems: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:([a-zA-Z_]+)/g, '{$1}');
      const operation = paths[path]?.[route.method.toLowerCase()];
      if (!operation) problems.push(`${route.method} ${route.url}: missing`);
      else if (!operation.summary || !operation.tags?.length)
        problems.push(`${route.method} ${route.url}: no summary/tag`);
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('shows the spaces endpoints of issue 4', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const path of [
      '/api/dealers',
      '/api/pcos/{ulid}',
      '/api/space_parameters',
      '/api/space_parameters/audit',
      '/api/user_admins/connect-on-pco',
      '/api/user_dealers/disconnect-on-pco',
      '/api/me/change-space',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
