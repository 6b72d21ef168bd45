/**
 * Test data and doubles of the reports tests (issue 12): the app with a PDF renderer test double, a PCO with a
 * client, a site with stations and readings, past visits and catalogue products written straight to the database,
 * and multipart forms with text fields. API tests then drive the behaviour through the real routes.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  clientContacts,
  clients,
  contacts,
  interventionInterveners,
  interventions,
  products,
  reportPhotos,
  reportProductUses,
  reportStationChecks,
  reports,
  sites,
  spaces,
} from '../src/db/schema/index.js';
import { modules } from '../src/modules/index.js';
import type { ReportDocument } from '../src/modules/reports/pdf/report-document.js';
import { createReportsModule } from '../src/modules/reports/reports.module.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import type { AppModule } from '../src/platform/module.js';
import type { TestApp } from './build-test-app.js';
import { createInstallation } from './equipment-factories.js';
import { as, type createPcoTeam } from './factories.js';

/**
 * TEST DOUBLE of the PDF renderer (pdf/render-report.ts has its own suite): a valid one-page PDF 1.4 written by hand
 * whose text names the report (`Report <ulid>`), its status and language, so that tests can tell which report a PDF
 * is and whether it was drawn as a draft.
 */
export async function testDoubleRenderReportPdf(doc: ReportDocument): Promise<Buffer> {
  const text = `Report ${doc.ulid} ${doc.status} ${doc.lang} ${doc.stationChecks.length} stations`;
  const stream = `BT /F1 12 Tf 72 770 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The documents the test double drew, newest last (what the service handed the renderer). */
export const renderedDocuments: ReportDocument[] = [];

/** Every module of the app, the reports module drawing its PDFs with {@link testDoubleRenderReportPdf}. */
export function modulesWithTestRenderer(): AppModule[] {
  const reports = createReportsModule({
    renderPdf: (doc) => {
      renderedDocuments.push(doc);
      return testDoubleRenderReportPdf(doc);
    },
  });
  return modules.map((module) => (module.name === 'reports' ? reports : module));
}

/** The text drawn by the test double, e.g. `Report 01J… sent fr 3 stations`. */
export function testPdfText(pdf: Buffer): string {
  return /\((Report [^)]*)\) Tj/.exec(pdf.toString('latin1'))?.[1] ?? '';
}

export type ReportTeam = Awaited<ReturnType<typeof createPcoTeam>>;

/** A client with a primary contact (`contactEmail`); returns its id. */
export async function insertClientWithContact(db: Db, spaceId: string, name: string, contactEmail: string) {
  const clientId = newUlid();
  const contactId = newUlid();
  await db.insert(clients).values({ id: clientId, spaceId, name, company: true });
  await db.insert(contacts).values({
    id: contactId,
    spaceId,
    firstname: 'Claire',
    lastname: 'Fontaine',
    phone: '+33 6 12 34 56 78',
    email: contactEmail,
    title: 'Syndic',
  });
  await db.insert(clientContacts).values({ id: newUlid(), clientId, contactId, isPrimary: true });
  return clientId;
}

/**
 * A site of `spaceId` (status `status`, default STATUS_IN_OPERATION) with a gateway and `stationCount` stations; the
 * site is moved to client `clientId` when given. Returns the installation.
 */
export async function insertSiteWithStations(
  db: Db,
  spaceId: string,
  options: { clientId?: string; status?: string; stationCount?: number; siteName?: string } = {},
) {
  const installation = await createInstallation(db, spaceId, {
    stationCount: options.stationCount ?? 3,
    status: options.status ?? 'STATUS_IN_OPERATION',
    siteName: options.siteName ?? 'Entrepôt Nord',
  });
  if (options.clientId) {
    await db.update(sites).set({ clientId: options.clientId }).where(eq(sites.id, installation.siteId));
  }
  return installation;
}

/** A visit of `type` on `siteId` from `startAt` to `endAt` with `intervenerIds`; returns its id. */
export async function insertVisit(
  db: Db,
  spaceId: string,
  siteId: string,
  options: { type?: string; startAt: Date; endAt: Date; intervenerIds: string[] },
): Promise<string> {
  const [site] = await db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
  const id = newUlid();
  await db.insert(interventions).values({
    id,
    spaceId,
    clientId: site?.clientId as string,
    siteId,
    type: options.type ?? 'TYPE_CONTROL_VISIT',
    startAt: options.startAt,
    endAt: options.endAt,
  });
  for (const membershipId of options.intervenerIds) {
    await db.insert(interventionInterveners).values({ interventionId: id, membershipId });
  }
  return id;
}

/** A product of the catalogue of `spaceId`; returns its id. */
export async function insertProduct(
  db: Db,
  spaceId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  const id = newUlid();
  await db.insert(products).values({
    id,
    spaceId,
    name: 'Sentricon Recruit HD',
    activeIngredients: [{ name: 'noviflumuron', percent: 0.5 }],
    registrationNumber: '62719-608',
    register: 'epa',
    unit: 'unit',
    isBait: true,
    ...overrides,
  });
  return id;
}

/**
 * A report of `spaceId` (on a new client and site) with a station check, a photo of it and a use of `productId`,
 * written straight to the database; returns the report's id.
 */
export async function insertReportUsing(db: Db, spaceId: string, productId: string): Promise<string> {
  const clientId = await insertClientWithContact(db, spaceId, 'Client', 'c@customer.example');
  const { siteId } = await insertSiteWithStations(db, spaceId, { clientId, stationCount: 0 });
  const reportId = newUlid();
  const now = new Date();
  await db.insert(reports).values({
    ...{ id: reportId, spaceId, siteId, clientId, type: 'TYPE_CONTROL_VISIT', language: 'fr' },
    ...{ visitStartedAt: now, visitEndedAt: now },
  });
  const checkId = newUlid();
  await db.insert(reportStationChecks).values({
    ...{ id: checkId, reportId, reference: 'IGS-01', kind: 'igs', result: 'no_activity', action: 'inspected' },
  });
  await db
    .insert(reportPhotos)
    .values({ id: newUlid(), reportId, stationCheckId: checkId, kind: 'before', file: Buffer.from('x') });
  await db.insert(reportProductUses).values({
    ...{ id: newUlid(), reportId, productId, productName: 'Used', quantity: 1, unit: 'unit', position: 0 },
  });
  return reportId;
}

/** Deletes space `spaceId` (what the purge job does), then counts the products and reports left of it. */
export async function purgeSpace(db: Db, spaceId: string): Promise<{ products: number; reports: number }> {
  await db.delete(spaces).where(eq(spaces.id, spaceId));
  const left = await db.select({ id: products.id }).from(products).where(eq(products.spaceId, spaceId));
  const reportsLeft = await db.select({ id: reports.id }).from(reports).where(eq(reports.spaceId, spaceId));
  return { products: left.length, reports: reportsLeft.length };
}

/** `date` shifted by `hours`. */
export const hoursFrom = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000);

/** Records the visit `interventionId` through the API; answers the response. */
export function recordVisit(t: TestApp, cookie: string, interventionId: string) {
  return t.app.inject({ method: 'POST', url: `/api/interventions/${interventionId}/report`, headers: as(cookie) });
}

/** `METHOD url` as `cookie`, with a JSON body for writes (a merge patch on PATCH). */
export function call(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const headers = method === 'PATCH' ? as(cookie, { 'content-type': 'application/merge-patch+json' }) : as(cookie);
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** `propertyPath:code` of each violation of a 422, sorted. */
export const violations = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

/** A PNG of `width` × `height` pixels. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 80 } } })
    .png()
    .toBuffer();

/** A `multipart/form-data` body with text `fields` and, when given, a file part `file`. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { filename: string; contentType: string; content: Buffer; field?: string },
) {
  const boundary = `----isoptera${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
