/**
 * Issue 12 "The PDF", end to end with the real renderer (pdf/render-report.ts, which has its own suite): the document
 * the reports service builds from the database — the PCO's logo (stored WebP, handed over as PNG), the site, the
 * station checks, a product use, a photo (stored WebP) — renders, and the PDF mailed to the customer is the frozen one,
 * parsed back with pdf.js.
 */
import { createHash } from 'node:crypto';
import type { Report } from '@isoptera/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import {
  call,
  hoursFrom,
  insertClientWithContact,
  insertProduct,
  insertSiteWithStations,
  insertVisit,
  multipartForm,
  png,
  recordVisit,
} from '../../../test/report-factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

/** The text of every page, whitespace removed (line breaks fall anywhere in Japanese). */
async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  let text = '';
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    text += content.items.map((item) => (item as TextItem).str ?? '').join('');
  }
  await task.destroy();
  return text.replace(/\s+/g, '');
}

const upload = (url: string, form: ReturnType<typeof multipartForm>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: as(team.owner.cookie, { 'content-type': form.contentType }),
    payload: form.payload,
  });

describe('the PDF of a report, drawn by the real renderer', () => {
  it('renders a draft while to process, then mails the frozen PDF with the site, the stations and the product', async () => {
    const logo = await upload(
      '/api/space_parameters/logo',
      multipartForm({}, { filename: 'logo.png', contentType: 'image/png', content: await png(300, 120) }),
    );
    expect(logo.statusCode, logo.body).toBe(200);
    const clientId = await insertClientWithContact(t.db, team.spaceId, '株式会社サンプル', 'tanaka@customer.example');
    const site = await insertSiteWithStations(t.db, team.spaceId, { clientId, stationCount: 2, siteName: '倉庫北棟' });
    const end = new Date(Math.floor(hoursFrom(new Date(), -1).getTime() / 1000) * 1000);
    const visitId = await insertVisit(t.db, team.spaceId, site.siteId, {
      startAt: hoursFrom(end, -2),
      endAt: end,
      intervenerIds: [team.technician.membershipId],
    });
    const report = (await recordVisit(t, team.owner.cookie, visitId)).json() as Report;
    const product = await insertProduct(t.db, team.spaceId, { name: 'Sentricon Recruit HD' });
    const patched = await call(t, team.owner.cookie, 'PATCH', `/api/reports/${report.ulid}`, {
      language: 'ja',
      summary: '北側の2か所で食害の痕跡を確認しました。',
      product_uses: [{ product, quantity: 2 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const photo = await upload(
      `/api/reports/${report.ulid}/photos`,
      multipartForm(
        { kind: 'damage', equipment: site.stations[0]?.id as string },
        { filename: 'p.png', contentType: 'image/png', content: await png(800, 600) },
      ),
    );
    expect(photo.statusCode, photo.body).toBe(201);

    const draft = await call(t, team.owner.cookie, 'GET', `/api/reports/${report.ulid}/pdf`);
    expect(draft.statusCode, draft.body).toBe(200);
    const draftText = await pdfText(draft.rawPayload);
    for (const expected of [
      '倉庫北棟',
      'IGS-01',
      'IGS-02',
      'SentriconRecruitHD',
      '62719-608',
      '北側の2か所で食害の痕跡を確認しました。',
    ]) {
      expect(draftText).toContain(expected);
    }

    // the logo (stored as WebP, handed over as PNG) and the photo are drawn
    const images = draft.rawPayload.toString('latin1').match(/<<[^>]*\/Subtype \/Image[^>]*>>/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(2);

    const sent = await call(t, team.owner.cookie, 'POST', `/api/reports/${report.ulid}/send`, {
      recipients: ['tanaka@customer.example'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.mailbox.waitFor('tanaka@customer.example', { template: 'visit_report' });
    expect(mail.subject).toContain('倉庫北棟');
    const attached = mail.parsed.attachments[0]?.content as Buffer;
    expect(createHash('sha256').update(attached).digest('hex')).toBe(sent.json().pdf_sha256);
    expect(await pdfText(attached)).toContain('IGS-01');
  });
});
