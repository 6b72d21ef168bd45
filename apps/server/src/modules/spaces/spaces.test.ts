/**
 * SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer space", §6: `/api/dealers`, `/api/pcos`, their logos,
 * `/api/space_parameters/logo` and the public `/api/logos/{file}`.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { call, multipartFile } from '../../../test/users-factories.js';

let t: TestApp;
let adminCookie: string;
let dealerId: string;
let dealerCookie: string;
let otherDealerId: string;
let ownPcoId: string;
let foreignPcoId: string;
let pcoOwnerCookie: string;
let pcoManagerCookie: string;
let technicianCookie: string;

const address = { label: '1 rue de la Paix, 75002 Paris', city: 'Paris', latitude: 48.8686, longitude: 2.3317 };
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
const upload = (cookie: string, url: string, file: ReturnType<typeof multipartFile>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: as(cookie, { 'content-type': file.contentType }),
    payload: file.payload,
  });
const violations = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}: ${v.code}`);

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const adminSpace = await createSpace(t.db, 'admin');
  const admin = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN');
  adminCookie = await login(t, admin.email);

  dealerId = await createSpace(t.db, 'dealer', { name: 'Négoce Durand' });
  const dealerUser = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER');
  dealerCookie = await login(t, dealerUser.email);
  otherDealerId = await createSpace(t.db, 'dealer', { name: 'Autre négoce' });

  ownPcoId = await createSpace(t.db, 'pco', { name: 'Termites Sud', dealerId });
  foreignPcoId = await createSpace(t.db, 'pco', { name: 'Termites Nord', dealerId: otherDealerId });
  const pcoOwner = await createMember(t.db, ownPcoId, 'ROLE_PCO_SPACE_OWNER');
  pcoOwnerCookie = await login(t, pcoOwner.email);
  pcoManagerCookie = await login(t, (await createMember(t.db, ownPcoId, 'ROLE_PCO_SPACE_MANAGER')).email);
  technicianCookie = await login(t, (await createMember(t.db, ownPcoId, 'ROLE_PCO_SPACE_TECHNICIAN')).email);
});
afterAll(() => t.close());

describe('GET /api/dealers and /api/pcos', () => {
  it('lists the open dealers by name with owner and last login, searching names without accents', async () => {
    const owner = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const closed = await createSpace(t.db, 'dealer', { name: 'Négoce fermé', closedAt: new Date() });

    const response = await call(t.app, adminCookie, 'GET', '/api/dealers?search=negoce');
    expect(response.statusCode, response.body).toBe(200);
    const members = response.json()['hydra:member'] as { ulid: string; name: string }[];
    expect(members.map((m) => m.ulid)).toContain(dealerId);
    expect(members.map((m) => m.ulid)).not.toContain(closed);
    expect(members.every((m) => /n[ée]goce/i.test(m.name))).toBe(true);
    const durand = response.json()['hydra:member'].find((m: { ulid: string }) => m.ulid === dealerId);
    expect(durand).toMatchObject({
      '@id': `/api/dealers/${dealerId}`,
      type: 'dealer',
      name: 'Négoce Durand',
      owner_email: owner.email,
      owner_invited: false,
      dealer: null,
    });
    // the dealer user logged in during setup; the owner never did
    expect(Date.now() - new Date(durand.last_login_at).getTime()).toBeLessThan(120_000);
    const autre = response.json()['hydra:member'].find((m: { ulid: string }) => m.ulid === otherDealerId);
    expect(autre).toMatchObject({ last_login_at: null, owner_email: null, owner_invited: false });
  });

  it('pages by 30', async () => {
    for (let i = 0; i < 31; i++) await createSpace(t.db, 'dealer', { name: `Paging ${String(i).padStart(2, '0')}` });
    const first = (await call(t.app, adminCookie, 'GET', '/api/dealers?search=paging')).json();
    expect(first['hydra:totalItems']).toBe(31);
    expect(first['hydra:member']).toHaveLength(30);
    expect(first['hydra:member'][0].name).toBe('Paging 00');
    const second = (await call(t.app, adminCookie, 'GET', '/api/dealers?search=paging&page=2')).json();
    expect(second['hydra:member'].map((m: { name: string }) => m.name)).toEqual(['Paging 30']);
  });

  it('shows an admin every PCO and a dealer only its own', async () => {
    const all = (await call(t.app, adminCookie, 'GET', '/api/pcos?search=termites')).json();
    expect(all['hydra:member'].map((m: { ulid: string }) => m.ulid).sort()).toEqual([ownPcoId, foreignPcoId].sort());
    const mine = (await call(t.app, dealerCookie, 'GET', '/api/pcos?search=termites')).json();
    expect(mine['hydra:member'].map((m: { ulid: string }) => m.ulid)).toEqual([ownPcoId]);
    expect(mine['hydra:member'][0].dealer).toEqual({
      '@id': `/api/dealers/${dealerId}`,
      '@type': 'Dealer',
      ulid: dealerId,
      name: 'Négoce Durand',
    });
  });

  it('refuses PCO members, technicians and dealers where they have no say (403)', async () => {
    for (const cookie of [pcoOwnerCookie, pcoManagerCookie, technicianCookie]) {
      expect((await call(t.app, cookie, 'GET', '/api/pcos')).statusCode).toBe(403);
      expect((await call(t.app, cookie, 'GET', '/api/dealers')).statusCode).toBe(403);
      expect((await call(t.app, cookie, 'GET', `/api/pcos/${ownPcoId}`)).statusCode).toBe(403);
    }
    expect((await call(t.app, dealerCookie, 'GET', '/api/dealers')).statusCode).toBe(403);
    expect((await call(t.app, dealerCookie, 'GET', `/api/dealers/${dealerId}`)).statusCode).toBe(403);
  });
});

describe('item routes of another dealer’s PCO', () => {
  it('answer 404 pco_not_found to a dealer on GET, PUT and logo', async () => {
    const get = await call(t.app, dealerCookie, 'GET', `/api/pcos/${foreignPcoId}`);
    expect(get.statusCode).toBe(404);
    expect(get.json().error).toBe('pco_not_found');
    const put = await call(t.app, dealerCookie, 'PUT', `/api/pcos/${foreignPcoId}`, { name: 'Volé', address });
    expect(put.statusCode).toBe(404);
    const logo = await upload(
      dealerCookie,
      `/api/pcos/${foreignPcoId}/logo`,
      multipartFile('file', 'l.png', 'image/png', await png(40, 40)),
    );
    expect(logo.statusCode).toBe(404);
    expect((await call(t.app, adminCookie, 'GET', `/api/pcos/${foreignPcoId}`)).json()).toMatchObject({
      name: 'Termites Nord',
      logo: null,
    });
  });
});

describe('POST /api/dealers and /api/pcos', () => {
  it('creates a dealer, mails its owner an invitation whose activation makes them owner', async () => {
    const email = 'nouveau.negociant@test.example';
    const response = await call(t.app, adminCookie, 'POST', '/api/dealers', {
      name: 'Négoce Neuf',
      address,
      owner_email: email,
      erp_client_id: 'C-42',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'dealer',
      name: 'Négoce Neuf',
      owner_email: email,
      owner_invited: true,
      erp_client_id: 'C-42',
      last_login_at: null,
      address: { label: address.label, city: 'Paris' },
    });
    const ulid = response.json().ulid as string;

    const mail = await t.mailbox.waitFor(email, { template: 'invitation' });
    expect(mail.text).toContain('Négoce Neuf');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const activation = await t.app.inject({
      method: 'POST',
      url: `/api/invite_dealers/new-user/${token}`,
      headers: { 'client-type': 'webapp' },
      payload: { firstname: 'Nina', lastname: 'Neuf', new_password: 'Nouveau-Mot-2026!', timezone: 'Europe/Paris' },
    });
    expect(activation.statusCode, activation.body).toBe(200);
    expect(activation.json()).toMatchObject({ user_type: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER' });
    const after = (await call(t.app, adminCookie, 'GET', `/api/dealers/${ulid}`)).json();
    expect(after).toMatchObject({ owner_email: email, owner_invited: false });
  });

  it('forces a dealer actor’s own dealer on a new PCO', async () => {
    const response = await call(t.app, dealerCookie, 'POST', '/api/pcos', {
      name: 'Termites Ouest',
      address,
      owner_email: 'owner.ouest@test.example',
      erp_order_id: 'O-7',
      dealer: `/api/dealers/${otherDealerId}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ type: 'pco', erp_order_id: 'O-7', dealer: { ulid: dealerId } });
    await t.mailbox.waitFor('owner.ouest@test.example', { template: 'invitation' });
  });

  it('requires an admin to name an existing dealer (422 dealer_required / dealer_invalid)', async () => {
    const body = { name: 'Termites Est', address, owner_email: 'owner.est@test.example' };
    const none = await call(t.app, adminCookie, 'POST', '/api/pcos', body);
    expect(none.statusCode).toBe(422);
    expect(violations(none)).toEqual(['dealer: dealer_required']);
    const pco = await call(t.app, adminCookie, 'POST', '/api/pcos', { ...body, dealer: `/api/dealers/${ownPcoId}` });
    expect(violations(pco)).toEqual(['dealer: dealer_invalid']);
    const ok = await call(t.app, adminCookie, 'POST', '/api/pcos', { ...body, dealer: `/api/dealers/${dealerId}` });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().dealer.ulid).toBe(dealerId);
  });

  it('validates name, address and owner e-mail (SPEC §5)', async () => {
    const response = await call(t.app, adminCookie, 'POST', '/api/dealers', {
      name: ' ',
      address: { label: 'Quelque part' },
      owner_email: 'pas-un-mail',
    });
    expect(response.statusCode).toBe(422);
    const codes = violations(response);
    expect(codes).toContain('name: name_required');
    expect(codes.some((c) => c.startsWith('address.'))).toBe(true);
    expect(codes.some((c) => c.startsWith('owner_email: '))).toBe(true);
  });

  it('refuses an owner already member of a space of that type, creating nothing', async () => {
    const taken = await createMember(t.db, otherDealerId, 'ROLE_DEALER_SPACE_USER');
    const response = await call(t.app, adminCookie, 'POST', '/api/dealers', {
      name: 'Doublon',
      address,
      owner_email: taken.email,
    });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['owner_email: email_already_exist']);
    expect((await call(t.app, adminCookie, 'GET', '/api/dealers?search=doublon')).json()['hydra:totalItems']).toBe(0);
  });
});

describe('PUT /api/pcos/{ulid}', () => {
  it('lets a dealer edit its own PCO', async () => {
    const response = await call(t.app, dealerCookie, 'PUT', `/api/pcos/${ownPcoId}`, {
      name: 'Termites Sud-Est',
      address,
      erp_client_id: 'C-1',
      erp_order_id: 'O-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Termites Sud-Est',
      erp_order_id: 'O-1',
      dealer: { ulid: dealerId },
    });
  });
});

describe('PATCH /api/dealers|/api/pcos/{ulid} (merge patch, SPEC §7)', () => {
  const patch = (cookie: string, url: string, body: unknown, contentType = 'application/merge-patch+json') =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: as(cookie, { 'content-type': contentType }),
      payload: JSON.stringify(body),
    });
  const pcoWithAddress = (name: string) =>
    createSpace(t.db, 'pco', {
      name,
      dealerId,
      addressLabel: address.label,
      city: 'Paris',
      latitude: '48.868600000',
      longitude: '2.331700000',
      erpClientId: 'C-9',
      erpOrderId: 'O-9',
    });

  it('changes only what the patch names; null clears an optional member, a required one is refused as by PUT', async () => {
    const url = `/api/pcos/${await pcoWithAddress('Termites Ouest')}`;
    const renamed = await patch(adminCookie, url, { name: 'Termites Grand Ouest' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Termites Grand Ouest',
      address: { label: address.label, city: 'Paris', latitude: '48.868600000', longitude: '2.331700000' },
      erp_client_id: 'C-9',
      erp_order_id: 'O-9',
      dealer: { ulid: dealerId },
    });

    const cleared = await patch(dealerCookie, url, { erp_order_id: null, address: { city: 'Paris 2e' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ erp_order_id: null, erp_client_id: 'C-9', address: { city: 'Paris 2e' } });

    const refused = await patch(adminCookie, url, { name: null, address: null });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused).sort()).toEqual(['address: address_required', 'name: name_required']);
    expect((await call(t.app, adminCookie, 'GET', url)).json().name).toBe('Termites Grand Ouest');
  });

  it('takes only application/merge-patch+json (415), and hides another dealer’s PCO (404)', async () => {
    const url = `/api/pcos/${await pcoWithAddress('Termites Est')}`;
    const json = await patch(adminCookie, url, { name: 'Termites Est 2' }, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('merge_patch_required');
    const foreign = await patch(dealerCookie, `/api/pcos/${foreignPcoId}`, { name: 'Pris' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('pco_not_found');
    const dealer = await patch(adminCookie, `/api/dealers/${otherDealerId}`, { name: 'Autre négoce SA' });
    // a dealer created without an address must be given one, as by PUT
    expect(violations(dealer)).toEqual(['address: address_required']);
  });
});

describe('logos', () => {
  it('stores a PNG resized to fit 512 px as WebP, served publicly with cache headers', async () => {
    const response = await upload(
      adminCookie,
      `/api/dealers/${dealerId}/logo`,
      multipartFile('file', 'logo.jpg', 'image/jpeg', await png(1024, 512)),
    );
    expect(response.statusCode, response.body).toBe(200);
    const logo = response.json().logo as string;
    expect(logo).toMatch(/^\/api\/logos\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('public');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 256 });

    const again = await upload(
      adminCookie,
      `/api/dealers/${dealerId}/logo`,
      multipartFile('file', 'logo.png', 'image/png', await png(64, 64)),
    );
    expect(again.statusCode).toBe(200);
    expect(await t.storage.get(`logos/${logo.split('/').at(-1)}`)).toBeNull();
  });

  it('refuses a text file named .png (422 logo_invalid)', async () => {
    const response = await upload(
      dealerCookie,
      `/api/pcos/${ownPcoId}/logo`,
      multipartFile('file', 'logo.png', 'image/png', Buffer.from('not an image')),
    );
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['file: logo_invalid']);
  });

  it('lets a PCO owner set the logo of its own space, not a manager', async () => {
    const file = multipartFile('file', 'logo.png', 'image/png', await png(30, 30));
    const owner = await upload(pcoOwnerCookie, '/api/space_parameters/logo', file);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().logo).toMatch(/^\/api\/logos\//);
    expect((await call(t.app, adminCookie, 'GET', `/api/pcos/${ownPcoId}`)).json().logo).toBe(owner.json().logo);
    const manager = await upload(pcoManagerCookie, '/api/space_parameters/logo', file);
    expect(manager.statusCode).toBe(403);
  });

  it('answers 404 for unknown logo names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/logos/../../etc.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/logos/${'a'.repeat(32)}.webp` })).statusCode).toBe(404);
  });
});
