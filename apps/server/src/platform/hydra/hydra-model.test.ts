/**
 * ADR 009: how the Hydra documentation reads contracts the clients module alone does not exercise — a list answering
 * two shapes, several collections of one class, sub-collections, creation on a collection, deletion (204) on an item
 * path, properties that differ between representations.
 */
import { defineEndpoint, hydraCollectionOf, isoDateTime, jsonLdKeys } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildHydraModel } from './hydra-model.js';

const common = { tags: ['Test'], access: 'public', summary: 'test' } as const;
const ulid = z.object({ ulid: z.string() });
const member = z.object({
  ...jsonLdKeys('Member'),
  ulid: z.string(),
  lastname: z.string(),
  color: z.string().nullable(),
  site: z.object({ ...jsonLdKeys('Site'), ulid: z.string() }).nullable(),
  sites: z.array(z.object({ ...jsonLdKeys('Site'), ulid: z.string() })),
  rank: z.number().int(),
  ratio: z.number(),
  seen_at: isoDateTime,
});
const memberSummary = z.object({
  ...jsonLdKeys('Member'),
  ulid: z.string(),
  lastname: z.string(),
  nickname: z.string(),
});
const site = z.object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string().describe('Name of the site') });

const endpoints = [
  ...['admins', 'pcos'].map((kind) =>
    defineEndpoint({
      ...common,
      operationId: `list${kind}`,
      method: 'GET',
      path: `/api/user_${kind}`,
      responses: { 200: hydraCollectionOf(memberSummary) },
    }),
  ),
  defineEndpoint({
    ...common,
    operationId: 'getMember',
    method: 'GET',
    path: '/api/user_pcos/:ulid',
    params: ulid,
    responses: { 200: member },
  }),
  defineEndpoint({
    ...common,
    operationId: 'deleteMember',
    method: 'DELETE',
    path: '/api/user_pcos/:ulid',
    params: ulid,
    responses: { 204: null },
  }),
  defineEndpoint({
    ...common,
    operationId: 'listSites',
    method: 'GET',
    path: '/api/sites',
    responses: {
      200: z.union([z.object({ in_alert_sites: z.array(site), other_sites: z.array(site) }), hydraCollectionOf(site)]),
    },
  }),
  defineEndpoint({
    ...common,
    operationId: 'createSite',
    method: 'POST',
    path: '/api/sites',
    body: z.object({ name: z.string(), client: z.string() }),
    responses: { 201: site },
  }),
  defineEndpoint({
    ...common,
    operationId: 'listSiteMembers',
    method: 'GET',
    path: '/api/sites/:ulid/members',
    params: ulid,
    responses: { 200: hydraCollectionOf(memberSummary) },
  }),
  defineEndpoint({
    ...common,
    operationId: 'searchSites',
    method: 'GET',
    path: '/api/sites/search',
    responses: { 200: z.object({ list: z.array(site), total: z.number() }) },
  }),
];

describe('buildHydraModel', () => {
  const model = buildHydraModel(endpoints);

  it('makes each GET without path parameters answering a collection an entrypoint collection, in any answer shape', () => {
    expect(model.collections.map((c) => [c.key, c.path, c.className])).toEqual([
      ['site', '/api/sites', 'Site'],
      ['userAdmins', '/api/user_admins', 'Member'],
      ['userPcos', '/api/user_pcos', 'Member'],
    ]);
    const sites = model.collections.find((c) => c.key === 'site');
    expect(sites?.operations.map((o) => `${o.method} ${o.returns} ${o.expects ?? ''}`)).toEqual([
      'GET hydra:Collection ',
      'POST #Site #Site',
    ]);
  });

  it('gives a class the operations answering it and the 204s on its item paths, not sub-collections or searches', () => {
    expect(model.classes.get('Member')?.operations.map((o) => `${o.method} ${o.returns}`)).toEqual([
      'GET #Member',
      'DELETE owl:Nothing',
    ]);
    expect(model.classes.get('Site')?.operations).toEqual([]);
  });

  it('merges the representations of a class: ranges, cardinality, required only when always present and non-null', () => {
    const properties = model.classes.get('Member')?.properties;
    const summary = (name: string) => {
      const p = properties?.get(name);
      return p && { ranges: p.ranges, single: p.single, required: p.required };
    };
    expect(summary('lastname')).toEqual({ ranges: ['xmls:string'], single: false, required: true });
    expect(summary('nickname')?.required).toBe(false);
    expect(summary('color')).toEqual({ ranges: ['xmls:string'], single: false, required: false });
    expect(summary('site')).toEqual({ ranges: ['#Site'], single: true, required: false });
    expect(summary('sites')).toEqual({ ranges: ['#Site'], single: false, required: false });
    expect(summary('rank')?.ranges).toEqual(['xmls:integer']);
    expect(summary('ratio')?.ranges).toEqual(['xmls:decimal']);
    expect(summary('seen_at')?.ranges).toEqual(['xmls:dateTime']);
    expect(properties?.has('@id')).toBe(false);
    const name = model.classes.get('Site')?.properties.get('name');
    expect(name).toMatchObject({ description: 'Name of the site', writeable: true });
  });
});
