/**
 * The compiled response encoders (ADR 017): every response schema of the API compiles (none falls back to zod), an
 * answer leaves with exactly the members its schema names, an answer missing a required member is refused, and the
 * checked mode of the tests catches an encoder that disagrees with zod. The rest of the API suite runs in checked mode,
 * so each of its answers is also a comparison of the two encoders.
 */
import * as contracts from '@isoptera/contracts';
import { clientListItem, type EndpointDefinition, hydraCollectionOf } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedEncoder, compileEncoder, ResponseSerializationError } from './response-serializer.js';

const contact = {
  '@id': '/api/contacts/01J0000000000000000000000C',
  '@type': 'Contact',
  ulid: '01J0000000000000000000000C',
  firstname: 'Sophie',
  lastname: 'Martin',
  phone: '+33 6 12 34 56 78',
  email: 'sophie@example.com',
  title: 'Mme',
  notes: null,
  client_contact_ulid: '01J0000000000000000000000L',
  is_primary: true,
};
const client = {
  '@id': '/api/clients/01J00000000000000000000001',
  '@type': 'Client',
  ulid: '01J00000000000000000000001',
  name: 'Résidence « Les Pins » \u2028 "quoted"',
  company: true,
  primary_contact: contact,
  site_number: 3,
  updated_at: '2026-11-27T10:00:00+01:00',
  contract: null,
};
const page = hydraCollectionOf(clientListItem);

/** An endpoint definition of the contracts (`defineEndpoint`'s result), among the package's exports. */
function isEndpoint(value: unknown): value is EndpointDefinition {
  return typeof value === 'object' && value !== null && 'operationId' in value && 'responses' in value;
}
const pageOf = (member: unknown[]) => ({
  '@context': '/api/contexts/Client',
  '@id': '/api/clients',
  '@type': 'hydra:Collection',
  'hydra:member': member,
  'hydra:totalItems': member.length,
});

describe('compileEncoder', () => {
  it('writes the same JSON value as zod, nullable embedded objects included', () => {
    const encode = compileEncoder(page);
    expect(encode).toBeDefined();
    const data = pageOf([client, { ...client, primary_contact: null, ulid: '01J00000000000000000000002' }]);
    expect(JSON.parse(encode?.(data) ?? '')).toEqual(JSON.parse(JSON.stringify(z.encode(page, data as never))));
  });

  it('never sends a member the schema does not name, embedded ones included', () => {
    const leaky = { ...client, password_hash: 'argon2id$secret', primary_contact: { ...contact, space_id: 42 } };
    const body = compileEncoder(page)?.(pageOf([leaky])) ?? '';
    expect(body).not.toContain('password_hash');
    expect(body).not.toContain('space_id');
    expect(JSON.parse(body)['hydra:member'][0].primary_contact.firstname).toBe('Sophie');
  });

  it('refuses an answer missing a required member', () => {
    const { name: _name, ...nameless } = client;
    expect(() => compileEncoder(page)?.(pageOf([nameless]))).toThrow(/name/);
  });

  it('leaves to zod a schema whose output JSON Schema cannot describe', () => {
    expect(compileEncoder(z.object({ at: z.date().transform((d) => d.getTime()) }))).toBeUndefined();
  });
});

describe('checkedEncoder', () => {
  const reference = (data: unknown) => JSON.stringify(z.encode(page, data as never));

  it('answers the compiled body when both encoders agree, whatever their member order', () => {
    const compiled = compileEncoder(page) as (data: unknown) => string;
    const data = pageOf([client]);
    expect(checkedEncoder(reference, compiled, 'GET /api/clients')(data)).toBe(compiled(data));
  });

  it('throws when the compiled encoder writes another value than zod', () => {
    const wrong = (data: unknown) => JSON.stringify({ ...(data as object), 'hydra:totalItems': 99 });
    expect(() => checkedEncoder(reference, wrong, 'GET /api/clients')(pageOf([client]))).toThrow(
      ResponseSerializationError,
    );
  });
});

describe('the API', () => {
  it('has an encoder compiled for every response schema of its contracts (none falls back to zod)', () => {
    const responses: { name: string; schema: z.ZodType }[] = [];
    const seen = new Set<unknown>();
    // the endpoints are exported alone or grouped (`clientEndpoints.list`, `userEndpoints.pco.update`)
    const walk = (value: unknown, depth: number) => {
      if (typeof value !== 'object' || value === null || seen.has(value) || value instanceof z.ZodType) return;
      seen.add(value);
      if (isEndpoint(value)) {
        for (const [status, schema] of Object.entries(value.responses)) {
          if (schema) responses.push({ name: `${value.operationId} ${status}`, schema });
        }
      } else if (depth < 3) for (const child of Object.values(value)) walk(child, depth + 1);
    };
    walk(contracts, 0);
    responses.push({ name: 'problem+json', schema: contracts.problemSchema });
    expect(responses.length).toBeGreaterThan(150);
    expect(responses.filter(({ schema }) => !compileEncoder(schema)).map(({ name }) => name)).toEqual([]);
  });
});
