/**
 * The OpenAPI page (`/api/docs`, ARCHITECTURE §4, ADR 008) documents every API route: each guarded route of the app
 * appears in `/api/docs/json` with its method, a summary, a tag, an `operationId`, its security and the schema of
 * every answer, so that a new endpoint cannot ship undocumented; the document passes Redocly's recommended rules and
 * `openapi-typescript` types every answer.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
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
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

async function openApiDocument() {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;
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

  it('documents the Idempotency-Key header and its errors on every create (issue 16, ADR 027)', async () => {
    const { paths } = await openApiDocument();
    const creates = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) => method === 'post' && operation.responses?.['201'] && !path.startsWith('/api/field/'),
        )
        .map(([, operation]) => ({
          path,
          operation: operation as Operation & { parameters?: { in: string; name: string }[] },
        })),
    );
    expect(creates.length).toBeGreaterThan(15);
    for (const { path, operation } of creates) {
      const header = operation.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(header, path).toBeDefined();
      expect(Object.keys(operation.responses ?? {}), path).toEqual(expect.arrayContaining(['409', '422']));
    }
    const list = paths['/api/clients']?.get as Operation & { parameters?: { in: string }[] };
    expect(list.parameters?.some((p) => p.in === 'header')).toBe(false);
  });

  it('documents the technician API (issue 12): tag Field, bearer only, request and response schemas', async () => {
    const document = await openApiDocument();
    const field = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/field/v1/'));
    const problems: string[] = [];
    const operations = field.flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => [`${m} ${path}`, op] as const),
    );
    for (const [name, operation] of operations) {
      if (JSON.stringify(operation.tags) !== '["Field"]') problems.push(`${name}: tags ${operation.tags}`);
      const open = name.includes('/auth/');
      const security = JSON.stringify(operation.security);
      if (security !== (open ? '[]' : '[{"bearerAuth":[]}]')) problems.push(`${name}: security ${security}`);
      const body = (operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } }).requestBody;
      // the photo upload is multipart, described in words like every upload of the API (its parts are read by the handler)
      if ((name.startsWith('post') || name.startsWith('put')) && !name.endsWith('/photos')) {
        if (!Object.values(body?.content ?? {}).some((media) => media.schema)) problems.push(`${name}: no body schema`);
      }
    }
    expect(problems).toEqual([]);
    expect(operations.map(([, op]) => op.operationId).sort()).toEqual([
      'fieldAgenda',
      'fieldChanges',
      'fieldCheckIn',
      'fieldCheckOut',
      'fieldCompleteVisit',
      'fieldInstallStation',
      'fieldLogin',
      'fieldLogout',
      'fieldProducts',
      'fieldPutProductUse',
      'fieldPutStationCheck',
      'fieldRefresh',
      'fieldRemoveStation',
      'fieldReplaceStation',
      'fieldSite',
      'fieldUploadPhoto',
    ]);
  });

  it('gives every operation a unique operationId, its security and the schema of each success answer', async () => {
    const document = await openApiDocument();
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.operationId) problems.push(`${name}: no operationId`);
        else if (seen.has(operation.operationId))
          problems.push(`${name}: operationId of ${seen.get(operation.operationId)}`);
        else seen.set(operation.operationId, name);
        if (!operation.security) problems.push(`${name}: no security requirement`);
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        if (success.length === 0) problems.push(`${name}: no success answer`);
        for (const [status, answer] of success) {
          const schemas = Object.values(answer.content ?? {}).filter((media) => media.schema);
          if (status !== '204' && schemas.length === 0) problems.push(`${name}: ${status} without a schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('passes Redocly’s recommended rules without an error', async () => {
    const document = await openApiDocument();
    const config = await createConfig({ extends: ['recommended'] });
    const results = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = results
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('lets openapi-typescript type every success answer', async () => {
    const document = await openApiDocument();
    const source = astToString(await openapiTS(JSON.stringify(document)));
    // An operation whose answer has no schema comes out as `content?: never` under a 2xx status.
    const untyped = [...source.matchAll(/\b(20[0-6]): \{\s*headers: \{[^}]*\};\s*content\?: never;/g)];
    expect(untyped.map((m) => m[0].split(':')[0])).toEqual(
      [...source.matchAll(/\b204: \{\s*headers: \{[^}]*\};\s*content\?: never;/g)].map(() => '204'),
    );
    expect(source).toContain('listClients');
  });
});
