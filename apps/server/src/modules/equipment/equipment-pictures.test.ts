/**
 * Issue 5 "A PCO registers equipment on a site (serial, type, position, pictures)"; ARCHITECTURE §6 "uploads checked
 * by magic bytes and size": `POST /api/equipment/{ulid}/pictures`, `GET /api/equipment_pictures/{file}`,
 * `DELETE /api/equipment/{ulid}/pictures/{pictureUlid}`.
 */
import type { Equipment } from '@isoptera/contracts';
import { EQUIPMENT_PICTURE_MAX_BYTES } from '@isoptera/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/factories.js';
import { multipartFile } from '../../../test/users-factories.js';
import { ctx, png, request, setUpEquipmentApp, violations } from './equipment.test-support.js';

setUpEquipmentApp();

const upload = (equipmentId: string, file: ReturnType<typeof multipartFile>, cookie = ctx.team.owner.cookie) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/equipment/${equipmentId}/pictures`,
    headers: as(cookie, { 'content-type': file.contentType }),
    payload: file.payload,
  });
const pngFile = async (width: number, height: number, name = 'photo.png') =>
  multipartFile('file', name, 'image/png', await png(width, height));
/** Whether the file storage holds the picture of `url`. */
const stored = async (url: string) => (await ctx.t.storage.get(`equipment/${url.split('/').at(-1)}`)) !== null;
const stationId = (i: number) => ctx.site.stations[i]?.id as string;

describe('POST /api/equipment/{ulid}/pictures', () => {
  it('stores a picture resized to fit 1600 px as WebP, lists it on the equipment and serves it', async () => {
    const first = await upload(stationId(0), await pngFile(2400, 1200));
    expect(first.statusCode, first.body).toBe(201);
    const { ulid, url, ...keys } = first.json() as { ulid: string; url: string; '@id': string; '@type': string };
    expect(ulid).toHaveLength(26);
    // its IRI is the path that deletes it
    expect(keys).toEqual({
      '@context': '/api/contexts/EquipmentPicture',
      '@id': `/api/equipment/${stationId(0)}/pictures/${ulid}`,
      '@type': 'EquipmentPicture',
    });
    expect(url).toMatch(/^\/api\/equipment_pictures\/[0-9a-f]{32}\.webp$/);

    const served = await request('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    // judged by content: a PNG named .jpg is fine, and a small one is not enlarged
    const second = await upload(stationId(0), multipartFile('file', 'b.jpg', 'image/jpeg', await png(200, 100)));
    expect(second.statusCode, second.body).toBe(201);
    const detail = (await request('GET', `/api/equipment/${stationId(0)}`)).json() as Equipment;
    // embedded, the pictures are the ones answered, without a context of their own
    const uploaded = [first, second].map((answer) => {
      const { '@context': _context, ...picture } = answer.json();
      return picture;
    });
    expect(detail.pictures).toEqual(uploaded);
    const listed = (await request('GET', `/api/sites/${ctx.site.siteId}/equipment`)).json();
    const item = listed['hydra:member'].find((e: Equipment) => e.ulid === stationId(0));
    expect(item.pictures).toEqual(uploaded);
    const small = await request('GET', second.json().url);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('refuses a file that is not an image, whatever its name (422 picture_invalid)', async () => {
    const text = multipartFile('file', 'photo.png', 'image/png', Buffer.from('not an image at all, just text\n'));
    const response = await upload(stationId(1), text);
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['file:picture_invalid']);
    const noFile = await upload(stationId(1), multipartFile('other', 'a.png', 'image/png', await png(10, 10)));
    expect(violations(noFile)).toEqual(['file:picture_invalid']);
    const detail = (await request('GET', `/api/equipment/${stationId(1)}`)).json() as Equipment;
    expect(detail.pictures).toEqual([]);
  });

  it('refuses a file over 10 MB (413) and a body that is not multipart (415)', async () => {
    const heavy = multipartFile('file', 'big.png', 'image/png', Buffer.alloc(EQUIPMENT_PICTURE_MAX_BYTES + 1, 1));
    const response = await upload(stationId(1), heavy);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
    const json = await request('POST', `/api/equipment/${stationId(1)}/pictures`, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it("keeps pictures within their space: 404 for another PCO's equipment or picture, 403 to a technician", async () => {
    const mine = (await upload(stationId(1), await pngFile(50, 50))).json() as { ulid: string; url: string };
    expect((await request('GET', mine.url, undefined, ctx.other.owner.cookie)).statusCode).toBe(404);
    expect((await upload(stationId(1), await pngFile(50, 50), ctx.other.owner.cookie)).statusCode).toBe(404);
    expect((await upload(ctx.foreign.stations[0]?.id as string, await pngFile(50, 50))).statusCode).toBe(404);
    expect((await upload(stationId(1), await pngFile(50, 50), ctx.team.technician.cookie)).statusCode).toBe(403);
    expect((await request('GET', mine.url, undefined, ctx.team.technician.cookie)).statusCode).toBe(403);
    const foreignDelete = await request(
      'DELETE',
      `/api/equipment/${stationId(1)}/pictures/${mine.ulid}`,
      undefined,
      ctx.other.owner.cookie,
    );
    expect(foreignDelete.statusCode).toBe(404);
    expect((await request('GET', '/api/equipment_pictures/..%2F..%2Fjwt-secret')).statusCode).toBe(404);
    expect((await request('GET', `/api/equipment_pictures/${'0'.repeat(32)}.webp`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/equipment/{ulid}/pictures/{pictureUlid}', () => {
  it('deletes the picture and its file', async () => {
    const { ulid, url } = (await upload(stationId(2), await pngFile(60, 40))).json();
    expect(await stored(url)).toBe(true);
    expect((await request('DELETE', `/api/equipment/${stationId(2)}/pictures/${ulid}`)).statusCode).toBe(204);
    expect(await stored(url)).toBe(false);
    expect((await request('GET', url)).statusCode).toBe(404);
    expect((await request('GET', `/api/equipment/${stationId(2)}`)).json().pictures).toEqual([]);
    expect((await request('DELETE', `/api/equipment/${stationId(2)}/pictures/${ulid}`)).statusCode).toBe(404);
  });

  it('removing the equipment removes its picture files', async () => {
    const { url } = (await upload(stationId(2), await pngFile(60, 40))).json();
    expect(await stored(url)).toBe(true);
    expect((await request('DELETE', `/api/equipment/${stationId(2)}`)).statusCode).toBe(204);
    expect(await stored(url)).toBe(false);
    expect((await request('GET', url)).statusCode).toBe(404);
  });
});
