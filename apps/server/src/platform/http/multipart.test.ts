/**
 * Issue 11 "Hardening": a malformed `multipart/form-data` body — truncated, without a boundary, not multipart at all
 * behind its header — answers 400 `multipart_invalid` (problem+json, translated) on every upload route, never a 500;
 * the same route then takes a well-formed upload.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation } from '../../../test/equipment-factories.js';
import { as, createMember, createPcoTeam, createSpace, login } from '../../../test/factories.js';
import { multipartFile } from '../../../test/users-factories.js';

let t: TestApp;
/** Each upload route with the cookie of someone allowed to use it. */
let routes: { url: string; cookie: string }[];

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const team = await createPcoTeam(t.app, t.db);
  const dealerId = await createSpace(t.db, 'dealer');
  const dealer = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
  const dealerCookie = await login(t.app, dealer.email);
  const adminSpace = await createSpace(t.db, 'admin');
  const admin = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
  const adminCookie = await login(t.app, admin.email);
  const station = (await createInstallation(t.db, team.spaceId, { stationCount: 1 })).stations[0];
  routes = [
    { url: `/api/user_pcos/${team.technician.membershipId}/avatar`, cookie: team.owner.cookie },
    { url: `/api/user_dealers/${dealer.membershipId}/avatar`, cookie: dealerCookie },
    { url: `/api/user_admins/${admin.membershipId}/avatar`, cookie: adminCookie },
    { url: `/api/dealers/${dealerId}/logo`, cookie: adminCookie },
    { url: `/api/pcos/${team.spaceId}/logo`, cookie: adminCookie },
    { url: '/api/space_parameters/logo', cookie: team.owner.cookie },
    { url: `/api/equipment/${station?.id}/pictures`, cookie: team.owner.cookie },
  ];
});
afterAll(() => t.close());

const BOUNDARY = 'isopteraBoundary42';
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;
const head =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
  'Content-Type: image/png\r\n\r\n';

/** Malformed bodies: [label, content-type, payload]. */
const MALFORMED: [string, string, string][] = [
  ['a body cut off in the middle of the file', WITH_BOUNDARY, `${head}\x89PNG\r\n\x1a\n0000`],
  ['a multipart content type without a boundary', 'multipart/form-data', `${head}abc\r\n--${BOUNDARY}--\r\n`],
  ['a body that is not multipart behind the header', WITH_BOUNDARY, '{"file": "photo.png"}'],
  ['a second part whose headers never end', WITH_BOUNDARY, `${head}abc\r\n--${BOUNDARY}\r\nGarbage`],
];

const post = (route: { url: string; cookie: string }, contentType: string, payload: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: route.url,
    headers: as(route.cookie, { 'content-type': contentType, 'accept-language': 'en' }),
    payload,
  });

describe('upload routes with a malformed multipart body', () => {
  it.each(MALFORMED)('answer 400 multipart_invalid for %s', async (_label, contentType, payload) => {
    for (const route of routes) {
      const response = await post(route, contentType, payload);
      expect(response.statusCode, `${route.url}: ${response.body}`).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ '@type': 'hydra:Error', status: 400, error: 'multipart_invalid' });
      expect(response.json().detail).toMatch(/could not be read/);
    }
  });

  it('then take a well-formed upload', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 99, b: 9 } } })
      .png()
      .toBuffer();
    for (const route of routes) {
      const file = multipartFile('file', 'photo.png', 'image/png', png);
      const response = await post(route, file.contentType, file.payload);
      expect([200, 201], `${route.url}: ${response.body}`).toContain(response.statusCode);
    }
  });
});
