/**
 * Issue 12 "Photos (before, after, damage, conducive condition, installation), checked by content and resized with
 * the existing image pipeline, with time taken": `POST /api/reports/{ulid}/photos` (multipart, idempotent by
 * `client_id`), `GET` and `DELETE /api/reports/{ulid}/photos/{photoUlid}`.
 */
import type { Report, ReportPhoto } from '@isoptera/contracts';
import { REPORT_PHOTO_MAX_BYTES } from '@isoptera/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/factories.js';
import { multipartForm, png, renderedDocuments, violations } from '../../../test/report-factories.js';
import { asOwner, ctx, recordedReport, setUpReportsApp } from './reports.test-support.js';

setUpReportsApp();

const upload = (reportId: string, form: ReturnType<typeof multipartForm>, cookie = ctx.team.owner.cookie) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/reports/${reportId}/photos`,
    headers: as(cookie, { 'content-type': form.contentType }),
    payload: form.payload,
  });
const image = async (width = 2400, height = 1200, filename = 'photo.png', contentType = 'image/png') => ({
  filename,
  contentType,
  content: await png(width, height),
});

describe('POST /api/reports/{ulid}/photos', () => {
  it('stores a photo resized to fit 1600 px as WebP, of a station check, and serves it to the space', async () => {
    const { report, site } = await recordedReport({ stationCount: 2 });
    const station = site.stations[1]?.id as string;
    const response = await upload(
      report.ulid,
      multipartForm(
        { kind: 'damage', equipment: `/api/equipment/${station}`, taken_at: '2026-11-20 14:30:00', client_id: 'cam-1' },
        await image(),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as ReportPhoto;
    expect(photo).toEqual({
      '@context': '/api/contexts/ReportPhoto',
      '@id': `/api/reports/${report.ulid}/photos/${photo.ulid}`,
      '@type': 'ReportPhoto',
      ulid: photo.ulid,
      kind: 'damage',
      equipment_ulid: station,
      taken_at: '2026-11-20T14:30:00+01:00',
      client_id: 'cam-1',
      url: `/api/reports/${report.ulid}/photos/${photo.ulid}`,
    });
    const served = await asOwner('GET', photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const { '@context': _context, ...embedded } = photo;
    expect(((await asOwner('GET', `/api/reports/${report.ulid}`)).json() as Report).photos).toEqual([embedded]);
    // drawn in the PDF with its station
    await asOwner('GET', `/api/reports/${report.ulid}/pdf`);
    expect(renderedDocuments.at(-1)?.photos).toEqual([
      { kind: 'damage', station: 'IGS-02', takenAt: '20/11/2026 14:30', image: expect.any(Buffer) },
    ]);
    // another space's member: 404
    const foreign = await ctx.t.app.inject({ method: 'GET', url: photo.url, headers: as(ctx.other.owner.cookie) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'report_not_found' });
  });

  it('judges by content: a PNG named .jpg is stored, a text file named .png is refused (422 photo_invalid)', async () => {
    const { report } = await recordedReport({ stationCount: 1 });
    const disguised = await upload(
      report.ulid,
      multipartForm({ kind: 'before' }, await image(200, 100, 'a.jpg', 'image/jpeg')),
    );
    expect(disguised.statusCode, disguised.body).toBe(201);
    const served = await asOwner('GET', disguised.json().url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
    const text = { filename: 'photo.png', contentType: 'image/png', content: Buffer.from('just some text\n') };
    const refused = await upload(report.ulid, multipartForm({ kind: 'after' }, text));
    expect(refused.statusCode).toBe(422);
    expect(violations(refused)).toEqual(['file:photo_invalid']);
    const missing = await upload(report.ulid, multipartForm({ kind: 'after' }));
    expect(violations(missing)).toEqual(['file:photo_invalid']);
    expect(((await asOwner('GET', `/api/reports/${report.ulid}`)).json() as Report).photos).toHaveLength(1);
  });

  it('checks the fields: kind, a station the report checks, the time taken, the client id', async () => {
    const { report, site } = await recordedReport({ stationCount: 1 });
    const other = await recordedReport({ stationCount: 1 });
    const bad = await upload(
      report.ulid,
      multipartForm({ kind: 'selfie', taken_at: 'yesterday', client_id: 'a b' }, await image(10, 10)),
    );
    expect(violations(bad)).toEqual(['client_id:client_id_invalid', 'kind:kind_invalid', 'taken_at:taken_at_invalid']);
    const foreignStation = await upload(
      report.ulid,
      multipartForm({ kind: 'before', equipment: other.site.stations[0]?.id as string }, await image(10, 10)),
    );
    expect(violations(foreignStation)).toEqual(['equipment:station_invalid']);
    const gateway = await upload(
      report.ulid,
      multipartForm({ kind: 'before', equipment: site.gateway.id }, await image(10, 10)),
    );
    expect(violations(gateway)).toEqual(['equipment:station_invalid']);
  });

  it('answers the photo already stored for a replayed client id (200), not a second one', async () => {
    const { report } = await recordedReport({ stationCount: 1 });
    const form = multipartForm({ kind: 'after', client_id: 'device-42:photo-7' }, await image(20, 20));
    const first = await upload(report.ulid, form);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await upload(
      report.ulid,
      multipartForm({ kind: 'after', client_id: 'device-42:photo-7' }, await image(30, 30)),
    );
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().ulid).toBe(first.json().ulid);
    expect(((await asOwner('GET', `/api/reports/${report.ulid}`)).json() as Report).photos).toHaveLength(1);
  });

  it('refuses a body that is not multipart (415), a file over 10 MB (413), a technician (403)', async () => {
    const { report } = await recordedReport({ stationCount: 1 });
    const json = await asOwner('POST', `/api/reports/${report.ulid}/photos`, { kind: 'before' });
    expect(json.statusCode).toBe(415);
    const heavy = {
      filename: 'big.png',
      contentType: 'image/png',
      content: Buffer.alloc(REPORT_PHOTO_MAX_BYTES + 1, 1),
    };
    expect((await upload(report.ulid, multipartForm({ kind: 'before' }, heavy))).statusCode).toBe(413);
    const technician = await upload(
      report.ulid,
      multipartForm({ kind: 'before' }, await image(10, 10)),
      ctx.team.technician.cookie,
    );
    expect(technician.statusCode).toBe(403);
  });
});

describe('DELETE /api/reports/{ulid}/photos/{photoUlid}', () => {
  it('deletes a photo of a report to process; 404 for an unknown one; 409 once the report is sent', async () => {
    const { report } = await recordedReport({ stationCount: 1 });
    const kept = (await upload(report.ulid, multipartForm({ kind: 'before' }, await image(10, 10)))).json();
    const gone = (await upload(report.ulid, multipartForm({ kind: 'after' }, await image(10, 10)))).json();
    expect((await asOwner('DELETE', gone['@id'])).statusCode).toBe(204);
    const again = await asOwner('DELETE', gone['@id']);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'report_photo_not_found' });
    expect((await asOwner('GET', gone.url)).json()).toMatchObject({ error: 'report_photo_not_found' });
    await asOwner('POST', `/api/reports/${report.ulid}/send`, { recipients: ['a@customer.example'] });
    const locked = await asOwner('DELETE', kept['@id']);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: 'report_not_editable' });
    const late = await upload(report.ulid, multipartForm({ kind: 'after' }, await image(10, 10)));
    expect(late.statusCode).toBe(409);
    expect((await asOwner('GET', kept.url)).statusCode).toBe(200);
  });
});
