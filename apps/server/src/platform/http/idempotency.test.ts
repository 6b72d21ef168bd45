/**
 * Issue 16 "Creates accept an `Idempotency-Key` header" (ADR 027), on both drivers, through `POST /api/client_contacts`
 * (a client with its primary contact) and `POST /api/products`: a replay answers the same record (one row); the same
 * key with another body is refused (422); two requests at once create one record; a failure does not keep the key;
 * another member's key, another endpoint's key and another instance's view are as the draft says; keys expire.
 */
import { IDEMPOTENCY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { ageCreateIdempotencyKeys, as, countCreateIdempotencyKeys, createPcoTeam } from '../../../test/factories.js';
import { newUlid } from '../ids.js';
import { createIdempotencyRepository } from './idempotency.repository.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

const clientBody = (name: string, email = 'jean.dupont@example.fr') => ({
  client: { name },
  contact: { lastname: 'Dupont', firstname: 'Jean', email, title: 'Gérant', phone: '+33 6 12 34 56 78', notes: null },
});

/** `POST /api/client_contacts` as `cookie` with `key` (none when null). */
function create(body: unknown, key: string | null, cookie = team.owner.cookie, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/client_contacts',
    headers: as(cookie, key === null ? {} : { 'idempotency-key': key }),
    payload: body as object,
  });
}

/** How many clients of the team's space are named `name` exactly. */
async function clientsNamed(name: string, cookie = team.owner.cookie): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/clients?name=${encodeURIComponent(name)}`,
    headers: as(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json()['hydra:member'] as { name: string }[]).filter((c) => c.name === name).length;
}

const unique = (label: string) => `${label} ${newUlid().slice(-8)}`;

describe('Idempotency-Key on creates', () => {
  it('replays the first answer to a retry: same status, same body, one record', async () => {
    const name = unique('Replay');
    const key = crypto.randomUUID();
    const first = await create(clientBody(name), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const again = await create(clientBody(name), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(again.json().client['@id']).toBe(first.json().client['@id']);
    expect(await clientsNamed(name)).toBe(1);
  });

  it('creates as before without the header', async () => {
    const name = unique('No key');
    expect((await create(clientBody(name), null)).statusCode).toBe(201);
    expect((await create(clientBody(name), null)).statusCode).toBe(201);
    expect(await clientsNamed(name)).toBe(2);
  });

  it('refuses the same key with another body (422 idempotency_key_reused) and keeps the first answer', async () => {
    const name = unique('Reused');
    const key = crypto.randomUUID();
    expect((await create(clientBody(name), key)).statusCode).toBe(201);
    const other = await create(clientBody(`${name} bis`), key);
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json().error).toBe('idempotency_key_reused');
    expect(await clientsNamed(`${name} bis`)).toBe(0);
    expect((await create(clientBody(name), key)).headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  it('creates one record when the same request arrives twice at once', async () => {
    const name = unique('Double click');
    const key = crypto.randomUUID();
    const answers = await Promise.all([create(clientBody(name), key), create(clientBody(name), key)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // the second either waited for the first's answer (a replay) or found it still running (409)
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const busy = answers.find((a) => a.statusCode === 409);
    if (busy) expect(busy.json().error).toBe('idempotency_key_in_progress');
    expect(await clientsNamed(name)).toBe(1);
    // once the first is answered, the retry gets its answer
    const retry = await create(clientBody(name), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  it('does not keep the key of a failed request: the corrected request runs', async () => {
    const name = unique('Fixed');
    const key = crypto.randomUUID();
    // refused by the handler after the key was claimed: a client of nobody's space
    const unknown = await create({ ...clientBody(name), client: `/api/clients/${newUlid()}` }, key);
    expect(unknown.statusCode).toBe(404);
    // refused by validation
    const invalid = await create(clientBody(name, 'not-an-email'), key);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error).not.toBe('idempotency_key_reused');
    const fixed = await create(clientBody(name), key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await clientsNamed(name)).toBe(1);
  });

  it("keeps each member's keys apart, and each endpoint's", async () => {
    const name = unique('Shared key');
    const key = crypto.randomUUID();
    const owner = await create(clientBody(name), key);
    const manager = await create(clientBody(name), key, team.manager.cookie);
    expect(owner.statusCode).toBe(201);
    expect(manager.statusCode).toBe(201);
    expect(manager.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(manager.json().client['@id']).not.toBe(owner.json().client['@id']);
    expect(await clientsNamed(name)).toBe(2);
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: as(team.owner.cookie, { 'idempotency-key': key }),
      payload: {
        name: unique('Product'),
        active_ingredients: [{ name: 'fipronil', percent: 9.1 }],
        registration_number: '7969-210',
        register: 'epa',
        unit: 'ml',
        is_bait: false,
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json()['@type']).toBe('Product');
  });

  it('refuses an empty key or one over 200 characters (400 idempotency_key_invalid)', async () => {
    for (const key of ['', 'k'.repeat(201)]) {
      const response = await create(clientBody(unique('Bad key')), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('idempotency_key_invalid');
    }
  });

  it('replays through another instance on the same database', async () => {
    const other = await t.twin();
    try {
      const name = unique('Other instance');
      const key = crypto.randomUUID();
      const first = await create(clientBody(name), key);
      const retry = await create(clientBody(name), key, team.owner.cookie, other.app);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(retry.body).toBe(first.body);
    } finally {
      await other.close();
    }
  });

  it('forgets a key after 24 hours, and the sweep deletes it', async () => {
    const name = unique('Expired');
    const key = crypto.randomUUID();
    expect((await create(clientBody(name), key)).statusCode).toBe(201);
    await ageCreateIdempotencyKeys(t.db, 25);
    const later = await create(clientBody(name), key);
    expect(later.statusCode).toBe(201);
    expect(later.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await clientsNamed(name)).toBe(2);
    await ageCreateIdempotencyKeys(t.db, 25);
    expect(await countCreateIdempotencyKeys(t.db)).toBeGreaterThan(0);
    await createIdempotencyRepository(t.db).sweep(IDEMPOTENCY_TTL_HOURS * 3600);
    expect(await countCreateIdempotencyKeys(t.db)).toBe(0);
  });
});
