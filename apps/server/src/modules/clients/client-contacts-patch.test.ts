/**
 * SPEC §7 "patches use merge-patch" (issue 11, ADR 009): `PATCH /api/client_contacts/{client_contact_ulid}` with an
 * RFC 7396 merge patch of the `PUT` body changes only what it names, `null` removes an optional member, the patched
 * body must pass the `PUT` rules (same violations), another space's link is not found, and `PUT` keeps its full
 * replacement semantics.
 */
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/factories.js';
import {
  addContact,
  contact,
  createClient,
  ctx,
  detail,
  request,
  setUpClientsApp,
  violations,
} from './clients.test-support.js';

setUpClientsApp();

const MERGE_PATCH = 'application/merge-patch+json';

/** `PATCH url` with a merge-patch body (or another content type). */
const patch = (cookie: string, url: string, body: unknown, contentType = MERGE_PATCH) =>
  ctx.t.app.inject({
    method: 'PATCH',
    url,
    headers: as(cookie, { 'content-type': contentType }),
    payload: JSON.stringify(body),
  });

describe('PATCH /api/client_contacts/{client_contact_ulid}', () => {
  it('changes only the members the patch names (200 {client, contact}) and keeps every other field', async () => {
    const created = await createClient(
      ctx.team.owner.cookie,
      { name: 'Résidence Les Tilleuls', company: true },
      { firstname: 'Jean', notes: 'Code portail 1234' },
    );
    const url = `/api/client_contacts/${created.contact.client_contact_ulid}`;

    const response = await patch(ctx.team.owner.cookie, url, { contact: { firstname: 'Sophie' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/ld+json');
    expect(response.json().contact).toMatchObject({
      firstname: 'Sophie',
      lastname: 'Dupont',
      email: 'jean.dupont@example.fr',
      phone: '+33 6 12 34 56 78',
      title: 'Gérant',
      notes: 'Code portail 1234',
      is_primary: true,
    });
    expect(response.json().client).toMatchObject({ name: 'Résidence Les Tilleuls', company: true });

    const renamed = await patch(ctx.team.owner.cookie, url, { client: { name: 'Résidence Les Platanes' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client).toMatchObject({ name: 'Résidence Les Platanes', company: true });
    expect(client.primary_contact).toMatchObject({
      firstname: 'Sophie',
      lastname: 'Dupont',
      notes: 'Code portail 1234',
    });
  });

  it('removes an optional member given null, and applies the PUT rules to what the patch sets', async () => {
    const created = await createClient(
      ctx.team.owner.cookie,
      { name: 'Villa Rosa', company: false },
      { notes: 'Chien' },
    );
    const url = `/api/client_contacts/${created.contact.client_contact_ulid}`;

    const cleared = await patch(ctx.team.owner.cookie, url, {
      contact: { notes: null, email: '  Rosa.Villa@Example.FR ' },
      client: { company: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().contact).toMatchObject({ notes: null, email: 'rosa.villa@example.fr', firstname: 'Jean' });
    // `company` removed from the PUT body: the PUT keeps the client's current kind
    expect(cleared.json().client.company).toBe(false);
    expect((await detail(ctx.team.owner.cookie, created.client.ulid)).primary_contact?.notes).toBeNull();
  });

  it('answers 422 with the violations the PUT gives for the same body, and changes nothing', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Hôtel du Lac' }, { email: 'lac@example.fr' });
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], {
      firstname: 'Ali',
      email: 'ali@example.fr',
    });
    const url = `/api/client_contacts/${alt.contact.client_contact_ulid}`;

    const invalid = await patch(ctx.team.owner.cookie, url, {
      client: { name: ' ' },
      contact: { lastname: null, phone: 'abc' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['content-type']).toContain('application/problem+json');
    const put = await request(ctx.team.owner.cookie, 'PUT', url, {
      client: { name: ' ' },
      contact: { ...contact({ email: 'ali@example.fr', firstname: 'Ali', phone: 'abc' }), lastname: undefined },
    });
    expect(put.statusCode).toBe(422);
    expect(violations(invalid).sort()).toEqual(violations(put).sort());
    expect(violations(invalid).sort()).toEqual([
      'client.name:name_required',
      'contact.lastname:lastname_required',
      'contact.phone:phone_invalid',
    ]);

    const taken = await patch(ctx.team.owner.cookie, url, { contact: { email: 'lac@example.fr' } });
    expect(violations(taken)).toEqual(['contact.email:email_already_exist']);
    const foreignIri = await patch(ctx.team.owner.cookie, url, { contact: { '@id': created.contact['@id'] } });
    expect(violations(foreignIri)).toEqual(['contact.@id:contact_invalid']);
    const notAnObject = await patch(ctx.team.owner.cookie, url, ['contact']);
    expect(notAnObject.statusCode).toBe(422);
    expect(violations(notAnObject)).toEqual([':value_invalid']);

    const after = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(after.name).toBe('Hôtel du Lac');
    expect(after.other_contacts[0]).toMatchObject({
      lastname: 'Dupont',
      phone: '+33 6 12 34 56 78',
      email: 'ali@example.fr',
    });
  });

  it('answers 404 contact_not_found for another space’s link and for an unknown one', async () => {
    const theirs = await createClient(ctx.other.owner.cookie, { name: 'Client d’une autre entreprise' });
    const url = `/api/client_contacts/${theirs.contact.client_contact_ulid}`;
    const foreign = await patch(ctx.team.owner.cookie, url, { contact: { firstname: 'Sophie' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('contact_not_found');
    const unknown = await patch(ctx.team.owner.cookie, '/api/client_contacts/01J00000000000000000000000', {});
    expect(unknown.statusCode).toBe(404);
    const untouched = await detail(ctx.other.owner.cookie, theirs.client.ulid);
    expect(untouched.primary_contact?.firstname).toBe('Jean');
  });

  it('refuses a body that is not application/merge-patch+json (415 merge_patch_required)', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Boulangerie Petit' });
    const url = `/api/client_contacts/${created.contact.client_contact_ulid}`;
    for (const type of ['application/json', 'application/ld+json', 'application/json-patch+json']) {
      const response = await patch(ctx.team.owner.cookie, url, { contact: { firstname: 'Sophie' } }, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error).toBe('merge_patch_required');
    }
    expect((await detail(ctx.team.owner.cookie, created.client.ulid)).primary_contact?.firstname).toBe('Jean');
  });

  it('leaves PUT a full replacement: a partial PUT still answers 422 lastname_required', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Cabinet Leroy' });
    const response = await request(
      ctx.team.owner.cookie,
      'PUT',
      `/api/client_contacts/${created.contact.client_contact_ulid}`,
      {
        client: { name: 'Cabinet Leroy' },
        contact: { firstname: 'Sophie' },
      },
    );
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toContain('contact.lastname:lastname_required');
  });
});
