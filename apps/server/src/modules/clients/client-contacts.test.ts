/**
 * SPEC §3 "Contact", §5, §6, §7 "Clients", §8: the client_contacts writes — a new client with its primary contact,
 * alternative contacts, updates, the main-contact change and deletion — their violation codes, and `updated_at`.
 */
import type { ClientContactAnswer, ClientListItem, HydraCollection } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { createPcoTeam } from '../../../test/factories.js';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import { createClientsRepository } from './clients.repository.js';
import { createClientsService } from './clients.service.js';
import {
  addContact,
  contact,
  createClient,
  ctx,
  detail,
  insertSite,
  request,
  setUpClientsApp,
  violations,
} from './clients.test-support.js';

setUpClientsApp();

describe('POST /api/client_contacts', () => {
  it('creates a client with its primary contact (201 {client, contact})', async () => {
    const answer = await createClient(ctx.team.owner.cookie, { name: 'Résidence Les Acacias', company: true });
    expect(answer.client).toMatchObject({ '@type': 'Client', name: 'Résidence Les Acacias', company: true });
    expect(answer.client['@id']).toBe(`/api/clients/${answer.client.ulid}`);
    expect(answer.contact).toMatchObject({
      '@id': `/api/contacts/${answer.contact.ulid}`,
      lastname: 'Dupont',
      firstname: 'Jean',
      email: 'jean.dupont@example.fr',
      phone: '+33 6 12 34 56 78',
      title: 'Gérant',
      notes: null,
      is_primary: true,
    });
    expect(answer.contact.client_contact_ulid).toMatch(/^[0-9A-Z]{26}$/);
    const client = await detail(ctx.team.owner.cookie, answer.client.ulid);
    expect(client.primary_contact?.client_contact_ulid).toBe(answer.contact.client_contact_ulid);
    expect(client.other_contacts).toEqual([]);
  });

  it('lower-cases the e-mail and lets a manager create a private individual', async () => {
    const answer = await createClient(
      ctx.team.manager.cookie,
      { name: 'Jean Martin', company: false },
      { email: 'Jean.Martin@Example.FR' },
    );
    expect(answer.client.company).toBe(false);
    expect(answer.contact.email).toBe('jean.martin@example.fr');
  });

  it('adds an alternative contact to an existing client by its IRI or bare ULID', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'SCI du Port' });
    const second = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Claire',
      email: 'claire@example.fr',
    });
    expect(second.client.ulid).toBe(created.client.ulid);
    expect(second.contact.is_primary).toBe(false);
    await addContact(ctx.team.owner.cookie, created.client.ulid, { firstname: 'Marc', email: 'marc@example.fr' });
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.primary_contact?.firstname).toBe('Jean');
    expect(client.other_contacts.map((c) => c.firstname)).toEqual(['Claire', 'Marc']);
  });

  it('answers 422 with the violation codes of SPEC §5', async () => {
    const response = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: { name: '  ', company: true },
      contact: { lastname: '', firstname: 'J3an', email: 'not-an-email', phone: '12-34', title: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ error: 'validation_failed', status: 422 });
    expect(violations(response).sort()).toEqual(
      [
        'client.name:name_required',
        'contact.lastname:lastname_required',
        'contact.firstname:firstname_invalid',
        'contact.email:email_invalid',
        'contact.phone:phone_invalid',
        'contact.title:title_required',
      ].sort(),
    );
  });

  it('answers 422 for a missing contact, a missing client, a malformed client IRI and a phone of 6 digits', async () => {
    const noContact = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', { client: { name: 'X' } });
    expect(noContact.statusCode).toBe(422);
    expect(violations(noContact)).toEqual(['contact:contact_required']);

    const noClient = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', { contact: contact() });
    expect(violations(noClient)).toEqual(['client:client_required']);

    const badIri = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: '/api/sites/01J00000000000000000000000',
      contact: contact(),
    });
    expect(violations(badIri)).toEqual(['client:client_invalid']);

    const shortPhone = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: { name: 'Y' },
      contact: contact({ phone: '123 456', email: '' }),
    });
    expect(violations(shortPhone).sort()).toEqual(['contact.email:email_required', 'contact.phone:phone_invalid']);
  });

  it('refuses an e-mail another contact of the same client already has (422 email_already_exist)', async () => {
    const created = await createClient(
      ctx.team.owner.cookie,
      { name: 'Boulangerie Martin' },
      { email: 'boulangerie@example.fr' },
    );
    const response = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: created.client['@id'],
      contact: contact({ firstname: 'Paul', email: 'BOULANGERIE@example.fr' }),
    });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['contact.email:email_already_exist']);
  });

  it('creates a new client with its alternative contacts in one transaction, or nothing when an e-mail is taken', async () => {
    const names = async () => {
      const list = await request(ctx.team.owner.cookie, 'GET', '/api/clients?order[updated_at]=desc');
      return (list.json() as HydraCollection<ClientListItem>)['hydra:member']
        .map((c) => c.name)
        .filter((name) => name === 'Chai Lafite');
    };
    const refused = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: { name: 'Chai Lafite', company: true },
      contact: contact({ email: 'accueil@lafite.example' }),
      alternatives: [
        contact({ firstname: 'Paul', email: 'paul@lafite.example' }),
        contact({ firstname: 'Lise', email: 'ACCUEIL@lafite.example' }),
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused)).toEqual(['alternatives.1.email:email_already_exist']);
    expect(await names()).toEqual([]);

    const created = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: { name: 'Chai Lafite', company: true },
      contact: contact({ email: 'accueil@lafite.example' }),
      alternatives: [contact({ firstname: 'Paul', email: 'paul@lafite.example' })],
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json() as ClientContactAnswer;
    expect(answer.contact).toMatchObject({ email: 'accueil@lafite.example', is_primary: true });
    const client = await detail(ctx.team.owner.cookie, answer.client.ulid);
    expect(client.other_contacts.map((c) => [c.firstname, c.email, c.is_primary])).toEqual([
      ['Paul', 'paul@lafite.example', false],
    ]);
    expect(await names()).toEqual(['Chai Lafite']);
  });

  it('refuses alternatives with an existing client (422 client_invalid on alternatives)', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Cave Dubois' });
    const response = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: created.client['@id'],
      contact: contact({ firstname: 'Paul', email: 'paul@dubois.example' }),
      alternatives: [contact({ firstname: 'Lise', email: 'lise@dubois.example' })],
    });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['alternatives:client_invalid']);
    expect((await detail(ctx.team.owner.cookie, created.client.ulid)).other_contacts).toEqual([]);
  });

  it('answers 404 client_not_found for an unknown client IRI', async () => {
    const response = await request(ctx.team.owner.cookie, 'POST', '/api/client_contacts', {
      client: `/api/clients/${newUlid()}`,
      contact: contact(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('client_not_found');
  });
});

describe('PUT /api/client_contacts/{client_contact_ulid}', () => {
  it("updates the client's name and kind and that contact (200 {client, contact})", async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Mairie de Pesac', company: true });
    const response = await request(
      ctx.team.owner.cookie,
      'PUT',
      `/api/client_contacts/${created.contact.client_contact_ulid}`,
      {
        client: { '@id': created.client['@id'], name: 'Mairie de Pessac', company: false },
        contact: {
          ...contact({ firstname: 'Jeanne', title: 'Directrice des services', notes: 'Appeler le matin' }),
          '@id': created.contact['@id'],
        },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer: ClientContactAnswer = response.json();
    expect(answer.client).toMatchObject({ ulid: created.client.ulid, name: 'Mairie de Pessac', company: false });
    expect(answer.contact).toMatchObject({
      ulid: created.contact.ulid,
      firstname: 'Jeanne',
      notes: 'Appeler le matin',
      is_primary: true,
    });
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.name).toBe('Mairie de Pessac');
    expect(client.primary_contact?.title).toBe('Directrice des services');
  });

  it("keeps the client's kind when company is omitted and updates an alternative contact", async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Famille Bernard', company: false });
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Lucie',
      email: 'lucie@example.fr',
    });
    const response = await request(
      ctx.team.owner.cookie,
      'PUT',
      `/api/client_contacts/${alt.contact.client_contact_ulid}`,
      {
        client: { name: 'Famille Bernard' },
        contact: contact({ firstname: 'Lucie', lastname: 'Bernard', email: 'lucie@example.fr', phone: '0556123456' }),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.company).toBe(false);
    expect(client.other_contacts[0]).toMatchObject({ lastname: 'Bernard', phone: '0556123456' });
    expect(client.primary_contact?.firstname).toBe('Jean');
  });

  it('answers 422 for field violations, a foreign @id and an e-mail taken by another contact of the client', async () => {
    const created = await createClient(
      ctx.team.owner.cookie,
      { name: 'Garage Moreau' },
      { email: 'garage@example.fr' },
    );
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Ali',
      email: 'ali@example.fr',
    });
    const url = `/api/client_contacts/${alt.contact.client_contact_ulid}`;

    const invalid = await request(ctx.team.owner.cookie, 'PUT', url, {
      client: { name: '' },
      contact: contact({ phone: 'abc' }),
    });
    expect(invalid.statusCode).toBe(422);
    expect(violations(invalid).sort()).toEqual(['client.name:name_required', 'contact.phone:phone_invalid']);

    const wrongClient = await request(ctx.team.owner.cookie, 'PUT', url, {
      client: { '@id': `/api/clients/${newUlid()}`, name: 'Garage Moreau' },
      contact: contact({ email: 'ali@example.fr' }),
    });
    expect(violations(wrongClient)).toEqual(['client.@id:client_invalid']);

    const wrongContact = await request(ctx.team.owner.cookie, 'PUT', url, {
      client: { name: 'Garage Moreau' },
      contact: { ...contact({ email: 'ali@example.fr' }), '@id': created.contact['@id'] },
    });
    expect(violations(wrongContact)).toEqual(['contact.@id:contact_invalid']);

    const taken = await request(ctx.team.owner.cookie, 'PUT', url, {
      client: { name: 'Garage Moreau' },
      contact: contact({ email: 'garage@example.fr' }),
    });
    expect(violations(taken)).toEqual(['contact.email:email_already_exist']);
  });

  it('answers 404 contact_not_found for an unknown link', async () => {
    const response = await request(ctx.team.owner.cookie, 'PUT', `/api/client_contacts/${newUlid()}`, {
      client: { name: 'X' },
      contact: contact(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('contact_not_found');
  });
});

describe('main contact: PUT /api/client_contacts/{ulid}/primary and DELETE /api/client_contacts/{ulid}', () => {
  it('makes an alternative contact the main one; the previous main becomes an alternative', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Copropriété Le Lac' });
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Inès',
      email: 'ines@example.fr',
    });
    const response = await request(
      ctx.team.owner.cookie,
      'PUT',
      `/api/client_contacts/${alt.contact.client_contact_ulid}/primary`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ClientContactAnswer).contact).toMatchObject({
      ulid: alt.contact.ulid,
      is_primary: true,
    });
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.primary_contact?.ulid).toBe(alt.contact.ulid);
    expect(client.other_contacts.map((c) => c.ulid)).toEqual([created.contact.ulid]);
    // making the main contact main again changes nothing
    const again = await request(
      ctx.team.owner.cookie,
      'PUT',
      `/api/client_contacts/${alt.contact.client_contact_ulid}/primary`,
    );
    expect(again.statusCode).toBe(200);
    expect((await detail(ctx.team.owner.cookie, created.client.ulid)).primary_contact?.ulid).toBe(alt.contact.ulid);
  });

  it('refuses to delete the main contact (400 main_contact_cannot_be_deleted) and deletes an alternative one (204)', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Hôtel du Parc' });
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Hugo',
      email: 'hugo@example.fr',
    });
    const siteId = await insertSite(ctx.team.spaceId, created.client.ulid, 'Hôtel', alt.contact.ulid);

    const main = await request(
      ctx.team.owner.cookie,
      'DELETE',
      `/api/client_contacts/${created.contact.client_contact_ulid}`,
    );
    expect(main.statusCode).toBe(400);
    expect(main.json()).toMatchObject({ error: 'main_contact_cannot_be_deleted', status: 400 });

    const removed = await request(
      ctx.team.owner.cookie,
      'DELETE',
      `/api/client_contacts/${alt.contact.client_contact_ulid}`,
    );
    expect(removed.statusCode).toBe(204);
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.other_contacts).toEqual([]);
    expect(client.primary_contact?.ulid).toBe(created.contact.ulid);
    // the site whose contact it was now has the main contact, and the contact is gone
    const link = await ctx.t.db.query.siteContacts.findFirst({ where: (s, { eq }) => eq(s.siteId, siteId) });
    expect(link?.contactId).toBe(created.contact.ulid);
    expect(
      await ctx.t.db.query.contacts.findFirst({ where: (c, { eq }) => eq(c.id, alt.contact.ulid) }),
    ).toBeUndefined();

    const again = await request(
      ctx.team.owner.cookie,
      'DELETE',
      `/api/client_contacts/${alt.contact.client_contact_ulid}`,
    );
    expect(again.statusCode).toBe(404);
  });
});

describe('updated_at', () => {
  it('is bumped by contact edits, additions, deletions and main-contact changes', async () => {
    const fresh = await createPcoTeam(ctx.t.app, ctx.t.db);
    const cookie = fresh.owner.cookie;
    const a = await createClient(cookie, { name: 'A' }, { email: 'a@example.fr' });
    const b = await createClient(cookie, { name: 'B' }, { email: 'b@example.fr' });
    const newest = async () => {
      const page: HydraCollection<ClientListItem> = (
        await request(cookie, 'GET', '/api/clients?order[updated_at]=desc')
      ).json();
      return page['hydra:member'][0]?.name;
    };
    expect(await newest()).toBe('B');
    const altA = await addContact(cookie, a.client['@id'], { email: 'a2@example.fr' });
    expect(await newest()).toBe('A');
    await request(cookie, 'PUT', `/api/client_contacts/${b.contact.client_contact_ulid}`, {
      client: { name: 'B' },
      contact: contact({ email: 'b@example.fr' }),
    });
    expect(await newest()).toBe('B');
    await request(cookie, 'PUT', `/api/client_contacts/${altA.contact.client_contact_ulid}/primary`);
    expect(await newest()).toBe('A');
    const altB = await addContact(cookie, b.client['@id'], { email: 'b2@example.fr' });
    await request(cookie, 'PUT', `/api/client_contacts/${a.contact.client_contact_ulid}`, {
      client: { name: 'A' },
      contact: contact({ email: 'a@example.fr' }),
    });
    expect(await newest()).toBe('A');
    expect(
      (await request(cookie, 'DELETE', `/api/client_contacts/${altB.contact.client_contact_ulid}`)).statusCode,
    ).toBe(204);
    expect(await newest()).toBe('B');
  });
});

describe('createWithContacts (demo seed, imports)', () => {
  it('creates the client, its primary contact and its alternative contacts with the given clock', async () => {
    const actor: Actor = {
      accountId: 'seed',
      sessionId: 'seed',
      membershipId: ctx.team.owner.membershipId,
      spaceId: ctx.team.spaceId,
      spaceType: 'pco',
      role: 'ROLE_PCO_SPACE_OWNER',
      timezone: 'Asia/Tokyo',
      lang: 'ja',
    };
    const at = new Date('2026-01-15T01:00:00Z');
    const service = createClientsService(createClientsRepository(ctx.t.db), { now: () => at });
    const person = (firstname: string, email: string) => ({ ...contact({ firstname, email }), notes: null });
    const created = await service.createWithContacts(actor, { name: '株式会社山田工務店', company: true }, [
      person('太郎', 'taro@example.jp'),
      person('花子', 'hanako@example.jp'),
    ]);
    expect(created.client.updated_at).toBe('2026-01-15T10:00:00+09:00');
    expect(created.contacts.map((c) => c.is_primary)).toEqual([true, false]);
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.primary_contact?.firstname).toBe('太郎');
    expect(client.other_contacts.map((c) => c.firstname)).toEqual(['花子']);

    const duplicate = service.createWithContacts(actor, { name: 'X', company: false }, [
      person('A', 'same@example.jp'),
      person('B', 'same@example.jp'),
    ]);
    await expect(duplicate).rejects.toBeInstanceOf(AppError);
    await expect(duplicate).rejects.toMatchObject({
      status: 422,
      violations: [{ propertyPath: 'contacts.1.email', code: 'email_already_exist' }],
    });
  });
});
