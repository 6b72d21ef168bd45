/**
 * SPEC §1, §4 "Substitution exit": a token claiming a substitution is honoured only while the session still holds
 * it; the check costs one session look-up per substituted request and none for ordinary ones.
 */
import fastifyCookie from '@fastify/cookie';
import { ACCESS_TOKEN_COOKIE } from '@isoptera/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { registerErrorHandler } from '../errors/error-handler.js';
import { accessPlugin } from './access-plugin.js';
import { type Actor, claimsFromActor, substitutedActor } from './actor.js';
import { registerSubstitutionGuard } from './substitution-guard.js';

const lookUps: string[] = [];
let sessionSubstitution: string | null = 'PCO1';
let app: FastifyInstance;
const admin: Actor = {
  accountId: 'A',
  sessionId: 'S',
  membershipId: 'M',
  spaceId: 'ADMIN',
  spaceType: 'admin',
  role: 'ROLE_ADMIN_SPACE_ADMIN',
  timezone: 'Europe/Paris',
  lang: 'fr',
};

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(accessPlugin, { secret: 'a-test-secret-that-is-long-enough-for-hs256' });
  registerSubstitutionGuard(app, {} as Db, async (sessionId) => {
    lookUps.push(sessionId);
    return sessionSubstitution;
  });
  app.get('/api/probe', { config: { access: 'authenticated' } }, async (request) => ({
    space: request.actor?.spaceId,
  }));
  app.get('/api/open', { config: { access: 'public' } }, async (request) => ({
    space: request.actor?.spaceId ?? null,
  }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, actor: Actor) =>
  app.inject({ method: 'GET', url, cookies: { [ACCESS_TOKEN_COOKIE]: app.jwt.sign(claimsFromActor(actor)) } });

describe('substitution guard', () => {
  it('makes no look-up for an ordinary token', async () => {
    lookUps.length = 0;
    const response = await get('/api/probe', admin);
    expect(response.json()).toEqual({ space: 'ADMIN' });
    expect(lookUps).toEqual([]);
  });

  it('makes exactly one look-up for a substituted token, and honours it while the session holds it', async () => {
    lookUps.length = 0;
    sessionSubstitution = 'PCO1';
    const response = await get('/api/probe', substitutedActor(admin, { id: 'PCO1', type: 'pco' }));
    expect(response.json()).toEqual({ space: 'PCO1' });
    expect(lookUps).toEqual(['S']);
  });

  it('answers 401 once the session left (or moved to another space), and drops the actor on a public route', async () => {
    const token = substitutedActor(admin, { id: 'PCO1', type: 'pco' });
    sessionSubstitution = null;
    expect((await get('/api/probe', token)).statusCode).toBe(401);
    sessionSubstitution = 'PCO2';
    expect((await get('/api/probe', token)).statusCode).toBe(401);
    expect((await get('/api/open', token)).json()).toEqual({ space: null });
  });
});
