/** SPEC §3 "Site", §5 "Site", §7 "Sites": create/update with the main contact, detail, light view, delete, access. */
import type { SiteContactAnswer, SiteDetail } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, login } from '../../../test/factories.js';
import { insertClient, insertIntervention, siteForm, type TestClient } from './sites.test-data.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let client: TestClient;
let secondClient: TestClient;
let foreignClient: TestClient;
let site: SiteContactAnswer;

const post = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/site_contacts', headers: as(cookie), payload: payload as object });
const put = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/site_contacts/${id}`, headers: as(cookie), payload: payload as object });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: as(cookie) });
const violations = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  client = await insertClient(t.db, team.spaceId, 'Château Margaux SARL');
  secondClient = await insertClient(t.db, team.spaceId, 'Boulangerie Dupont', 1);
  foreignClient = await insertClient(t.db, other.spaceId, 'Client d’ailleurs');
  const response = await post(team.owner.cookie, siteForm(client, team.technician.iri));
  expect(response.statusCode, response.body).toBe(201);
  site = response.json();
});
afterAll(() => t.close());

describe('POST /api/site_contacts', () => {
  it('creates the site with an existing contact of the client and answers 201 {site, contact}', () => {
    expect(site.site).toMatchObject({
      '@id': `/api/sites/${site.site.ulid}`,
      '@type': 'Site',
      name: 'Entrepôt Mérignac',
      description: 'Accès par le portail arrière',
      status: 'STATUS_TO_INSTALL',
      client: { '@id': client.iri, ulid: client.id, name: 'Château Margaux SARL' },
      client_ulid: client.id,
      area: 1250.5,
      referent: { '@id': team.technician.iri, ulid: team.technician.membershipId, color: '#336699', status: 'active' },
      referent_ulid: team.technician.membershipId,
      contact_ulid: client.contactIds[0],
      work_type: 'TYPE_BUILDING',
      building_type: 'TYPE_COMMERCIAL',
      termite_species: 'reticulitermes_grassei',
      treatment_type: 'TYPE_ELIMINATION',
      estimated_box_number: 2,
      estimated_igs_number: 30,
      estimated_ags_number: 4,
      desired_installation_date: '2030-05-12',
      priority_sum: 0,
      main_alert_type: null,
      planned_at: null,
    });
    expect(site.contact).toMatchObject({ '@id': `/api/contacts/${client.contactIds[0]}`, title: 'Gérante' });
    expect(site.contact.client_contact_ulid).toHaveLength(26);
    expect(site.contact.site_contact_ulid).toHaveLength(26);
    expect(site.site.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('stores the coordinates rounded upward to 9 decimals, as text', () => {
    expect(site.site.address).toEqual({
      label: '8 allée des Lilas, 33700 Mérignac',
      street: '8 allée des Lilas',
      postal_code: '33700',
      city: 'Mérignac',
      country: 'France',
      latitude: '44.842960001',
      longitude: '-0.645390000',
    });
  });

  it('creates a new contact, links it to the client as an alternative contact and makes it the main contact', async () => {
    const contact = {
      firstname: 'Gilles',
      lastname: 'Barbier',
      phone: '+33 6 12 48 75 30',
      email: 'Gilles@Test.example',
      title: 'Gardien',
    };
    const response = await post(
      team.manager.cookie,
      siteForm(secondClient, team.owner.iri, { name: 'Boulangerie' }, contact),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body: SiteContactAnswer = response.json();
    expect(body.contact).toMatchObject({ firstname: 'Gilles', email: 'gilles@test.example', title: 'Gardien' });
    expect(body.site.contact?.ulid).toBe(body.contact.ulid);
    expect(body.contact.client_contact_ulid).toHaveLength(26);
    // the new contact is now one of the client's contacts: another site may use it by IRI
    const reuse = await post(
      team.owner.cookie,
      siteForm(secondClient, team.owner.iri, { name: 'Fournil' }, body.contact['@id']),
    );
    expect(reuse.statusCode, reuse.body).toBe(201);
  });

  it('answers 422 with a violation per missing required field', async () => {
    const response = await post(team.owner.cookie, { site: {}, contact: '' });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([
      'contact:contact_required',
      'site.address:address_required',
      'site.area:area_required',
      'site.client:client_required',
      'site.name:label_required',
      'site.referent:referent_required',
    ]);
  });

  it('refuses an imprecise address, bad coordinates, a non-positive area and bad enums', async () => {
    const form = siteForm(client, team.technician.iri, {
      address: { label: 'Mérignac', latitude: '', longitude: '181' },
      area: 0,
      status: 'STATUS_UNKNOWN' as never,
      estimated_igs_number: -1,
    });
    const response = await post(team.owner.cookie, form);
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([
      'site.address.latitude:latitude_invalid',
      'site.address.longitude:longitude_invalid',
      'site.area:area_invalid',
      'site.estimated_igs_number:estimated_equipment_invalid',
      'site.status:status_invalid',
    ]);
  });

  it('refuses a client, a referent or a contact outside the actor’s PCO or the client (422 *_invalid)', async () => {
    const foreign = await post(team.owner.cookie, siteForm(foreignClient, other.technician.iri));
    expect(foreign.statusCode).toBe(422);
    expect(violations(foreign)).toEqual(['site.client:client_invalid', 'site.referent:referent_invalid']);

    const disabled = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { status: 'disabled' });
    const inactive = await post(team.owner.cookie, siteForm(client, disabled.iri));
    expect(violations(inactive)).toEqual(['site.referent:referent_invalid']);

    const otherClientsContact = await post(
      team.owner.cookie,
      siteForm(client, team.technician.iri, {}, `/api/contacts/${secondClient.contactIds[0]}`),
    );
    expect(violations(otherClientsContact)).toEqual(['contact:contact_invalid']);

    const wrongCollection = await post(
      team.owner.cookie,
      siteForm(client, `/api/clients/${team.technician.membershipId}`),
    );
    expect(violations(wrongCollection)).toEqual(['site.referent:referent_invalid']);
  });

  it('refuses a new contact with invalid fields', async () => {
    const response = await post(
      team.owner.cookie,
      siteForm(
        client,
        team.technician.iri,
        {},
        { firstname: 'G1lles', lastname: '', phone: '12', email: 'x', title: 'T' },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual([
      'contact.email:email_invalid',
      'contact.firstname:firstname_invalid',
      'contact.lastname:lastname_required',
      'contact.phone:phone_invalid',
    ]);
  });
});

describe('PUT /api/site_contacts/{site_contact_ulid}', () => {
  it('updates the site and its main contact (200 {site, contact})', async () => {
    const form = siteForm(
      client,
      team.manager.iri,
      { name: 'Entrepôt Nord', status: 'STATUS_IN_OPERATION', area: 90 },
      `/api/contacts/${client.contactIds[1]}`,
    );
    const response = await put(team.owner.cookie, site.contact.site_contact_ulid, {
      ...form,
      site: { ...form.site, '@id': site.site['@id'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body: SiteContactAnswer = response.json();
    expect(body.site).toMatchObject({
      ulid: site.site.ulid,
      name: 'Entrepôt Nord',
      status: 'STATUS_IN_OPERATION',
      area: 90,
    });
    expect(body.site.referent_ulid).toBe(team.manager.membershipId);
    expect(body.contact.ulid).toBe(client.contactIds[1]);
    expect(body.contact.site_contact_ulid).toBe(site.contact.site_contact_ulid);
    const detail: SiteDetail = (await get(team.owner.cookie, `/api/sites/${site.site.ulid}`)).json();
    expect(detail.contact?.ulid).toBe(client.contactIds[1]);
    expect(detail.name).toBe('Entrepôt Nord');
  });

  it('answers 422 site_invalid when the body names another site, and 422 on invalid fields', async () => {
    const form = siteForm(client, team.manager.iri);
    const mismatch = await put(team.owner.cookie, site.contact.site_contact_ulid, {
      ...form,
      site: { ...form.site, '@id': '/api/sites/01J00000000000000000000000' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(violations(mismatch)).toEqual(['site:site_invalid']);
    const invalid = await put(
      team.owner.cookie,
      site.contact.site_contact_ulid,
      siteForm(client, team.manager.iri, { area: -3 }),
    );
    expect(violations(invalid)).toEqual(['site.area:area_invalid']);
  });

  it('answers 404 for an unknown site contact', async () => {
    const response = await put(team.owner.cookie, '01J00000000000000000000000', siteForm(client, team.manager.iri));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('site_not_found');
  });
});

describe('GET /api/sites/{id} and /light', () => {
  it('answers the light view (description, status, desired installation date)', async () => {
    const response = await get(team.manager.cookie, `/api/sites/${site.site.ulid}/light`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      '@context': '/api/contexts/Site',
      '@id': site.site['@id'],
      '@type': 'Site',
      ulid: site.site.ulid,
      description: 'Accès par le portail arrière',
      status: 'STATUS_IN_OPERATION',
      desired_installation_date: '2030-05-12',
    });
  });

  it('shows the start of the next future intervention as planned_at', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    soon.setUTCHours(8, 0, 0, 0);
    await insertIntervention(t.db, team.spaceId, client.id, site.site.ulid, new Date(Date.now() - 86_400_000));
    await insertIntervention(t.db, team.spaceId, client.id, site.site.ulid, new Date(soon.getTime() + 7 * 86_400_000));
    await insertIntervention(t.db, team.spaceId, client.id, site.site.ulid, soon);
    const detail: SiteDetail = (await get(team.owner.cookie, `/api/sites/${site.site.ulid}`)).json();
    expect(detail.planned_at && new Date(detail.planned_at).getTime()).toBe(soon.getTime());
  });

  it('answers 404 site_not_found for an unknown id', async () => {
    for (const url of [
      '/api/sites/01J00000000000000000000000',
      '/api/sites/01J00000000000000000000000/light',
      '/api/sites/nope',
    ]) {
      const response = await get(team.owner.cookie, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toBe('site_not_found');
    }
  });
});

describe('DELETE /api/sites/{id}', () => {
  it('deletes the site (204), then answers 404', async () => {
    const created: SiteContactAnswer = (
      await post(team.owner.cookie, siteForm(client, team.technician.iri, { name: 'À supprimer' }))
    ).json();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/sites/${created.site.ulid}`,
      headers: as(team.owner.cookie),
    });
    expect(response.statusCode).toBe(204);
    expect((await get(team.owner.cookie, `/api/sites/${created.site.ulid}`)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/sites/${created.site.ulid}`,
      headers: as(team.owner.cookie),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('tenancy and access', () => {
  it('answers 404 to a member of another PCO for every site endpoint, and leaves the site untouched', async () => {
    const id = site.site.ulid;
    const cookie = other.owner.cookie;
    expect((await get(cookie, `/api/sites/${id}`)).statusCode).toBe(404);
    expect((await get(cookie, `/api/sites/${id}/light`)).statusCode).toBe(404);
    expect(
      (await put(cookie, site.contact.site_contact_ulid, siteForm(foreignClient, other.technician.iri))).statusCode,
    ).toBe(404);
    expect((await put(cookie, id, siteForm(foreignClient, other.technician.iri))).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/sites/${id}`, headers: as(cookie) });
    expect(del.statusCode).toBe(404);
    expect((await get(team.owner.cookie, `/api/sites/${id}`)).json().name).toBe('Entrepôt Nord');
  });

  it('shows a member of another PCO none of the sites in lists, counts and search', async () => {
    const list = (await get(other.owner.cookie, '/api/sites')).json();
    expect(list).toMatchObject({ in_alert_sites: [], other_sites: [], in_alert_site_number: 0, other_site_number: 0 });
    const filtered = (
      await get(other.owner.cookie, `/api/sites?clients[]=${client.id}&users[]=${team.technician.membershipId}`)
    ).json();
    expect(filtered.other_site_number).toBe(0);
    const search = (await get(other.owner.cookie, '/api/sites/search?name=Entrep')).json();
    expect(search).toEqual({ list: [], total: 0 });
    const all = (await get(other.owner.cookie, `/api/sites?pagination=false&client.ulid=${client.id}`)).json();
    expect(all['hydra:totalItems']).toBe(0);
  });

  it('refuses a technician (403) and an anonymous request (401)', async () => {
    const cookie = team.technician.cookie;
    expect((await get(cookie, '/api/sites')).statusCode).toBe(403);
    expect((await get(cookie, '/api/sites/search')).statusCode).toBe(403);
    expect((await get(cookie, `/api/sites/${site.site.ulid}`)).statusCode).toBe(403);
    expect((await get(cookie, `/api/sites/${site.site.ulid}/light`)).statusCode).toBe(403);
    expect((await post(cookie, siteForm(client, team.technician.iri))).statusCode).toBe(403);
    expect((await put(cookie, site.contact.site_contact_ulid, siteForm(client, team.technician.iri))).statusCode).toBe(
      403,
    );
    const del = await t.app.inject({ method: 'DELETE', url: `/api/sites/${site.site.ulid}`, headers: as(cookie) });
    expect(del.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(401);
  });

  it('lets the manager act like the owner', async () => {
    const cookie = await login(t.app, team.manager.email);
    expect((await get(cookie, `/api/sites/${site.site.ulid}`)).statusCode).toBe(200);
  });
});
