/**
 * SPEC §7 "patches use merge-patch" (issue 11, ADR 009): `PATCH /api/site_contacts/{site_contact_ulid}` with an
 * RFC 7396 merge patch of the `PUT` body changes only what it names, `null` removes an optional member, the main
 * contact can be switched by its IRI, the patched site passes the `PUT` rules (same violations), only
 * `application/merge-patch+json` is taken, another space's site is not found, and `PUT` keeps replacing the whole body.
 */
import type { SiteContactAnswer } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { insertClient, siteForm, type TestClient } from './sites.test-data.js';

const MERGE_PATCH = 'application/merge-patch+json';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let client: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  client = await insertClient(t.db, team.spaceId, 'Château Margaux SARL');
});
afterAll(() => t.close());

const patch = (cookie: string, id: string, payload: unknown, contentType = MERGE_PATCH) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/site_contacts/${id}`,
    headers: as(cookie, { 'content-type': contentType }),
    payload: JSON.stringify(payload),
  });
const codes = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

async function createSite(): Promise<SiteContactAnswer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/site_contacts',
    headers: as(team.owner.cookie),
    payload: siteForm(client, team.technician.iri, { notes: 'Chien dans la cour' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('PATCH /api/site_contacts/{site_contact_ulid}', () => {
  it('changes only the members the patch names and keeps every other field', async () => {
    const created = await createSite();
    const renamed = await patch(team.owner.cookie, created.contact.site_contact_ulid, { site: { name: 'Chai nord' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.headers['content-type']).toContain('application/ld+json');
    const { name, updated_at, ...unchanged } = created.site;
    expect(renamed.json().site).toMatchObject({ ...unchanged, name: 'Chai nord' });
    expect(renamed.json().contact).toEqual(created.contact);

    const moved = await patch(team.owner.cookie, created.contact.site_contact_ulid, {
      site: { address: { city: 'Pessac', label: '1 avenue Jean Jaurès, 33600 Pessac' }, area: 300 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().site).toMatchObject({
      name: 'Chai nord',
      area: 300,
      address: { ...created.site.address, city: 'Pessac', label: '1 avenue Jean Jaurès, 33600 Pessac' },
      referent: { ulid: team.technician.membershipId },
    });
  });

  it('removes an optional member with null and switches the main contact by its IRI', async () => {
    const created = await createSite();
    const id = created.contact.site_contact_ulid;
    const cleared = await patch(team.owner.cookie, id, { site: { description: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().site).toMatchObject({ description: null, notes: 'Chien dans la cour' });
    const switched = await patch(team.owner.cookie, id, { contact: `/api/contacts/${client.contactIds[1]}` });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().contact).toMatchObject({ ulid: client.contactIds[1], site_contact_ulid: id });
    expect(switched.json().site).toMatchObject({ name: created.site.name, description: null });
  });

  it('answers the PUT’s violations for a patched site that breaks its rules', async () => {
    const created = await createSite();
    const id = created.contact.site_contact_ulid;
    const bad = await patch(team.owner.cookie, id, { site: { name: null, area: -3 } });
    expect(bad.statusCode).toBe(422);
    expect(codes(bad)).toEqual(['site.area:area_invalid', 'site.name:label_required']);
    const foreignContact = await patch(team.owner.cookie, id, { contact: '/api/contacts/01J00000000000000000000000' });
    expect(codes(foreignContact)).toEqual(['contact:contact_invalid']);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${created.site.ulid}`,
      headers: as(team.owner.cookie),
    });
    expect(unchanged.json()).toMatchObject({ name: created.site.name, area: created.site.area });
  });

  it('takes only a merge patch, and answers 404 for another space’s site', async () => {
    const created = await createSite();
    const id = created.contact.site_contact_ulid;
    const json = await patch(team.owner.cookie, id, { site: { name: 'x' } }, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('merge_patch_required');
    const foreign = await patch(other.owner.cookie, id, { site: { name: 'x' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('site_not_found');
  });

  it('leaves PUT replacing the whole body: an omitted description is cleared', async () => {
    const created = await createSite();
    const form = siteForm(client, team.technician.iri);
    const { description: _description, ...site } = form.site;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/site_contacts/${created.contact.site_contact_ulid}`,
      headers: as(team.owner.cookie),
      payload: { ...form, site },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().site).toMatchObject({ description: null, notes: null });
  });
});
