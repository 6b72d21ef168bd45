/**
 * The PDF of a visit report (issue 12 "The PDF"): an A4 document drawn with pdfmake (pdfkit underneath, no browser)
 * in one embedded, subset font, Noto Sans JP, which covers the five languages of the product (its Latin glyphs
 * include the accents of fr, it and pt; pdfmake breaks Japanese lines between ideographs, UAX #14).
 *
 * The font files come from the npm package `@expo-google-fonts/noto-sans-jp` (Google Fonts' static TrueType
 * instances, OFL-1.1): `node_modules/@expo-google-fonts/noto-sans-jp/{400Regular,700Bold}/NotoSansJP_*.ttf`, found with
 * Node's module resolution from this file, read once on the first render and kept in memory. Nothing is fetched at
 * run time: remote URLs and local files are refused to pdfmake, and images reach it as data URLs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StationCheckResult } from '@isoptera/contracts';
import { type TranslateParams, translate } from '@isoptera/i18n';
import { loadCatalogues } from '@isoptera/i18n/load-catalogues';
import { LRUCache } from 'lru-cache';
import pdfmake from 'pdfmake';
import type { CanvasElement, Column, Content, ContentTable, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import sharp from 'sharp';
import type { AutomaticDocument, ReportDocument } from './report-document.js';

/** The package files of the font, relative to `node_modules` (see the file comment). */
export const FONT_FILES = {
  normal: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

const FONT = 'NotoSansJP';

/** A4 in PDF points (1/72 inch). */
const PAGE_WIDTH = 595.28;
const MARGIN_X = 42;
const MARGIN_TOP = 58;
const MARGIN_BOTTOM = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

const COLOR = {
  ink: '#1c2a24',
  muted: '#5f6f68',
  accent: '#175636',
  accentSoft: '#eef5f0',
  rule: '#d3ddd7',
  zebra: '#f4f7f5',
  white: '#ffffff',
  danger: '#b42318',
  warning: '#a15c07',
  ok: '#226843',
} as const;

/** The chart's line colours, one per station in turn. */
const SERIES_COLORS = ['#175636', '#b42318', '#1d4ed8', '#a15c07', '#7e22ce', '#0e7490', '#be185d', '#4d7c0f'];

const RESULT_COLOR: Record<StationCheckResult, string> = {
  no_activity: COLOR.ok,
  activity: COLOR.danger,
  damaged: COLOR.warning,
  missing: COLOR.warning,
  not_accessible: COLOR.muted,
};

/** Largest side, in pixels, an image keeps in the PDF: enough for print at its drawn size, small enough to mail. */
const MAX_PX = { logo: 600, signature: 800, photo: 1200 } as const;

const catalogues = loadCatalogues();

let fontsReady = false;

/** Reads the font files into pdfmake's in-memory file system and closes every other door, once per process. */
function prepareFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const regular = readFileSync(require.resolve(FONT_FILES.normal));
  const bold = readFileSync(require.resolve(FONT_FILES.bold));
  shareParsedFonts(regular, bold);
  const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }).virtualfs;
  vfs.writeFileSync('NotoSansJP-Regular.ttf', regular);
  vfs.writeFileSync('NotoSansJP-Bold.ttf', bold);
  pdfmake.setFonts({
    // Noto Sans JP has no italic: italics fall back to the upright faces.
    [FONT]: {
      normal: 'NotoSansJP-Regular.ttf',
      bold: 'NotoSansJP-Bold.ttf',
      italics: 'NotoSansJP-Regular.ttf',
      bolditalics: 'NotoSansJP-Bold.ttf',
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
}

/** The parts of pdfkit's `EmbeddedFont` (one per document and face) that this module touches. */
interface EmbeddedFont {
  id: string;
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (document: unknown, font: unknown, id: string) => EmbeddedFont;

/** pdfmake's pdfkit document class, as far as {@link shareParsedFonts} uses it. */
interface PdfmakeDocument {
  fontCache: Record<string, Record<string, EmbeddedFont>>;
  _fontFamilies: Record<string, EmbeddedFont>;
  _fontCount: number;
  font(src: Uint8Array): { _font: EmbeddedFont & { font: unknown } };
  provideFont(familyName: string, bold: boolean, italics: boolean): EmbeddedFont;
}

/** Above this many cached word layouts per face, the shared cache starts again (bounded memory). */
const MAX_CACHED_LAYOUTS = 10_000;
let sharedLayouts: { normal: Record<string, unknown>; bold: Record<string, unknown> } | null = null;

/**
 * Parses the two faces once for all documents, and keeps the shaping of words between documents.
 *
 * pdfmake asks pdfkit for a new font per document (`doc.font(bytes)`), and pdfkit parses the bytes again with fontkit:
 * each new font object decodes its tables (cmap, hmtx, GSUB, GPOS…) and shapes every word again. For Noto Sans JP that
 * was about half of the rendering time. This replaces `provideFont` of pdfmake's document class for {@link FONT} only:
 * the document gets its own pdfkit `EmbeddedFont` (own subset, own widths, embedded at the end as usual) wrapping one
 * shared, already parsed fontkit font, and a word-layout cache shared between documents (pdfkit never mutates a
 * cached layout). What documents share only ever gains entries that depend on the font and the text alone (fontkit's
 * lazily decoded tables and glyphs, the layout of a word), so documents rendered concurrently cannot interfere. If
 * pdfmake's internals are not as expected, nothing is replaced: slower, same output ({@link reportPdfSharesFonts}).
 */
function shareParsedFonts(regular: Buffer, bold: Buffer): void {
  try {
    const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake'));
    const DocumentClass = (fromPdfmake('./PDFDocument.js') as { default?: new (...args: unknown[]) => PdfmakeDocument })
      .default;
    if (typeof DocumentClass !== 'function' || typeof DocumentClass.prototype.provideFont !== 'function') return;
    const probe = new DocumentClass({}, {}, {}, {}, { autoFirstPage: false, font: null });
    const normalFace = probe.font(regular)._font;
    const boldFace = probe.font(bold)._font;
    const EmbeddedFont = normalFace.constructor as EmbeddedFontClass;
    if (!normalFace.font || !boldFace.font || !('layoutCache' in normalFace)) return;
    const parsed = { normal: normalFace.font, bold: boldFace.font };
    const original = DocumentClass.prototype.provideFont;
    DocumentClass.prototype.provideFont = function (
      this: PdfmakeDocument,
      familyName: string,
      isBold: boolean,
      italics: boolean,
    ) {
      if (familyName !== FONT || !sharedLayouts) return original.call(this, familyName, isBold, italics);
      const type = isBold ? 'bold' : 'normal';
      this.fontCache[familyName] ??= {};
      let font = this.fontCache[familyName][type];
      if (!font) {
        font = new EmbeddedFont(this, parsed[type], `F${++this._fontCount}`);
        font.layoutCache = sharedLayouts[type];
        this._fontFamilies[font.id] = font;
        this.fontCache[familyName][type] = font;
      }
      return font;
    };
    sharedLayouts = { normal: Object.create(null), bold: Object.create(null) };
  } catch {
    // pdfmake's internals changed: every document parses its fonts
  }
}

/**
 * Whether documents share their parsed fonts (see `shareParsedFonts`): false before the first render, or when pdfmake's
 * internals changed and every document parses its fonts again (correct, about twice as slow).
 */
export function reportPdfSharesFonts(): boolean {
  return sharedLayouts !== null;
}

/** Starts the shared word layouts again when they have grown past {@link MAX_CACHED_LAYOUTS}. */
function boundSharedLayouts(): void {
  if (!sharedLayouts) return;
  for (const type of ['normal', 'bold'] as const) {
    let count = 0;
    for (const _ in sharedLayouts[type]) if (++count > MAX_CACHED_LAYOUTS) break;
    if (count > MAX_CACHED_LAYOUTS) sharedLayouts[type] = Object.create(null);
  }
}

/**
 * Renders `doc` as a PDF file (A4 portrait, PDF 1.4, text in Noto Sans JP embedded as a subset) and answers its bytes.
 *
 * A pure function of `doc`: every label comes from the `reports` and `enums` catalogues of `@isoptera/i18n` in
 * `doc.lang`; dates are printed as given (already formatted by the caller); `doc.generatedAt` is the formatted date
 * (and time) of generation, printed in the footer after the "generated on" label. Images (logo, photos, signatures) may
 * be JPEG, PNG or WebP bytes: WebP and images with transparency are converted (flattened on the colour they are drawn
 * on) and anything larger than needed for print is scaled down, so the PDF only holds JPEG and opaque PNG; converted
 * images are kept in a bounded cache by content. When `doc.status` is `to_process`, every page carries a diagonal
 * "draft" mark in `doc.lang`, the running header says so, and the first page has a draft notice.
 *
 * Sizes: about 50 kB for a French report and 90 kB for a 40-station Japanese one without images (the font subsets
 * dominate; a logo and signatures add 10–30 kB); each photo adds its JPEG (≤ 1200 px a side, 10–300 kB).
 * Time: about 100 ms for a 40-station Japanese report on 2 cores. The first call loads and parses the two font files
 * (≈ 11 MB, kept for the life of the process) and takes 0.5–1 s.
 *
 * Errors: rejects with an Error when an image is not a readable JPEG, PNG or WebP (the message says which one), and
 * when the font package is missing from `node_modules`.
 */
export async function renderReportPdf(doc: ReportDocument): Promise<Buffer> {
  prepareFonts();
  boundSharedLayouts();
  const images = await prepareImages(doc);
  const definition = buildDefinition(doc, images);
  return pdfmake.createPdf(definition).getBuffer();
}

/** Names (keys of the pdfmake `images` dictionary) of the images that could be prepared. */
interface PreparedImages {
  dictionary: Record<string, string>;
  logo: string | null;
  photos: string[];
  customerSignature: string | null;
  technicianSignature: string | null;
}

async function prepareImages(doc: ReportDocument): Promise<PreparedImages> {
  const dictionary: Record<string, string> = {};
  const add = async (
    name: string,
    bytes: Uint8Array | null,
    maxPx: number,
    what: string,
    background: string = COLOR.white,
  ): Promise<string | null> => {
    if (!bytes) return null;
    dictionary[name] = await toDataUrl(bytes, maxPx, what, background);
    return name;
  };
  const customer = doc.signatures.customer;
  const [logo, customerSignature, technicianSignature, ...photos] = await Promise.all([
    add('logo', doc.pco.logo, MAX_PX.logo, 'the logo', COLOR.accentSoft),
    add('signature-customer', customer.absent ? null : customer.image, MAX_PX.signature, 'the customer signature'),
    add('signature-technician', doc.signatures.technician?.image ?? null, MAX_PX.signature, 'the technician signature'),
    ...doc.photos.map((photo, i) => add(`photo-${i}`, photo.image, MAX_PX.photo, `photo ${i + 1}`)),
  ]);
  return {
    dictionary,
    logo: logo ?? null,
    photos: photos.filter((name): name is string => name !== null),
    customerSignature: customerSignature ?? null,
    technicianSignature: technicianSignature ?? null,
  };
}

/**
 * Images already prepared, by content: a PCO's logo is the same in every report, and a report's photos are drawn again
 * at each download. Bounded by the size of the data URLs kept.
 */
const convertedImages = new LRUCache<string, string>({
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (url, key) => url.length + key.length,
});

/**
 * `bytes` as a data URL pdfkit embeds without decoding: an opaque JPEG or PNG no larger than `maxPx` is kept as it
 * is; anything else (WebP, transparency, too large) is re-encoded, flattened on `background` (the colour it is drawn
 * on), JPEG for photos, PNG for the rest.
 */
async function toDataUrl(bytes: Uint8Array, maxPx: number, what: string, background: string): Promise<string> {
  const key = `${createHash('sha256').update(bytes).digest('base64')} ${maxPx} ${background}`;
  let url = convertedImages.get(key);
  if (url === undefined) {
    url = await convert(bytes, maxPx, what, background);
    convertedImages.set(key, url);
  }
  return url;
}

async function convert(bytes: Uint8Array, maxPx: number, what: string, background: string): Promise<string> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    const small = (meta.width ?? 0) <= maxPx && (meta.height ?? 0) <= maxPx && !meta.orientation;
    if (small && meta.format === 'jpeg') return `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
    if (small && meta.format === 'png' && !meta.hasAlpha && !meta.isProgressive && !meta.isPalette) {
      return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
    }
    if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new Error(`format ${meta.format}`);
    const resized = image
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background });
    // Photos compress well as JPEG; logos and signatures are line art, sharper as PNG.
    if (maxPx === MAX_PX.photo) {
      return `data:image/jpeg;base64,${(await resized.jpeg({ quality: 82 }).toBuffer()).toString('base64')}`;
    }
    return `data:image/png;base64,${(await resized.png({ compressionLevel: 6 }).toBuffer()).toString('base64')}`;
  } catch (error) {
    throw new Error(`Report PDF: ${what} is not a readable JPEG, PNG or WebP image`, { cause: error });
  }
}

/** The pdfmake document of `doc`. */
function buildDefinition(doc: ReportDocument, images: PreparedImages): TDocumentDefinitions {
  const t = (key: string, params?: TranslateParams) => printable(translate(catalogues, doc.lang, key, params));
  const number = new Intl.NumberFormat(doc.lang, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(doc.lang, { style: 'percent', maximumFractionDigits: 4 });
  const list = new Intl.ListFormat(doc.lang, { type: 'conjunction' });
  const draft = doc.status === 'to_process';
  const auto = doc.automatic;
  const title = auto ? t(`reports:pdf.auto.kind.${auto.kind}`) : t('reports:pdf.title');
  const typeLabel = t(`enums:report_type.${doc.type}`);

  const content: Content[] = auto
    ? [letterhead(doc, images), titleBlock(), infoCards(), ...textSections(), ...automaticSections(auto)]
    : [
        letterhead(doc, images),
        titleBlock(),
        infoCards(),
        ...textSections(),
        ...stationsSection(),
        ...productsSection(),
        ...photosSection(),
        ...signaturesSection(),
      ];

  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [MARGIN_X, MARGIN_TOP, MARGIN_X, MARGIN_BOTTOM],
    version: '1.4',
    language: doc.lang,
    info: {
      title: `${title} — ${printable(doc.site.name)}`,
      author: printable(doc.pco.name),
      subject: `${typeLabel} — ${doc.ulid}`,
      creator: printable(doc.pco.name),
      producer: 'Isoptera',
    },
    defaultStyle: { font: FONT, fontSize: 9, lineHeight: 1.25, color: COLOR.ink },
    styles: {
      label: { fontSize: 7.5, color: COLOR.muted, bold: true, characterSpacing: 0.2 },
      sectionTitle: { fontSize: 12, bold: true, color: COLOR.accent },
      tableHeader: { fontSize: 7.5, bold: true, color: COLOR.white },
      small: { fontSize: 7.5, color: COLOR.muted },
    },
    images: images.dictionary,
    header: (page) => (page === 1 ? [] : runningHeader()),
    footer: (page, pages) => footer(page, pages),
    ...(draft
      ? { watermark: { text: t('reports:pdf.draft'), color: COLOR.danger, opacity: 0.09, bold: true, fontSize: 96 } }
      : {}),
    content,
  };

  // --- page furniture -------------------------------------------------------------------------------------------

  function runningHeader(): Content {
    return {
      margin: [MARGIN_X, 22, MARGIN_X, 0],
      stack: [
        {
          columns: [
            { text: clip(printable(doc.pco.name), 36), bold: true, fontSize: 8, color: COLOR.accent, width: '*' },
            {
              text: [
                ...(draft ? [{ text: `${t('reports:pdf.draft')}   `, bold: true, color: COLOR.danger }] : []),
                clip(`${title} · ${printable(doc.site.name)}`, 64),
              ],
              fontSize: 8,
              color: COLOR.muted,
              alignment: 'right',
              width: 'auto',
            },
          ],
        },
        rule(4),
      ],
    };
  }

  function footer(page: number, pages: number): Content {
    return {
      margin: [MARGIN_X, 14, MARGIN_X, 0],
      stack: [
        rule(0),
        {
          margin: [0, 6, 0, 0],
          fontSize: 7.5,
          color: COLOR.muted,
          columns: [
            { text: t('reports:pdf.generated_at', { date: printable(doc.generatedAt) }), width: '*' },
            { text: t('reports:pdf.reference', { reference: doc.ulid }), width: 'auto', alignment: 'center' },
            { text: t('reports:pdf.page', { page, pages }), width: '*', alignment: 'right' },
          ],
        },
      ],
    };
  }

  // --- first page -----------------------------------------------------------------------------------------------

  function titleBlock(): Content {
    const block: Content[] = [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: title, fontSize: 20, bold: true, lineHeight: 1.1 },
              { text: typeLabel, fontSize: 12, bold: true, color: COLOR.accent, margin: [0, 2, 0, 0] },
            ],
          },
          {
            width: 'auto',
            alignment: 'right',
            margin: [12, 4, 0, 0],
            stack: [
              { text: t('reports:pdf.reference', { reference: doc.ulid }), style: 'small' },
              {
                text: printable(auto ? `${auto.period.first} – ${auto.period.last}` : doc.visit.startedAt),
                fontSize: 10,
                bold: true,
                margin: [0, 2, 0, 0],
              },
            ],
          },
        ],
      },
    ];
    if (draft) {
      block.push({
        margin: [0, 10, 0, 0],
        table: {
          widths: ['*'],
          body: [
            [
              {
                text: [{ text: `${t('reports:pdf.draft')}   `, bold: true }, t('reports:pdf.draft_notice')],
                color: COLOR.danger,
                fontSize: 8.5,
                fillColor: '#fdf0ef',
                margin: [8, 4, 8, 4],
              },
            ],
          ],
        },
        layout: {
          hLineWidth: () => 0.8,
          vLineWidth: () => 0.8,
          hLineColor: () => COLOR.danger,
          vLineColor: () => COLOR.danger,
        },
      });
    }
    return { stack: block, margin: [0, 0, 0, 14] };
  }

  function infoCards(): Content {
    const site: Content[] = [
      cardLabel(t('reports:pdf.client')),
      { text: printable(doc.client.name), bold: true, fontSize: 10.5, margin: [0, 0, 0, 8] },
      cardLabel(t('reports:pdf.site')),
      { text: printable(doc.site.name), bold: true, fontSize: 10.5 },
      ...doc.site.address.map((line) => ({ text: printable(line), color: COLOR.muted })),
    ];
    if (doc.site.contact) {
      const { name, phone } = doc.site.contact;
      site.push({
        margin: [0, 6, 0, 0],
        text: [
          { text: `${t('reports:pdf.site_contact')}  `, style: 'label' },
          printable(phone ? `${name} · ${phone}` : name),
        ],
      });
    }
    const row = (label: string, value: string): TableCell[] => [
      { text: label, style: 'label', margin: [0, 1.5, 0, 0] },
      { text: printable(value) },
    ];
    const visit: Content[] = [
      cardLabel(t(auto ? 'reports:pdf.auto.period' : 'reports:pdf.visit')),
      {
        table: {
          widths: ['auto', '*'],
          body: auto
            ? [
                row(t('reports:pdf.type'), t(`reports:pdf.auto.kind.${auto.kind}`)),
                row(t('reports:pdf.auto.from'), auto.period.first),
                row(t('reports:pdf.auto.to'), auto.period.last),
                row(t('reports:pdf.auto.stations_count'), number.format(auto.stations.length)),
              ]
            : [
                row(t('reports:pdf.type'), typeLabel),
                row(t('reports:pdf.started_at'), doc.visit.startedAt),
                row(t('reports:pdf.ended_at'), doc.visit.endedAt),
                row(t('reports:pdf.interveners'), list.format(doc.visit.interveners) || '—'),
              ],
        },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingLeft: (i) => (i === 0 ? 0 : 8),
          paddingRight: () => 0,
          paddingTop: () => 1.5,
          paddingBottom: () => 1.5,
        },
      },
    ];
    // one frame, two cells of the same height: the customer and the site, then the visit
    return {
      margin: [0, 0, 0, 16],
      table: {
        // fixed widths: a long unbroken word (an e-mail address) wraps instead of widening the table
        widths: starWidths(['*', '*'], 4 * 11 + 3 * 0.75),
        body: [[{ stack: site }, { stack: visit }]],
      },
      layout: {
        hLineWidth: () => 0.75,
        vLineWidth: () => 0.75,
        hLineColor: () => COLOR.rule,
        vLineColor: () => COLOR.rule,
        paddingLeft: () => 11,
        paddingRight: () => 11,
        paddingTop: () => 9,
        paddingBottom: () => 10,
      },
    };
  }

  function cardLabel(text: string): Content {
    return { text, style: 'label', margin: [0, 0, 0, 1] };
  }

  // --- sections -------------------------------------------------------------------------------------------------

  function sectionTitle(text: string, aside?: string): Content {
    return {
      margin: [0, 4, 0, 6],
      stack: [
        {
          columns: [
            { text, style: 'sectionTitle', width: '*' },
            ...(aside ? [{ text: aside, style: 'small', width: 'auto' as const, margin: [8, 4, 0, 0] }] : []),
          ],
        },
        rule(3, COLOR.accent, 1),
      ],
    } as Content;
  }

  function textSections(): Content[] {
    const sections: [string, string | null][] = [
      ['reports:pdf.summary', doc.summary],
      ['reports:pdf.recommendations', doc.recommendations],
      ['reports:pdf.conducive_conditions', doc.conduciveConditions],
    ];
    return sections
      .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
      .map(([key, body]) => ({
        margin: [0, 0, 0, 14],
        // a short section moves whole to the next page rather than leave its title alone at the bottom
        unbreakable: body.length < 700,
        stack: [sectionTitle(t(key)), { text: printable(body.trim()), fontSize: 9.5, lineHeight: 1.35 }],
      }));
  }

  function stationsSection(): Content[] {
    const checks = doc.stationChecks;
    const counts = new Map<StationCheckResult, number>();
    for (const check of checks) counts.set(check.result, (counts.get(check.result) ?? 0) + 1);
    const overview = [...counts].map(([result, count]) => `${t(`reports:result.${result}`)} ${count}`).join(' · ');
    const aside = checks.length ? `${t('reports:pdf.stations_checked', { count: checks.length })} — ${overview}` : '';
    if (checks.length === 0) {
      return [
        sectionTitle(t('reports:pdf.stations')),
        { text: t('reports:pdf.no_stations'), color: COLOR.muted, margin: [0, 0, 0, 14] },
      ];
    }
    const header = [
      t('reports:pdf.station.reference'),
      t('reports:pdf.station.kind'),
      t('reports:pdf.station.result'),
      t('reports:pdf.station.action'),
      t('reports:pdf.station.bait'),
      t('reports:pdf.station.reading'),
    ].map((text): TableCell => ({ text, style: 'tableHeader', fillColor: COLOR.accent }));
    const body: TableCell[][] = [header];
    checks.forEach((check, i) => {
      const fillColor = i % 2 === 1 ? COLOR.zebra : undefined;
      const cell = (value: Content & object): TableCell => ({ ...value, fillColor }) as TableCell;
      body.push([
        cell({ text: printable(check.reference), bold: true }),
        cell({ text: t(`enums:equipment_kind.${check.kind}`) }),
        cell({
          text: t(`reports:result.${check.result}`),
          color: RESULT_COLOR[check.result],
          bold: check.result !== 'no_activity',
        }),
        cell({ text: t(`reports:action.${check.action}`) }),
        cell({ text: check.baitConsumed ? t(`reports:bait.${check.baitConsumed}`) : '—' }),
        cell({
          text:
            check.termiteActivity === null
              ? '—'
              : t('reports:pdf.station.reading_value', { value: number.format(check.termiteActivity) }),
          alignment: 'right',
        }),
      ]);
      if (check.note?.trim()) {
        body.push([
          {
            colSpan: 6,
            text: t('reports:pdf.station.note', { note: check.note.trim() }),
            style: 'small',
            fillColor,
            margin: [0, -3, 0, 0],
          },
          '',
          '',
          '',
          '',
          '',
        ]);
      }
    });
    return [
      {
        stack: [sectionTitle(t('reports:pdf.stations')), { text: aside, style: 'small', margin: [0, -2, 0, 6] }],
        unbreakable: true,
      },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: starWidths([56, 88, '*', '*', 74, 50], ZEBRA_PADDINGS),
          body,
        },
        layout: zebraLayout(),
        fontSize: 8.5,
        margin: [0, 0, 0, 16],
      },
    ];
  }

  function productsSection(): Content[] {
    if (doc.productUses.length === 0) return [];
    const header = [
      t('reports:pdf.product.name'),
      t('reports:pdf.product.quantity'),
      t('reports:pdf.product.application'),
      t('reports:pdf.product.target'),
      t('reports:pdf.product.applicator'),
      t('reports:pdf.product.lot'),
    ].map((text): TableCell => ({ text, style: 'tableHeader', fillColor: COLOR.accent }));
    const body: TableCell[][] = [header];
    doc.productUses.forEach((use, i) => {
      const fillColor = i % 2 === 1 ? COLOR.zebra : undefined;
      const ingredients = use.activeIngredients
        .map((ingredient) => `${printable(ingredient.name)} ${printable(percent.format(ingredient.percent / 100))}`)
        .join(', ');
      const product: Content[] = [{ text: printable(use.product), bold: true }];
      if (ingredients) product.push({ text: ingredients, style: 'small' });
      if (use.registration) {
        product.push({
          text: t('reports:pdf.product.registration', {
            register: t(`reports:register.${use.registration.register}`),
            number: use.registration.number,
          }),
          style: 'small',
        });
      }
      const quantity: Content[] = [
        {
          text: t('reports:pdf.product.quantity_value', {
            quantity: printable(number.format(use.quantity)),
            unit: t(`reports:unit.${use.unit}`, { count: use.quantity }),
          }),
          noWrap: true,
        },
      ];
      if (use.concentration) {
        quantity.push({ text: t('reports:pdf.product.concentration', { value: use.concentration }), style: 'small' });
      }
      const application: Content[] = [];
      if (use.method) application.push({ text: t('reports:pdf.product.method', { value: use.method }) });
      if (use.areaTreated) application.push({ text: t('reports:pdf.product.area', { value: use.areaTreated }) });
      const applicator: Content[] = [{ text: printable(use.applicator.name) }];
      if (use.applicator.licenceNumber) {
        applicator.push({
          text: t('reports:pdf.product.licence', { number: use.applicator.licenceNumber }),
          style: 'small',
        });
      }
      body.push(
        [
          { stack: product },
          { stack: quantity },
          { stack: application.length ? application : ['—'] },
          { stack: use.targetSpecies.length ? use.targetSpecies.map((s) => t(`enums:termite_species.${s}`)) : ['—'] },
          { stack: applicator },
          { text: use.lot ? printable(use.lot) : '—' },
        ].map((cell) => ({ ...cell, fillColor }) as TableCell),
      );
    });
    return [
      { stack: [sectionTitle(t('reports:pdf.products'))], unbreakable: true },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: starWidths([110, 58, '*', 84, 72, 48], ZEBRA_PADDINGS),
          body,
        },
        layout: zebraLayout(),
        fontSize: 8.5,
        margin: [0, 0, 0, 16],
      },
    ];
  }

  function photosSection(): Content[] {
    if (images.photos.length === 0) return [];
    const perRow = 3;
    const gap = 10;
    const cellWidth = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
    const cells: Column[] = doc.photos.map((photo, i) => {
      const caption = [t(`reports:photo_kind.${photo.kind}`)];
      if (photo.station) caption.push(t('reports:pdf.photo_station', { reference: photo.station }));
      return {
        width: cellWidth,
        stack: [
          {
            table: {
              // the cell's paddings (3 + 3) and the frame's lines (0.75 + 0.75) inside the column
              widths: [cellWidth - 7.5],
              heights: [cellWidth * 0.75],
              body: [[{ image: `photo-${i}`, fit: [cellWidth - 8, cellWidth * 0.75 - 6], alignment: 'center' }]],
            },
            layout: {
              hLineWidth: () => 0.75,
              vLineWidth: () => 0.75,
              hLineColor: () => COLOR.rule,
              vLineColor: () => COLOR.rule,
              fillColor: () => COLOR.zebra,
              paddingLeft: () => 3,
              paddingRight: () => 3,
              paddingTop: () => 3,
              paddingBottom: () => 3,
            },
          },
          { text: caption.join(' · '), bold: true, fontSize: 8, margin: [0, 4, 0, 0] },
          ...(photo.takenAt ? [{ text: printable(photo.takenAt), style: 'small' }] : []),
        ],
      } as Column;
    });
    const rows: Content[] = [];
    for (let i = 0; i < cells.length; i += perRow) {
      const row = cells.slice(i, i + perRow);
      while (row.length < perRow) row.push({ width: cellWidth, text: '' });
      rows.push({ columns: row, columnGap: gap, margin: [0, 0, 0, 12], unbreakable: true });
    }
    const [first, ...rest] = rows;
    return [
      // the title stays with the first row of photos
      { stack: [sectionTitle(t('reports:pdf.photos')), first as Content], unbreakable: true },
      ...rest,
      { text: '', margin: [0, 0, 0, 4] },
    ];
  }

  function signaturesSection(): Content[] {
    const customer = doc.signatures.customer;
    const technician = doc.signatures.technician;
    const box = (label: string, image: string | null, lines: Content[]): Column => ({
      width: '*',
      stack: [
        cardLabel(label),
        {
          table: {
            widths: ['*'],
            heights: [74],
            body: [
              [
                image
                  ? { image, fit: [CONTENT_WIDTH / 2 - 40, 66], alignment: 'center', margin: [0, 2, 0, 0] }
                  : { text: '' },
              ],
            ],
          },
          layout: {
            hLineWidth: () => 0.75,
            vLineWidth: () => 0.75,
            hLineColor: () => COLOR.rule,
            vLineColor: () => COLOR.rule,
          },
        },
        { stack: lines, margin: [0, 4, 0, 0] },
      ],
    });
    const customerBox = customer.absent
      ? box(t('reports:pdf.customer_signature'), null, [
          { text: t('reports:pdf.customer_absent'), bold: true, color: COLOR.warning },
        ])
      : box(t('reports:pdf.customer_signature'), images.customerSignature, [
          { text: printable(customer.name), bold: true },
          { text: t('reports:pdf.signed_at', { date: customer.signedAt }), style: 'small' },
          ...(customer.image ? [] : [{ text: t('reports:pdf.not_signed'), style: 'small' }]),
        ]);
    const technicianBox = box(
      t('reports:pdf.technician_signature'),
      images.technicianSignature,
      technician
        ? [
            { text: printable(technician.name), bold: true },
            ...(technician.image ? [] : [{ text: t('reports:pdf.not_signed'), style: 'small' }]),
          ]
        : [{ text: t('reports:pdf.not_signed'), style: 'small' }],
    );
    return [
      {
        unbreakable: true,
        stack: [sectionTitle(t('reports:pdf.signatures')), { columns: [customerBox, technicianBox], columnGap: 24 }],
      },
    ];
  }

  // --- automatic reports (docs/decisions/018) ------------------------------------------------------------------

  function automaticSections(a: AutomaticDocument): Content[] {
    return [...adviceSection(a), ...chartSection(a), ...equipmentSection(a), ...alertsSection(a), ...visitsSection(a)];
  }

  function adviceSection(a: AutomaticDocument): Content[] {
    if (!a.advice.length) return [];
    const items = a.advice.map((item) => {
      const count = typeof item.params.count === 'number' ? item.params.count : item.params.days;
      const text = t(`reports:pdf.auto.advice.${item.code}`, { ...item.params, count });
      const tone = item.code === 'all_clear' ? COLOR.ok : item.code === 'station_active' ? COLOR.danger : COLOR.warning;
      return {
        columns: [
          { width: 10, canvas: [{ type: 'rect', x: 0, y: 3, w: 6, h: 6, r: 3, color: tone }] },
          { width: '*', text: printable(text) },
        ],
        margin: [0, 0, 0, 3],
      } as Content;
    });
    return [
      {
        unbreakable: true,
        margin: [0, 0, 0, 14],
        stack: [sectionTitle(t('reports:pdf.auto.advice_title')), ...items],
      },
    ];
  }

  /** Termite activity per station per day: one line per station (0–100), the threshold dashed. */
  function chartSection(a: AutomaticDocument): Content[] {
    const title = sectionTitle(t('reports:pdf.auto.activity_title'));
    if (!a.activity.length || !a.days.length) {
      return [
        { stack: [title, { text: t('reports:pdf.auto.no_activity'), color: COLOR.muted, margin: [0, 0, 0, 14] }] },
      ];
    }
    const width = CONTENT_WIDTH - 24;
    const height = 110;
    const step = a.days.length > 1 ? width / (a.days.length - 1) : 0;
    const y = (value: number) => height - (Math.max(0, Math.min(100, value)) / 100) * height;
    const shapes: CanvasElement[] = [
      { type: 'rect', x: 0, y: 0, w: width, h: height, lineColor: COLOR.rule, lineWidth: 0.75 },
      ...[25, 50, 75].map(
        (v): CanvasElement => ({
          type: 'line',
          x1: 0,
          y1: y(v),
          x2: width,
          y2: y(v),
          lineWidth: 0.4,
          lineColor: COLOR.rule,
        }),
      ),
      {
        type: 'line',
        x1: 0,
        y1: y(a.threshold),
        x2: width,
        y2: y(a.threshold),
        lineWidth: 0.8,
        lineColor: COLOR.danger,
        dash: { length: 3, space: 2 },
      },
    ];
    const legend: Content[] = [];
    a.activity.forEach((series, i) => {
      const color = SERIES_COLORS[i % SERIES_COLORS.length] as string;
      // a day without a reading is skipped: the line joins the days measured
      const points = series.values.flatMap((value, d) => (value === null ? [] : [{ x: d * step, y: y(value) }]));
      if (points.length > 1) shapes.push({ type: 'polyline', points, lineWidth: 1.2, lineColor: color });
      for (const p of points) shapes.push({ type: 'ellipse', x: p.x, y: p.y, r1: 1.3, r2: 1.3, color });
      legend.push({
        text: [{ text: '■ ', color }, printable(series.reference)],
        fontSize: 7.5,
        margin: [0, 0, 10, 0],
        width: 'auto',
      } as Content);
    });
    const middle = a.days[Math.floor((a.days.length - 1) / 2)] ?? '';
    return [
      {
        unbreakable: true,
        margin: [0, 0, 0, 14],
        stack: [
          title,
          {
            columns: [
              {
                width: 22,
                // one row per grid line, as high as the gap between two lines: each label sits on its line
                table: {
                  widths: [22],
                  heights: [height / 4, height / 4, height / 4, height / 4, 8],
                  body: ['100', '75', '50', '25', '0'].map((label) => [
                    { text: label, style: 'small', alignment: 'right', margin: [0, -5, 4, 0] },
                  ]),
                },
                layout: {
                  hLineWidth: () => 0,
                  vLineWidth: () => 0,
                  paddingLeft: () => 0,
                  paddingRight: () => 0,
                  paddingTop: () => 0,
                  paddingBottom: () => 0,
                },
              },
              { width: width, canvas: shapes },
            ],
          },
          {
            margin: [24, 2, 0, 4],
            columns: [
              { text: printable(a.days[0] ?? ''), style: 'small', width: '*' },
              { text: printable(middle), style: 'small', alignment: 'center', width: '*' },
              { text: printable(a.days.at(-1) ?? ''), style: 'small', alignment: 'right', width: '*' },
            ],
          },
          {
            margin: [24, 0, 0, 0],
            columns: [
              ...legend,
              {
                text: [
                  { text: '- - ', color: COLOR.danger },
                  t('reports:pdf.auto.threshold', { value: number.format(a.threshold) }),
                ],
                fontSize: 7.5,
                width: 'auto',
              },
            ],
          },
        ],
      },
    ];
  }

  function autoTable(
    titleText: string,
    header: string[],
    widths: (number | '*')[],
    rows: TableCell[][],
    empty: string,
  ): Content[] {
    const title = sectionTitle(titleText);
    if (!rows.length) return [{ stack: [title, { text: empty, color: COLOR.muted, margin: [0, 0, 0, 14] }] }];
    const paddings = 2 * (6 + 4) + (widths.length - 2) * (4 + 4);
    const body: TableCell[][] = [
      header.map((text): TableCell => ({ text, style: 'tableHeader', fillColor: COLOR.accent })),
      ...rows.map((row, i) =>
        row.map((cell) => ({ ...(cell as object), fillColor: i % 2 ? COLOR.zebra : undefined }) as TableCell),
      ),
    ];
    return [
      { stack: [title], unbreakable: true },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: starWidths(widths, paddings),
          body,
        },
        layout: zebraLayout(),
        fontSize: 8.5,
        margin: [0, 0, 0, 16],
      },
    ];
  }

  function equipmentSection(a: AutomaticDocument): Content[] {
    const battery = (s: AutomaticDocument['stations'][number]) => {
      const level = s.batteryLevel ? t(`enums:battery_level.${s.batteryLevel}`) : null;
      const percent = s.batteryPercent === null ? null : `${number.format(s.batteryPercent)} %`;
      return [percent, level].filter(Boolean).join(' · ') || '—';
    };
    return autoTable(
      t('reports:pdf.auto.equipment_title'),
      [
        t('reports:pdf.station.reference'),
        t('reports:pdf.station.kind'),
        t('reports:pdf.auto.state'),
        t('reports:pdf.auto.battery'),
        t('reports:pdf.auto.signal'),
        t('reports:pdf.auto.last_uplink'),
      ],
      [60, 80, '*', 80, 52, 86],
      a.stations.map((s) => [
        { text: printable(s.reference), bold: true },
        { text: t(`enums:equipment_kind.${s.kind}`) },
        {
          text: t(`reports:pdf.auto.state_value.${s.state}`),
          color: s.state >= 3 ? COLOR.danger : s.state === 2 ? COLOR.warning : COLOR.ink,
        },
        { text: printable(battery(s)), color: s.batteryLevel === 'Low' ? COLOR.danger : COLOR.ink },
        { text: s.signalDbm === null ? '—' : `${number.format(s.signalDbm)} dBm` },
        { text: printable(s.lastUplink ?? '—') },
      ]),
      t('reports:pdf.no_stations'),
    );
  }

  function alertsSection(a: AutomaticDocument): Content[] {
    return autoTable(
      t('reports:pdf.auto.alerts_title'),
      [
        t('reports:pdf.auto.alert'),
        t('reports:pdf.station.reference'),
        t('reports:pdf.auto.opened_at'),
        t('reports:pdf.auto.closed_at'),
        t('reports:pdf.auto.response'),
      ],
      ['*', 60, 86, 86, 70],
      a.alerts.map((alert) => [
        { text: t(`enums:alert_type.${alert.type}`), bold: true },
        { text: printable(alert.reference ?? '—') },
        { text: printable(alert.openedAt) },
        { text: printable(alert.closedAt ?? '—') },
        { text: duration(alert.responseMinutes), alignment: 'right' },
      ]),
      t('reports:pdf.auto.no_alerts'),
    );
  }

  function visitsSection(a: AutomaticDocument): Content[] {
    return autoTable(
      t('reports:pdf.auto.visits_title'),
      [t('reports:pdf.type'), t('reports:pdf.started_at'), t('reports:pdf.ended_at'), t('reports:pdf.auto.technician')],
      ['*', 90, 90, '*'],
      a.visits.map((v) => [
        { text: t(`enums:report_type.${v.type}`) },
        { text: printable(v.startedAt) },
        { text: printable(v.endedAt) },
        { text: printable(v.technician ?? '—') },
      ]),
      t('reports:pdf.auto.no_visits'),
    );
  }

  /** A response time in minutes as "45 min", "5 h 20 min", "3 d 4 h"; "—" without a response. */
  function duration(minutes: number | null): string {
    if (minutes === null) return t('reports:pdf.auto.no_response');
    if (minutes < 60) return t('reports:pdf.auto.duration.minutes', { minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t('reports:pdf.auto.duration.hours', { hours, minutes: minutes % 60 });
    return t('reports:pdf.auto.duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
  }

  function zebraLayout() {
    return {
      hLineWidth: (i: number, node: ContentTable) => (i === 0 || i === 1 || i === node.table.body.length ? 0.75 : 0),
      vLineWidth: () => 0,
      hLineColor: (i: number) => (i <= 1 ? COLOR.accent : COLOR.rule),
      paddingLeft: (i: number) => (i === 0 ? 6 : 4),
      paddingRight: (i: number, node: ContentTable) => (i === (node.table.widths?.length ?? 1) - 1 ? 6 : 4),
      paddingTop: () => 3.5,
      paddingBottom: () => 3.5,
    };
  }
}

function letterhead(doc: ReportDocument, images: PreparedImages): Content {
  const name = printable(doc.pco.name);
  const lines: Content[] = [
    { text: name, fontSize: visualLength(name) > 40 ? 12 : 15, bold: true, color: COLOR.accent, lineHeight: 1.1 },
  ];
  for (const line of doc.pco.address) lines.push({ text: printable(line), fontSize: 8.5 });
  const contact = [doc.pco.phone, doc.pco.email].filter((value): value is string => Boolean(value));
  const logoWidth = images.logo ? 150 : 0;
  const contactWidth = contact.length ? 150 : 0;
  const columns: Column[] = [];
  if (images.logo) columns.push({ width: logoWidth, stack: [{ image: images.logo, fit: [logoWidth, 66] }] });
  columns.push({ width: '*', stack: lines, margin: [images.logo ? 14 : 0, 0, 0, 0] });
  if (contact.length) {
    columns.push({
      width: contactWidth,
      alignment: 'right',
      fontSize: 8.5,
      color: COLOR.muted,
      margin: [12, 3, 0, 0],
      stack: contact.map((value) => ({ text: printable(value), wordBreak: 'break-all' })),
    });
  }
  // A full-width band as high as its content: one table cell, bled to the page edges by negative margins.
  return {
    margin: [-MARGIN_X, -MARGIN_TOP, -MARGIN_X, 18],
    table: {
      widths: [PAGE_WIDTH - 2 * MARGIN_X],
      body: [[{ columns, columnGap: 0, fillColor: COLOR.accentSoft }]],
    },
    layout: {
      hLineWidth: (i) => (i === 1 ? 3 : 0),
      hLineColor: () => COLOR.accent,
      vLineWidth: () => 0,
      paddingLeft: () => MARGIN_X,
      paddingRight: () => MARGIN_X,
      paddingTop: () => 20,
      paddingBottom: () => 16,
    },
  };
}

function rule(marginTop: number, color: string = COLOR.rule, width = 0.75): Content {
  return {
    margin: [0, marginTop, 0, 0],
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: width, lineColor: color }],
  };
}

/** Horizontal paddings of a six-column {@link zebraLayout} table: 6 + 4 at the edges, 4 + 4 between columns. */
const ZEBRA_PADDINGS = 2 * (6 + 4) + 4 * (4 + 4);

/**
 * Table widths in points filling the content width: each `'*'` takes an equal share of what the numbers, the cells'
 * `paddings` (total) and lines leave. Fixed widths make pdfmake wrap a word longer than its column (an e-mail address,
 * a product code) instead of widening the column past the margin.
 */
function starWidths(spec: (number | '*')[], paddings: number): number[] {
  const fixed = spec.reduce<number>((sum, width) => sum + (width === '*' ? 0 : width), 0);
  const stars = spec.filter((width) => width === '*').length;
  const share = stars ? (CONTENT_WIDTH - paddings - fixed) / stars : 0;
  return spec.map((width) => (width === '*' ? share : width));
}

/** Width of `text` in half-width units: a CJK or full-width character counts 2, anything else 1. */
function visualLength(text: string): number {
  let units = 0;
  for (const char of text) units += WIDE.test(char) ? 2 : 1;
  return units;
}
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** `text` cut to `maxUnits` half-width units (see {@link visualLength}) with an ellipsis, for one-line headers. */
function clip(text: string, maxUnits: number): string {
  if (visualLength(text) <= maxUnits) return text;
  let units = 0;
  let out = '';
  for (const char of text) {
    units += WIDE.test(char) ? 2 : 1;
    if (units > maxUnits - 1) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Text the embedded font can draw: the narrow no-break space that `Intl` puts in French numbers (U+202F) is not in
 * Noto Sans JP, so it becomes a no-break space.
 */
function printable(text: string): string {
  return text.includes('\u202f') ? text.replaceAll('\u202f', '\u00a0') : text;
}
