/**
 * Issue 15 "Automatic reports": the PDF of a monthly report drawn by the real renderer, in Japanese and in French —
 * the period, the advice written in the report's language, the activity chart (a vector drawing), the equipment,
 * the alerts with their response time and the visits — parsed back with pdf.js. With `AUTOMATIC_PDF_OUT=<dir>` the
 * PDFs are also written there (to look at them: `pdftoppm -png`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  automaticReportsOf,
  insertAlert,
  insertCheckedInVisit,
  insertMonitoredSite,
  setDevice,
  setOwnerPreferences,
  setSchedule,
} from '../../../test/automatic-report-factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { insertReadings } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call } from '../../../test/report-factories.js';
import { createAutomaticReportBuilder } from './automatic-reports.builder.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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

/** A space in `lang` and `zone` with October's monthly report of a site with activity, alerts and a visit. */
async function monthlyReport(lang: string, zone: string) {
  const team = await createPcoTeam(t.app, t.db);
  await setOwnerPreferences(t.db, team.owner.accountId, zone, lang);
  await setSchedule(t.db, team.spaceId, { frequency: 'monthly', month_day: 1, hour: 8 });
  const site = await insertMonitoredSite(t.db, team.spaceId, { stationCount: 6, siteName: '東京倉庫 Résidence' });
  const [s1, s2, s3] = site.stations;
  if (!s1 || !s2 || !s3) throw new Error('stations');
  const days = Array.from({ length: 31 }, (_, i) => i + 1);
  await insertReadings(
    t.db,
    s1.id,
    days.map((d) => ({
      measuredAt: new Date(Date.UTC(2026, 9, d, 3)),
      termiteActivity: d >= 12 && d <= 18 ? 30 + d * 2 : 3 + (d % 4),
    })),
  );
  await insertReadings(
    t.db,
    s2.id,
    days.filter((d) => d % 2 === 0).map((d) => ({ measuredAt: new Date(Date.UTC(2026, 9, d, 3)), termiteActivity: d })),
  );
  await setDevice(t.db, s3.id, { batteryLevel: 'Low', batteryPercent: 7 });
  await setDevice(t.db, site.gateway.id, { lastUpdateAt: new Date('2026-10-28T06:00:00Z'), signalLevel: -101 });
  await insertAlert(t.db, team.spaceId, site.siteId, {
    equipmentId: s1.id,
    type: 'TYPE_TERMITE_ALERT',
    openedAt: new Date('2026-10-12T03:00:00Z'),
    closedAt: new Date('2026-10-19T03:00:00Z'),
    closeReason: 'cleared',
  });
  await insertAlert(t.db, team.spaceId, site.siteId, {
    equipmentId: null,
    type: 'TYPE_COLONY_DETECTED',
    openedAt: new Date('2026-10-14T03:00:00Z'),
  });
  await insertCheckedInVisit(t.db, team.spaceId, site.siteId, new Date('2026-10-13T08:30:00Z'), '佐藤 健');
  await createAutomaticReportBuilder({ db: t.db }).runPeriodic(new Date('2026-11-02T00:00:00Z'), {
    spaceId: team.spaceId,
  });
  const [report] = await automaticReportsOf(t.db, site.siteId);
  const response = await call(t, team.owner.cookie, 'GET', `/api/reports/${report?.id}/pdf`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = response.rawPayload;
  const out = process.env.AUTOMATIC_PDF_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, `automatic-${lang}.pdf`), pdf);
  }
  return pdf;
}

describe('the PDF of an automatic report', () => {
  it('in Japanese: the period, the advice, the chart, the equipment, the alerts with response times, the visit', async () => {
    const pdf = await monthlyReport('ja', 'Asia/Tokyo');
    const text = await pdfText(pdf);
    expect(text).toContain('定期レポート');
    expect(text).toContain('2026/10/01–2026/10/31');
    expect(text).toContain('IGS-01で7日間シロアリの活動を検知しました。点検訪問をお勧めします');
    expect(text).toContain('1台のステーション（IGS-03）のバッテリー残量が少なくなっています。交換してください');
    expect(text).toContain('ステーション別のシロアリ活動');
    expect(text).toContain('アラートしきい値（30）');
    // the termite alert answered by the check-in 1 day 5 h 30 later; the colony opened after it, still waiting
    expect(text).toContain('1日5時間');
    expect(text).toContain('未対応');
    expect(text).toContain('佐藤健');
    expect(text).toContain('-101dBm');
  });

  it('in French, with the typography of the language', async () => {
    const text = await pdfText(await monthlyReport('fr', 'Europe/Paris'));
    expect(text).toContain('Rapportpériodique');
    expect(text).toContain('IGS-01active7jours:visitedecontrôleconseillée');
    expect(text).toContain('Activitédestermitesparstation');
  });
});
