/**
 * SPEC §2.7 "Users: edit … avatar", §5 (image format and size), ARCHITECTURE §6 (uploads checked by magic bytes and
 * size): `POST {users}/{ulid}/avatar` and `GET /api/avatars/{file}`.
 */
import { AVATAR_MAX_BYTES } from '@isoptera/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, type TestMember } from '../../../test/factories.js';
import { call, multipartFile } from '../../../test/users-factories.js';

let t: TestApp;
let spaceId: string;
let ownerCookie: string;
let technicianCookie: string;
let member: TestMember;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 70 } } })
    .png()
    .toBuffer();
const upload = (target: TestMember, file: ReturnType<typeof multipartFile>, cookie = ownerCookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user_pcos/${target.membershipId}/avatar`,
    headers: as(cookie, { 'content-type': file.contentType }),
    payload: file.payload,
  });
/** Whether the file storage holds the avatar of `url`. */
const stored = async (url: string) => (await t.storage.get(`avatars/${url.split('/').at(-1)}`)) !== null;

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco');
  const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  ownerCookie = await login(t.app, owner.email);
  member = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
  technicianCookie = await login(t.app, member.email);
});
afterAll(() => t.close());

describe('POST /api/user_pcos/{ulid}/avatar', () => {
  it('stores a PNG resized to fit 256 px as WebP and serves it', async () => {
    const response = await upload(member, multipartFile('file', 'photo.png', 'image/png', await png(800, 600)));
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().avatar as string;
    expect(avatar).toMatch(/^\/api\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(response.json().ulid).toBe(member.membershipId);

    const served = await t.app.inject({ method: 'GET', url: avatar, headers: as(technicianCookie) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 192 });
  });

  it('judges by content, not by name or declared type: a PNG named .jpg is accepted', async () => {
    const response = await upload(member, multipartFile('file', 'photo.jpg', 'image/jpeg', await png(120, 90)));
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().avatar, headers: as(ownerCookie) });
    // a small image is not enlarged
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 120, height: 90 });
  });

  it('accepts JPEG and WebP, and an image heavier than the JSON body limit', async () => {
    const jpeg = await sharp(await png(300, 300))
      .jpeg()
      .toBuffer();
    expect((await upload(member, multipartFile('file', 'a.jpeg', 'image/jpeg', jpeg))).statusCode).toBe(200);
    const webp = await sharp(await png(300, 300))
      .webp()
      .toBuffer();
    expect((await upload(member, multipartFile('file', 'a.webp', 'image/webp', webp))).statusCode).toBe(200);
    // random noise does not compress: ~2 MB of PNG
    const noise = Buffer.alloc(900 * 800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const heavy = await sharp(noise, { raw: { width: 900, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(heavy.length).toBeGreaterThan(1_100_000);
    const response = await upload(member, multipartFile('file', 'heavy.png', 'image/png', heavy));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a text file named .png, and a GIF (422 avatar_invalid)', async () => {
    const before = (await call(t.app, ownerCookie, 'GET', `/api/user_pcos/${member.membershipId}`)).json().avatar;
    const text = await upload(
      member,
      multipartFile('file', 'evil.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().violations).toEqual([expect.objectContaining({ propertyPath: 'file', code: 'avatar_invalid' })]);
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    expect((await upload(member, multipartFile('file', 'a.png', 'image/png', gif))).json().error).toBe(
      'validation_failed',
    );
    const after = (await call(t.app, ownerCookie, 'GET', `/api/user_pcos/${member.membershipId}`)).json().avatar;
    expect(after).toBe(before);
  });

  it('refuses a file over 5 MB (413 payload_too_large)', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const response = await upload(member, multipartFile('file', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });

  it('refuses a request without a `file` part (422) or that is not multipart (415)', async () => {
    const other = await upload(member, multipartFile('picture', 'a.png', 'image/png', await png(10, 10)));
    expect(other.statusCode).toBe(422);
    const json = await call(t.app, ownerCookie, 'POST', `/api/user_pcos/${member.membershipId}/avatar`, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('replaces the previous avatar: its file is deleted and no longer served', async () => {
    const first = (await upload(member, multipartFile('file', 'a.png', 'image/png', await png(50, 50)))).json().avatar;
    expect(await stored(first)).toBe(true);
    const second = (await upload(member, multipartFile('file', 'b.png', 'image/png', await png(60, 60)))).json().avatar;
    expect(second).not.toBe(first);
    expect(await stored(first)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first, headers: as(ownerCookie) })).statusCode).toBe(404);
  });

  it('refuses a technician (403)', async () => {
    const response = await upload(
      member,
      multipartFile('file', 'a.png', 'image/png', await png(10, 10)),
      technicianCookie,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/avatars/{file}', () => {
  it('serves only stored file names, to signed-in people', async () => {
    for (const name of ['..%2F..%2Fjwt-secret', 'jwt-secret', `${'0'.repeat(32)}.webp`, `${'a'.repeat(32)}.png`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/avatars/${name}`, headers: as(ownerCookie) });
      expect(response.statusCode, name).toBe(404);
    }
    const avatar = (await upload(member, multipartFile('file', 'a.png', 'image/png', await png(20, 20)))).json().avatar;
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);
  });
});
