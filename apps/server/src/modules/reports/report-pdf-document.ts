/**
 * The `ReportDocument` a PDF is drawn from (issue 12 "The PDF"; pdf/report-document.ts): the report, its children and
 * what the PDF prints about the PCO, the client and the site, with every date formatted in the report's language
 * and the report's time zone (the PCO owner's: a site has none). Pure: the service loads the inputs.
 */
import type {
  BaitConsumption,
  InterventionType,
  Language,
  ProductRegister,
  ProductUnit,
  ReportPhotoKind,
  ReportStatus,
  StationCheckAction,
  StationCheckResult,
  TermiteSpecies,
} from '@isoptera/contracts';
import { zonedDate } from '../../platform/time/zoned.js';
import type { AutomaticDocument, ReportDocument } from './pdf/report-document.js';
import type { DocumentContext } from './report-sources.repository.js';
import type { ReportDetail } from './reports.repository.js';

/** The regional formats of each language (as the mails use them). */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ja: 'ja-JP', it: 'it-IT', pt: 'pt-PT' };
/** A numeric day with a four-digit year in every language (the short style writes `21/11/26` in Italian). */
const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

/** `instant` as a short date and time in `lang` and `timeZone`, e.g. `21/11/2026 09:00` (fr), `2026/11/21 09:00` (ja). */
export function documentDateTime(instant: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { ...DAY, hour: '2-digit', minute: '2-digit', timeZone })
    .format(instant)
    .replace(', ', ' ');
}

/** `instant` as a short date in `lang` and `timeZone`, e.g. `21/11/2026`. */
export function documentDate(instant: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { ...DAY, timeZone }).format(instant);
}

/** `instant` as a written-out date in `lang` and `timeZone`, e.g. `21 novembre 2026` (the mail). */
export function longDate(instant: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone }).format(instant);
}

/**
 * The file name of a report's PDF: `report-<site>-<YYYY-MM-DD>.pdf`, the site's name lower-cased with its letters and
 * digits kept (accents dropped, other characters as `-`), the day of the visit's end in `timeZone`.
 */
export function reportFileName(siteName: string, visitEnd: Date, timeZone: string): string {
  const slug = siteName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `report-${slug || 'site'}-${zonedDate(visitEnd, timeZone)}.pdf`;
}

/** Address lines: street, postcode and city, country; the one-line label when the parts are unknown. */
function addressLines(a: {
  addressLabel: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}): string[] {
  const town = [a.postalCode, a.city].filter(Boolean).join(' ');
  const lines = [a.street, town, a.country].filter((line): line is string => Boolean(line?.trim()));
  if (lines.length > 1 || !a.addressLabel) return lines;
  return [a.addressLabel];
}

/** What {@link buildReportDocument} draws from, loaded by the service. */
export interface DocumentInputs {
  report: ReportDetail;
  /** The status to draw: `to_process` marks every page "draft". */
  status: ReportStatus;
  context: DocumentContext;
  lang: Language;
  timeZone: string;
  logo: Uint8Array | null;
  photos: {
    kind: string;
    stationReference: string | null;
    takenAt: Date | null;
    file: Uint8Array;
  }[];
  signatures: { customer: Uint8Array | null; technician: Uint8Array | null };
  now: Date;
}

/** The `ReportDocument` of a report (see the module's doc). */
export function buildReportDocument(input: DocumentInputs): ReportDocument {
  const { report, context, lang, timeZone } = input;
  const at = (instant: Date) => documentDateTime(instant, lang, timeZone);
  const contact = context.contact;
  const customerName = (contact && [contact.firstname, contact.lastname].join(' ').trim()) || '';
  return {
    lang,
    status: input.status,
    ulid: report.id,
    type: report.type as InterventionType | 'TYPE_AUTOMATIC_REPORT',
    pco: {
      name: context.space.name,
      address: addressLines(context.space),
      phone: null,
      email: null,
      logo: input.logo,
    },
    client: { name: context.client.name, company: context.client.company },
    site: {
      name: context.site.name,
      address: addressLines(context.site),
      contact: contact ? { name: customerName, phone: contact.phone || null } : null,
    },
    visit: {
      startedAt: at(report.visitStartedAt),
      endedAt: at(report.visitEndedAt),
      interveners: report.interveners.map((person) => person.name),
    },
    summary: report.summary,
    recommendations: report.recommendations,
    conduciveConditions: report.conduciveConditions,
    stationChecks: report.stationChecks.map((check) => ({
      reference: check.reference,
      kind: check.kind as 'igs' | 'ags',
      position:
        check.latitude !== null && check.longitude !== null
          ? { latitude: check.latitude, longitude: check.longitude }
          : null,
      result: check.result as StationCheckResult,
      action: check.action as StationCheckAction,
      baitConsumed: check.baitConsumed as BaitConsumption | null,
      termiteActivity: check.termiteActivity,
      note: check.note,
    })),
    productUses: report.productUses.map((use) => ({
      product: use.productName,
      activeIngredients: use.activeIngredients.map(({ name, percent }) => ({ name, percent })),
      registration:
        use.registrationNumber && use.register
          ? { number: use.registrationNumber, register: use.register as ProductRegister }
          : null,
      quantity: use.quantity,
      unit: use.unit as ProductUnit,
      concentration: use.concentration,
      method: use.method,
      areaTreated: use.areaTreated,
      targetSpecies: use.targetSpecies as TermiteSpecies[],
      applicator: { name: use.applicatorName ?? '', licenceNumber: use.applicatorLicenceNumber },
      lot: use.lot,
    })),
    photos: input.photos.map((photo) => ({
      kind: photo.kind as ReportPhotoKind,
      station: photo.stationReference,
      takenAt: photo.takenAt ? at(photo.takenAt) : null,
      image: photo.file,
    })),
    signatures: {
      customer: report.customerAbsent
        ? { absent: true }
        : {
            absent: false,
            name: report.customerSignatureName ?? '',
            signedAt: at(report.customerSignedAt ?? report.visitEndedAt),
            image: input.signatures.customer,
          },
      technician: report.technicianName ? { name: report.technicianName, image: input.signatures.technician } : null,
    },
    generatedAt: documentDate(input.now, lang, timeZone),
    ...(report.automaticData ? { automatic: automaticDocument(report.automaticData as AutomaticData, lang) } : {}),
  };
}

/** The stored data of an automatic report (automatic-reports/automatic-report-data.ts), as far as the PDF reads it. */
interface AutomaticData {
  kind: AutomaticDocument['kind'];
  time_zone: string;
  period: { start: string; end: string };
  days: string[];
  threshold: number;
  stations: {
    reference: string;
    kind: 'gateway' | 'igs' | 'ags';
    state: number;
    battery_level: string | null;
    battery_percent: number | null;
    signal_dbm: number | null;
    last_uplink: string | null;
  }[];
  alerts: {
    type: string;
    reference: string | null;
    opened_at: string;
    closed_at: string | null;
    response_minutes: number | null;
  }[];
  visits: { type: string; started_at: string; ended_at: string; technician: string | null }[];
  activity: { reference: string; values: (number | null)[] }[];
  advice: { code: string; params: Record<string, string | number> }[];
}

/**
 * The automatic part of the document from the report's stored data: instants formatted in `lang` and the time zone
 * stored with the data (the space's when the report was built), so that the PDF is the same whenever it is drawn.
 */
export function automaticDocument(data: AutomaticData, lang: Language): AutomaticDocument {
  const zone = data.time_zone;
  const at = (value: string) => documentDateTime(new Date(value), lang, zone);
  const short = new Intl.DateTimeFormat(LOCALES[lang], { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const lastDay = new Date(Date.parse(data.period.end) - 1);
  return {
    kind: data.kind,
    period: {
      first: documentDate(new Date(data.period.start), lang, zone),
      last: documentDate(lastDay, lang, zone),
    },
    days: data.days.map((day) => short.format(new Date(`${day}T12:00:00Z`))),
    threshold: data.threshold,
    stations: data.stations.map((s) => ({
      reference: s.reference,
      kind: s.kind,
      state: s.state,
      batteryLevel: s.battery_level,
      batteryPercent: s.battery_percent,
      signalDbm: s.signal_dbm,
      lastUplink: s.last_uplink ? at(s.last_uplink) : null,
    })),
    alerts: data.alerts.map((a) => ({
      type: a.type,
      reference: a.reference,
      openedAt: at(a.opened_at),
      closedAt: a.closed_at ? at(a.closed_at) : null,
      responseMinutes: a.response_minutes,
    })),
    visits: data.visits.map((v) => ({
      type: v.type as InterventionType,
      startedAt: at(v.started_at),
      endedAt: at(v.ended_at),
      technician: v.technician,
    })),
    activity: data.activity,
    advice: data.advice,
  };
}
