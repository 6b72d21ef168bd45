/**
 * The PDF of a visit report (issue 12 "The PDF"), parsed back with pdf.js: the station table's text is there, Japanese
 * text is extractable (so the font is embedded with its Unicode map, not drawn as tofu), the draft mark follows the
 * status, pages are numbered, images are embedded, and a 40-station Japanese report stays small.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf, reportPdfSharesFonts } from './render-report.js';
import {
  buildReportDocument,
  frenchReport,
  japaneseReport,
  makeLogo,
  makePhoto,
  makeSignature,
} from './report-document.fixtures.js';

interface ParsedPdf {
  pages: { text: string; items: TextItem[] }[];
  /** All the text, pages joined, without any whitespace (line breaks fall anywhere in Japanese). */
  compact: string;
}

async function parse(pdf: Buffer): Promise<ParsedPdf> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const pages: ParsedPdf['pages'] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    pages.push({ items, text: items.map((item) => item.str).join(' ') });
  }
  await task.destroy();
  return { pages, compact: pages.map((page) => page.text.replace(/\s+/g, '')).join('') };
}

/** Removes every kind of whitespace, for comparing with {@link ParsedPdf.compact}. */
const compact = (text: string) => text.replace(/\s+/g, '');

/** How many image XObjects the file holds, and how many of them are JPEG (DCTDecode). */
function imageCounts(pdf: Buffer): { images: number; jpeg: number } {
  const text = pdf.toString('latin1');
  const dictionaries = text.match(/<<[^>]*\/Subtype \/Image[^>]*>>/g) ?? [];
  return { images: dictionaries.length, jpeg: dictionaries.filter((d) => d.includes('/DCTDecode')).length };
}

describe('renderReportPdf, a 40-station Japanese report', () => {
  const doc = japaneseReport({ status: 'to_process' });
  let pdf: Buffer;
  let parsed: ParsedPdf;

  beforeAll(async () => {
    pdf = await renderReportPdf(doc);
    parsed = await parse(pdf);
  });

  it('is a PDF of a few A4 pages, well under 1 MB with its font embedded as a subset', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(parsed.pages.length).toBeGreaterThanOrEqual(2);
    expect(pdf.length).toBeLessThan(1_000_000);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold/);
    expect(raw).toContain('/FontFile2');
  });

  it('has every station of the table, with its Japanese labels', () => {
    for (const check of doc.stationChecks) expect(parsed.compact).toContain(check.reference);
    expect(parsed.compact).toContain('活動なし');
    expect(parsed.compact).toContain('活動あり');
    expect(parsed.compact).toContain('ベイト剤交換');
    expect(parsed.compact).toContain('地中ステーション');
    const reading = doc.stationChecks.find((check) => check.result === 'activity' && check.termiteActivity !== null);
    expect(parsed.compact).toContain(`${reading?.termiteActivity}/100`);
  });

  it('has the Japanese names of the PCO, the site and the report type', () => {
    expect(parsed.compact).toContain('株式会社さくら白蟻防除');
    expect(parsed.compact).toContain('山田様邸（世田谷区）');
    expect(parsed.compact).toContain('作業報告書');
    expect(parsed.compact).toContain('定期点検');
  });

  it('breaks long Japanese paragraphs into several lines without losing a character', () => {
    const summary = doc.summary ?? '';
    expect(parsed.compact).toContain(compact(summary));
    // the text of each line of the first page (items grouped by their baseline: pdf.js may cut a line into runs)
    const byLine = new Map<number, string>();
    for (const item of parsed.pages[0]?.items ?? []) {
      const y = Math.round(item.transform[5] ?? 0);
      byLine.set(y, (byLine.get(y) ?? '') + item.str);
    }
    const summaryLines = [...byLine.values()].filter((line) => {
      const text = compact(line);
      return text.length > 4 && compact(summary).includes(text);
    });
    expect(summaryLines.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps termite species as Latin names', () => {
    expect(parsed.compact).toContain('Reticulitermessperatus');
    expect(parsed.compact).toContain('Coptotermesformosanus');
  });

  it('marks every page as a draft and numbers it "X / Y"', () => {
    const total = parsed.pages.length;
    parsed.pages.forEach((page, i) => {
      expect(page.text).toContain('下書き');
      expect(compact(page.text)).toContain(`${i + 1}/${total}ページ`);
    });
  });

  it('has no draft mark once sent', async () => {
    const sent = await parse(await renderReportPdf({ ...doc, status: 'sent' }));
    expect(sent.compact).not.toContain('下書き');
    expect(sent.compact).toContain('活動なし');
  });
});

describe('renderReportPdf, a French report with a logo, photos and signatures', () => {
  let pdf: Buffer;
  let parsed: ParsedPdf;
  const images: { logo?: Uint8Array; photos?: Uint8Array[]; signature?: Uint8Array } = {};

  beforeAll(async () => {
    const [logo, webp, jpeg, signature] = await Promise.all([
      makeLogo('webp'),
      makePhoto('webp'),
      makePhoto('jpeg', 120),
      makeSignature(),
    ]);
    Object.assign(images, { logo, photos: [webp, jpeg], signature });
    pdf = await renderReportPdf(frenchReport({ status: 'sent', stations: 12, ...images }));
    parsed = await parse(pdf);
  });

  it('has the station table in French', () => {
    for (const label of ['Station', 'Constat', 'Action', 'Appât consommé', 'Capteur']) {
      expect(parsed.compact).toContain(compact(label));
    }
    expect(parsed.compact).toContain('IGS-01');
    expect(parsed.compact).toContain(compact('Pas d’activité'));
    expect(parsed.compact).toContain(compact('Appât remplacé'));
    expect(parsed.compact).toContain('2/3');
  });

  it('has the products with their registration, applicator and lot', () => {
    expect(parsed.compact).toContain('Sentri-BaitPro');
    expect(parsed.compact).toContain(compact('AMM biocide (France) n° FR-2019-0042'));
    expect(parsed.compact).toContain(compact('Hexaflumuron 0,5 %'));
    expect(parsed.compact).toContain(compact('Certificat n° CB-2024-1187'));
    expect(parsed.compact).toContain('L2406-118');
    expect(parsed.compact).toContain('Reticulitermesflavipes');
  });

  it('embeds the logo, the photos (the WebP one converted to JPEG) and the signatures', () => {
    const counts = imageCounts(pdf);
    // logo + 2 photos + the same signature image for the customer and the technician (pdfkit embeds each once per use)
    expect(counts.images).toBeGreaterThanOrEqual(4);
    expect(counts.jpeg).toBe(2);
    expect(pdf.toString('latin1')).not.toContain('WEBP');
    expect(parsed.compact).toContain(compact('Dégâts · Station IGS-04'));
    expect(parsed.compact).toContain(compact('21/11/2026 09:05'));
  });

  it('has the signatures and numbers its pages without a draft mark', () => {
    expect(parsed.compact).toContain(compact('Élodie Garnier'));
    expect(parsed.compact).toContain(compact('Signé le 21/11/2026 11:25'));
    expect(parsed.compact).not.toContain('BROUILLON');
    const total = parsed.pages.length;
    parsed.pages.forEach((page, i) => {
      expect(compact(page.text)).toContain(`Page${i + 1}/${total}`);
      expect(compact(page.text)).toContain(compact('Document généré le 21/11/2026 14:02'));
    });
  });

  it('marks a report still to process as a draft, and says when the customer was absent', async () => {
    const draft = await parse(
      await renderReportPdf(frenchReport({ status: 'to_process', stations: 3, customerAbsent: true })),
    );
    for (const page of draft.pages) expect(page.text).toContain('BROUILLON');
    expect(draft.compact).toContain(compact('Client absent lors de l’intervention'));
  });
});

describe('renderReportPdf, every language', () => {
  it.each(['fr', 'en', 'ja', 'it', 'pt'] as const)('%s: draws the labels of its catalogue', async (lang) => {
    const parsed = await parse(await renderReportPdf(buildReportDocument({ lang, stations: 5, status: 'to_process' })));
    const expected = { fr: 'BROUILLON', en: 'DRAFT', ja: '下書き', it: 'BOZZA', pt: 'RASCUNHO' }[lang];
    expect(parsed.compact).toContain(expected);
    expect(parsed.compact).not.toMatch(/reports:|enums:/);
  });

  it('parses its fonts once for all documents, and documents rendered together do not mix', async () => {
    const [ja, fr] = await Promise.all([
      renderReportPdf(japaneseReport({ stations: 6 })),
      renderReportPdf(frenchReport({ stations: 6 })),
    ]);
    expect(reportPdfSharesFonts()).toBe(true);
    const [jaText, frText] = [(await parse(ja)).compact, (await parse(fr)).compact];
    expect(jaText).toContain('山田様邸（世田谷区）');
    expect(jaText).not.toContain('Embruns');
    expect(frText).toContain(compact('Résidence Les Embruns — Bâtiment B'));
    expect(frText).not.toContain('活動なし');
  });

  it('rejects an image that is not one, naming it', async () => {
    const doc = frenchReport({ stations: 1, photos: [new Uint8Array([1, 2, 3, 4])] });
    await expect(renderReportPdf(doc)).rejects.toThrow(/photo 1/);
  });
});
