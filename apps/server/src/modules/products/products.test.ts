/**
 * Issue 12 "Products used: a per-PCO product catalogue (name, active ingredients with %, registration number and its
 * register, unit, bait or not)": `/api/products` — read with the PCO action, written by the PCO owner; a product a
 * report used is archived, never deleted.
 */
import type { Product, ProductCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createPcoTeam, createSpace } from '../../../test/factories.js';
import { call, insertProduct, insertReportUsing, purgeSpace, violations } from '../../../test/report-factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

const owner = (method: Parameters<typeof call>[2], url: string, payload?: unknown) =>
  call(t, team.owner.cookie, method, url, payload);
const body = (changes: Record<string, unknown> = {}) => ({
  name: 'Termidor SC',
  active_ingredients: [{ name: 'fipronil', percent: 9.1 }],
  registration_number: '7969-210',
  register: 'epa',
  unit: 'ml',
  is_bait: false,
  ...changes,
});

describe('/api/products', () => {
  it('the owner adds, edits and patches a product; the manager reads it', async () => {
    const created = await owner('POST', '/api/products', body());
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    expect(product).toMatchObject({
      '@context': '/api/contexts/Product',
      '@id': `/api/products/${product.ulid}`,
      '@type': 'Product',
      name: 'Termidor SC',
      active_ingredients: [{ name: 'fipronil', percent: 9.1 }],
      registration_number: '7969-210',
      register: 'epa',
      unit: 'ml',
      is_bait: false,
      archived_at: null,
    });
    const read = await call(t, team.manager.cookie, 'GET', product['@id']);
    expect(read.statusCode).toBe(200);
    const put = await owner('PUT', product['@id'], body({ name: 'Termidor SC 2026', register: 'fr_biocide' }));
    expect(put.json()).toMatchObject({ name: 'Termidor SC 2026', register: 'fr_biocide' });
    const patched = await owner('PATCH', product['@id'], { is_bait: true, registration_number: null, register: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Termidor SC 2026',
      is_bait: true,
      registration_number: null,
      register: null,
      active_ingredients: [{ name: 'fipronil', percent: 9.1 }],
    });
  });

  it('checks the body: name, unit, a register for a registration number, ingredients', async () => {
    const response = await owner(
      'POST',
      '/api/products',
      body({ name: ' ', unit: 'barrel', register: null, active_ingredients: [{ name: 'x', percent: 140 }] }),
    );
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([
      'active_ingredients.0.percent:active_ingredients_invalid',
      'name:name_required',
      'unit:unit_invalid',
    ]);
    const register = await owner('POST', '/api/products', body({ register: null }));
    expect(violations(register)).toEqual(['register:register_required']);
  });

  it('lists by name, searches ignoring case and accents, leaves archived products out unless asked', async () => {
    const names = ['Xterm', 'Éclipse bait', 'abamectine gel'];
    for (const name of names) await insertProduct(t.db, team.spaceId, { name });
    await insertProduct(t.db, team.spaceId, { name: 'Old stock', archivedAt: new Date() });
    await insertProduct(t.db, other.spaceId, { name: 'Eclipse foreign' });
    const list = async (query: string) =>
      ((await owner('GET', `/api/products${query}`)).json() as ProductCollection)['hydra:member'].map((p) => p.name);
    const all = await list('?itemsPerPage=100');
    expect(all.indexOf('abamectine gel')).toBeLessThan(all.indexOf('Xterm'));
    expect(all).not.toContain('Old stock');
    expect(all).not.toContain('Eclipse foreign');
    expect(await list('?search=ECLIPSE')).toEqual(['Éclipse bait']);
    expect(await list('?search=stock&include_archived=true')).toEqual(['Old stock']);
    expect((await call(t, team.manager.cookie, 'GET', '/api/products')).statusCode).toBe(200);
  });

  it('deletes an unused product (204) and archives one a report used (200, archived_at set)', async () => {
    const unused = await insertProduct(t.db, team.spaceId, { name: 'Unused' });
    expect((await owner('DELETE', `/api/products/${unused}`)).statusCode).toBe(204);
    expect((await owner('GET', `/api/products/${unused}`)).statusCode).toBe(404);
    const used = await insertProduct(t.db, team.spaceId, { name: 'Used' });
    await insertReportUsing(t.db, team.spaceId, used);
    const archived = await owner('DELETE', `/api/products/${used}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ name: 'Used', archived_at: expect.any(String) });
    // back in the catalogue
    const restored = await owner('PATCH', `/api/products/${used}`, { archived: false });
    expect(restored.json()).toMatchObject({ archived_at: null });
  });

  it('goes with its space: deleting a space cascades through its reports (checks, photos, product uses) and products', async () => {
    const spaceId = await createSpace(t.db, 'pco');
    await insertReportUsing(t.db, spaceId, await insertProduct(t.db, spaceId));
    expect(await purgeSpace(t.db, spaceId)).toEqual({ products: 0, reports: 0 });
  });

  it('answers 404 product_not_found for another space’s product and 403 to a manager writing', async () => {
    const foreign = await insertProduct(t.db, other.spaceId);
    for (const [method, payload] of [['GET'], ['PUT', body()], ['PATCH', {}], ['DELETE']] as const) {
      const response = await owner(method, `/api/products/${foreign}`, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ error: 'product_not_found' });
    }
    expect((await call(t, team.manager.cookie, 'POST', '/api/products', body())).statusCode).toBe(403);
    expect((await call(t, team.technician.cookie, 'GET', '/api/products')).statusCode).toBe(403);
    expect((await call(t, other.owner.cookie, 'GET', `/api/products/${foreign}`)).statusCode).toBe(200);
  });
});
