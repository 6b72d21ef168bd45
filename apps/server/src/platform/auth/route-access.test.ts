/** ARCHITECTURE §4 rule 3: every API route declares what it requires, and the declaration is enforced. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { isGuardedPath } from './access-plugin.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('lists the API routes, each with an access declaration', () => {
    const guarded = t.app.routeAccessTable.filter((r) => isGuardedPath(r.url));
    expect(guarded.length).toBeGreaterThan(3);
    const missing = guarded.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('answers 401 without a session on every non-public route', async () => {
    const protectedRoutes = t.app.routeAccessTable.filter((r) => isGuardedPath(r.url) && r.access !== 'public');
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, '01J00000000000000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: { 'client-type': 'webapp' } });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses to register a route without an access declaration', async () => {
    const undeclared = {
      name: 'undeclared',
      register: async (app: TestApp['app']) => {
        app.get('/api/undeclared', async () => ({}));
      },
    };
    await expect(buildTestApp({ modules: [undeclared] })).rejects.toThrow(/declares no access/);
  });
});
