/**
 * Builders of `ReportDocument` values for tests and benchmarks of the report PDF: realistic content in each of the
 * five languages (a Japanese and a French PCO among them), deterministic (the same options give the same document),
 * and images made with sharp.
 */
import {
  BAIT_CONSUMPTIONS,
  type Language,
  type ReportStatus,
  STATION_CHECK_ACTIONS,
  type StationCheckResult,
} from '@isoptera/contracts';
import sharp from 'sharp';
import type { ReportDocument } from './report-document.js';

export interface ReportDocumentOptions {
  /** Default `fr`. */
  lang?: Language;
  /** Default `sent`. */
  status?: ReportStatus;
  /** Number of station checks; default 40. */
  stations?: number;
  /** Logo bytes (see {@link makeLogo}); default none. */
  logo?: Uint8Array | null;
  /** Photos (see {@link makePhoto}); default none. They are attributed to stations in turn, every third one to none. */
  photos?: Uint8Array[];
  /** Signature bytes (see {@link makeSignature}) for the customer and the technician; default none. */
  signature?: Uint8Array | null;
  /** Customer absent at the end of the visit; default false. */
  customerAbsent?: boolean;
}

interface Sample {
  pco: ReportDocument['pco'];
  client: ReportDocument['client'];
  site: ReportDocument['site'];
  visit: ReportDocument['visit'];
  summary: string;
  recommendations: string;
  conduciveConditions: string;
  note: string;
  products: { product: string; ingredient: string; method: string; area: string; applicator: string }[];
  /** Concentration of the liquid product, as written by the technician. */
  concentration: string;
  customer: string;
  signedAt: string;
  takenAt: (minute: number) => string;
  generatedAt: string;
  register: 'fr_biocide' | 'eu_biocide' | 'epa' | 'jp';
}

const SAMPLES: Record<Language, Sample> = {
  fr: {
    pco: {
      name: 'Termi-Protect Atlantique',
      address: ['12 rue des Chais', '17000 La Rochelle', 'France'],
      phone: '05 46 00 12 34',
      email: 'contact@termi-protect.example',
      logo: null,
    },
    client: { name: 'SCI Les Embruns', company: true },
    site: {
      name: 'Résidence Les Embruns — Bâtiment B',
      address: ['8 avenue du Général-de-Gaulle', '17200 Royan'],
      contact: { name: 'Mme Élodie Garnier', phone: '06 12 34 56 78' },
    },
    visit: {
      startedAt: '21/11/2026 09:00',
      endedAt: '21/11/2026 11:30',
      interveners: ['Julien Moreau', 'Camille Lefèvre'],
    },
    summary:
      'Visite de contrôle trimestrielle. Activité de termites souterrains constatée sur trois stations du côté nord du bâtiment, près des caves ; les appâts y ont été remplacés. Aucune autre station ne présente d’activité. Une station enterrée, endommagée par une tondeuse, a été remplacée.',
    recommendations:
      'Dégager le bois stocké contre la façade nord et réparer la gouttière qui fuit au-dessus de la cave. Prochaine visite conseillée dans six semaines pour suivre la consommation des appâts.',
    conduciveConditions:
      'Humidité persistante en pied de mur nord ; contact bois-sol au niveau de la terrasse ; végétation dense le long des fondations.',
    note: 'Galeries de terre fraîches sur le couvercle.',
    products: [
      {
        product: 'Sentri-Bait Pro',
        ingredient: 'Hexaflumuron',
        method: 'Appât en station',
        area: 'Périmètre nord',
        applicator: 'Julien Moreau',
      },
      {
        product: 'Termidor SC',
        ingredient: 'Fipronil',
        method: 'Injection en pied de mur',
        area: 'Cave, 12 m linéaires',
        applicator: 'Camille Lefèvre',
      },
    ],
    concentration: '0,06 %',
    customer: 'Élodie Garnier',
    signedAt: '21/11/2026 11:25',
    takenAt: (minute) => `21/11/2026 09:${String(minute).padStart(2, '0')}`,
    generatedAt: '21/11/2026 14:02',
    register: 'fr_biocide',
  },
  en: {
    pco: {
      name: 'Gulf Coast Termite Control',
      address: ['4120 Magazine Street', 'New Orleans, LA 70115', 'United States'],
      phone: '(504) 555-0142',
      email: 'office@gulfcoast-termite.example',
      logo: null,
    },
    client: { name: 'Riverbend Property Management', company: true },
    site: {
      name: 'Riverbend Apartments — Building 3',
      address: ['812 Oak Street', 'New Orleans, LA 70118'],
      contact: { name: 'Marcus Hale', phone: '(504) 555-0199' },
    },
    visit: {
      startedAt: '11/21/2026 9:00 AM',
      endedAt: '11/21/2026 11:30 AM',
      interveners: ['Dana Brooks', 'Luis Ortega'],
    },
    summary:
      'Quarterly monitoring visit. Formosan subterranean termite activity found in three stations along the north wall; the bait was replaced. No other station shows activity. One in-ground station damaged by a mower was replaced.',
    recommendations:
      'Move the firewood stacked against the north wall and repair the leaking gutter above the crawl space. Next visit recommended in six weeks to follow bait consumption.',
    conduciveConditions: 'Persistent moisture at the base of the north wall; wood-to-soil contact at the deck.',
    note: 'Fresh mud tubes on the lid.',
    products: [
      {
        product: 'Sentricon Recruit HD',
        ingredient: 'Noviflumuron',
        method: 'Bait station',
        area: 'North perimeter',
        applicator: 'Dana Brooks',
      },
      {
        product: 'Termidor SC',
        ingredient: 'Fipronil',
        method: 'Trench and rod',
        area: 'Crawl space, 40 linear ft',
        applicator: 'Luis Ortega',
      },
    ],
    concentration: '0.06%',
    customer: 'Marcus Hale',
    signedAt: '11/21/2026 11:25 AM',
    takenAt: (minute) => `11/21/2026 9:${String(minute).padStart(2, '0')} AM`,
    generatedAt: '11/21/2026 2:02 PM',
    register: 'epa',
  },
  ja: {
    pco: {
      name: '株式会社さくら白蟻防除',
      address: ['〒150-0002', '東京都渋谷区渋谷二丁目15番1号', 'さくらビル5階'],
      phone: '03-1234-5678',
      email: 'info@sakura-shiroari.example',
      logo: null,
    },
    client: { name: '山田 太郎', company: false },
    site: {
      name: '山田様邸（世田谷区）',
      address: ['〒154-0017', '東京都世田谷区世田谷四丁目21番27号'],
      contact: { name: '山田 花子', phone: '090-1234-5678' },
    },
    visit: { startedAt: '2026/11/21 9:00', endedAt: '2026/11/21 11:30', interveners: ['佐藤 健一', '鈴木 美咲'] },
    summary:
      '定期点検を実施しました。建物北側の浴室付近にある3台のステーションでヤマトシロアリの活動を確認したため、ベイト剤を交換しました。その他のステーションでは活動は見られませんでした。草刈り機により破損した地中ステーション1台を交換しました。',
    recommendations:
      '北側外壁に立て掛けてある木材を撤去し、床下換気口付近の雨樋の水漏れを修理されることをおすすめします。ベイト剤の消費状況を確認するため、次回点検は6週間後を推奨します。',
    conduciveConditions: '北側基礎周辺の湿気が多い状態が続いています。ウッドデッキの木部が土壌と接触しています。',
    note: 'ふたの裏に新しい蟻道を確認。',
    products: [
      {
        product: 'セントリコン・リクルートHD',
        ingredient: 'ノビフルムロン',
        method: 'ステーション内ベイト',
        area: '建物北側外周',
        applicator: '佐藤 健一',
      },
      {
        product: 'ハチクサンFL',
        ingredient: 'イミダクロプリド',
        method: '土壌処理（床下）',
        area: '浴室床下 12 m²',
        applicator: '鈴木 美咲',
      },
    ],
    concentration: '希釈倍率 100倍',
    customer: '山田 花子',
    signedAt: '2026/11/21 11:25',
    takenAt: (minute) => `2026/11/21 9:${String(minute).padStart(2, '0')}`,
    generatedAt: '2026/11/21 14:02',
    register: 'jp',
  },
  it: {
    pco: {
      name: 'Termitec Veneto S.r.l.',
      address: ['Via dei Mille 24', '30172 Venezia Mestre (VE)', 'Italia'],
      phone: '041 555 0142',
      email: 'info@termitec-veneto.example',
      logo: null,
    },
    client: { name: 'Condominio Ca’ d’Oro', company: true },
    site: {
      name: 'Condominio Ca’ d’Oro — Scala B',
      address: ['Calle Larga 18', '30121 Venezia (VE)'],
      contact: { name: 'Giulia Bianchi', phone: '333 123 4567' },
    },
    visit: { startedAt: '21/11/2026 09:00', endedAt: '21/11/2026 11:30', interveners: ['Marco Rossi', 'Chiara Conti'] },
    summary:
      'Visita di controllo trimestrale. Attività di termiti sotterranee rilevata in tre stazioni sul lato nord dell’edificio; le esche sono state sostituite. Nessuna attività nelle altre stazioni.',
    recommendations:
      'Rimuovere la legna accatastata contro la facciata nord e riparare la grondaia che perde sopra la cantina. Prossima visita consigliata tra sei settimane.',
    conduciveConditions: 'Umidità persistente alla base del muro nord; contatto legno-terreno sotto la veranda.',
    note: 'Gallerie di terra fresche sul coperchio.',
    products: [
      {
        product: 'Sentri-Bait Pro',
        ingredient: 'Hexaflumuron',
        method: 'Esca in stazione',
        area: 'Perimetro nord',
        applicator: 'Marco Rossi',
      },
      {
        product: 'Termidor SC',
        ingredient: 'Fipronil',
        method: 'Iniezione alla base dei muri',
        area: 'Cantina, 12 m lineari',
        applicator: 'Chiara Conti',
      },
    ],
    concentration: '0,06%',
    customer: 'Giulia Bianchi',
    signedAt: '21/11/2026 11:25',
    takenAt: (minute) => `21/11/2026 09:${String(minute).padStart(2, '0')}`,
    generatedAt: '21/11/2026 14:02',
    register: 'eu_biocide',
  },
  pt: {
    pco: {
      name: 'Termicontrolo Lisboa, Lda.',
      address: ['Rua da Prata 112', '1100-417 Lisboa', 'Portugal'],
      phone: '+351 21 555 0142',
      email: 'geral@termicontrolo.example',
      logo: null,
    },
    client: { name: 'Condomínio Jardins da Graça', company: true },
    site: {
      name: 'Jardins da Graça — Bloco 2',
      address: ['Largo da Graça 41', '1170-165 Lisboa'],
      contact: { name: 'João Sousa', phone: '+351 912 345 678' },
    },
    visit: { startedAt: '21/11/2026 09:00', endedAt: '21/11/2026 11:30', interveners: ['Ana Ferreira', 'Rui Costa'] },
    summary:
      'Visita de controlo trimestral. Atividade de térmitas subterrâneas detetada em três estações do lado norte do edifício; os iscos foram substituídos. Nenhuma atividade nas restantes estações.',
    recommendations:
      'Retirar a lenha encostada à fachada norte e reparar a caleira que pinga sobre a cave. Próxima visita recomendada dentro de seis semanas.',
    conduciveConditions: 'Humidade persistente na base da parede norte; contacto madeira-solo no alpendre.',
    note: 'Galerias de terra recentes na tampa.',
    products: [
      {
        product: 'Sentri-Bait Pro',
        ingredient: 'Hexaflumurão',
        method: 'Isco em estação',
        area: 'Perímetro norte',
        applicator: 'Ana Ferreira',
      },
      {
        product: 'Termidor SC',
        ingredient: 'Fipronil',
        method: 'Injeção na base das paredes',
        area: 'Cave, 12 m lineares',
        applicator: 'Rui Costa',
      },
    ],
    concentration: '0,06 %',
    customer: 'João Sousa',
    signedAt: '21/11/2026 11:25',
    takenAt: (minute) => `21/11/2026 09:${String(minute).padStart(2, '0')}`,
    generatedAt: '21/11/2026 14:02',
    register: 'eu_biocide',
  },
};

/** What station `i` shows: activity on stations 3, 4, 5, one damaged, one not accessible, the rest quiet. */
function resultOf(i: number): StationCheckResult {
  if (i >= 3 && i <= 5) return 'activity';
  if (i === 9) return 'damaged';
  if (i === 17) return 'not_accessible';
  if (i === 26) return 'missing';
  return 'no_activity';
}

/** A report in `options.lang` (default fr) with `options.stations` (default 40) station checks and two product uses. */
export function buildReportDocument(options: ReportDocumentOptions = {}): ReportDocument {
  const lang = options.lang ?? 'fr';
  const sample = SAMPLES[lang];
  const stationCount = options.stations ?? 40;
  const stationChecks: ReportDocument['stationChecks'] = Array.from({ length: stationCount }, (_, i) => {
    const result = resultOf(i);
    const connected = i % 4 !== 3;
    const kind = i % 5 === 4 ? 'ags' : 'igs';
    return {
      reference: `${kind === 'igs' ? 'IGS' : 'AGS'}-${String(i + 1).padStart(2, '0')}`,
      kind,
      position: { latitude: (45.6 + i / 10_000).toFixed(6), longitude: (-1.02 - i / 10_000).toFixed(6) },
      result,
      action:
        result === 'activity'
          ? 'bait_replaced'
          : result === 'damaged'
            ? 'station_replaced'
            : (STATION_CHECK_ACTIONS[i % 2 === 0 ? 0 : 1] ?? 'inspected'),
      baitConsumed:
        result === 'missing' || result === 'not_accessible'
          ? null
          : result === 'activity'
            ? 'two_thirds'
            : (BAIT_CONSUMPTIONS[i % 7 === 0 ? 1 : 0] ?? 'none'),
      termiteActivity: connected ? (result === 'activity' ? 72 + i : i % 3) : null,
      note: result === 'activity' && i === 4 ? sample.note : null,
    };
  });
  const photos = (options.photos ?? []).map((image, i) => ({
    kind: (['damage', 'before', 'after', 'conducive_condition', 'installation'] as const)[i % 5] ?? 'damage',
    station: i % 3 === 2 ? null : (stationChecks[3 + (i % 3)]?.reference ?? null),
    takenAt: sample.takenAt(5 + i * 7),
    image,
  }));
  const [bait, liquid] = sample.products;
  const registerNumber = {
    fr_biocide: 'FR-2019-0042',
    eu_biocide: 'EU-0021467-0000',
    epa: '62719-572',
    jp: '（公社）日本しろあり対策協会 認定第3571号',
  }[sample.register];
  return {
    lang,
    status: options.status ?? 'sent',
    ulid: '01JD5ZQ7ME3K8V2N4XW9TB6C1R',
    type: 'TYPE_CONTROL_VISIT',
    pco: { ...sample.pco, logo: options.logo ?? null },
    client: sample.client,
    site: sample.site,
    visit: sample.visit,
    summary: sample.summary,
    recommendations: sample.recommendations,
    conduciveConditions: sample.conduciveConditions,
    stationChecks,
    productUses: [
      {
        product: bait?.product ?? '',
        activeIngredients: [{ name: bait?.ingredient ?? '', percent: 0.5 }],
        registration: { number: registerNumber, register: sample.register },
        quantity: 3,
        unit: 'unit',
        concentration: null,
        method: bait?.method ?? null,
        areaTreated: bait?.area ?? null,
        targetSpecies:
          lang === 'ja' ? ['reticulitermes_speratus', 'coptotermes_formosanus'] : ['reticulitermes_flavipes'],
        applicator: { name: bait?.applicator ?? '', licenceNumber: 'CB-2024-1187' },
        lot: 'L2406-118',
      },
      {
        product: liquid?.product ?? '',
        activeIngredients: [{ name: liquid?.ingredient ?? '', percent: 9.1 }],
        registration: { number: registerNumber, register: sample.register },
        quantity: 2.5,
        unit: 'l',
        concentration: sample.concentration,
        method: liquid?.method ?? null,
        areaTreated: liquid?.area ?? null,
        targetSpecies: ['reticulitermes_flavipes', 'reticulitermes_grassei'],
        applicator: { name: liquid?.applicator ?? '', licenceNumber: null },
        lot: null,
      },
    ],
    photos,
    signatures: {
      customer: options.customerAbsent
        ? { absent: true }
        : { absent: false, name: sample.customer, signedAt: sample.signedAt, image: options.signature ?? null },
      technician: { name: sample.visit.interveners[0] ?? '', image: options.signature ?? null },
    },
    generatedAt: sample.generatedAt,
  };
}

/** A 40-station Japanese report (the benchmark's case). */
export function japaneseReport(options: Omit<ReportDocumentOptions, 'lang'> = {}): ReportDocument {
  return buildReportDocument({ ...options, lang: 'ja' });
}

/** A French report. */
export function frenchReport(options: Omit<ReportDocumentOptions, 'lang'> = {}): ReportDocument {
  return buildReportDocument({ ...options, lang: 'fr' });
}

/** A 480×160 PNG logo with transparency: a green mark and a wordmark-like bar. */
export async function makeLogo(format: 'png' | 'webp' = 'png'): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
    <circle cx="80" cy="80" r="64" fill="#175636"/><path d="M50 95 L80 40 L110 95 Z" fill="#ffffff"/>
    <rect x="170" y="52" width="280" height="26" rx="6" fill="#175636"/>
    <rect x="170" y="92" width="200" height="16" rx="4" fill="#7bbd96"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 90 }).toBuffer();
}

/** A 1600×1200 photo-like image (gradients and shapes) in `format`, as stored photos are (WebP). */
export async function makePhoto(format: 'webp' | 'jpeg' = 'webp', hue = 30): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,62%)"/><stop offset="1" stop-color="hsl(${hue + 40},35%,28%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <ellipse cx="800" cy="700" rx="420" ry="260" fill="hsl(${hue + 10},30%,35%)"/>
    <rect x="620" y="420" width="360" height="360" rx="24" fill="#2b2b2b" opacity="0.8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'webp' ? image.webp({ quality: 80 }).toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** A 600×200 handwritten-looking signature, PNG with transparency. */
export async function makeSignature(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
    <path d="M30 140 C 90 20, 140 20, 170 120 S 260 190, 300 80 S 420 40, 450 130 S 540 150, 570 70"
      fill="none" stroke="#1a2a6c" stroke-width="7" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
