/**
 * What the PDF of a visit report shows (issue 12 "The PDF"): everything already resolved, formatted where the format
 * depends on the reader (dates in the site's time zone and the report language's format), so that rendering is a
 * pure function of this value. The reports service builds it from the database; `renderReportPdf` draws it.
 */
import type {
  AutomaticReportKind,
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

export interface ReportDocument {
  /** Language of every label and of the date formats. */
  lang: Language;
  /** `to_process` draws a "draft" mark on every page. */
  status: ReportStatus;
  /** The report's ULID, printed as its reference. */
  ulid: string;
  type: InterventionType | 'TYPE_AUTOMATIC_REPORT';
  pco: {
    name: string;
    /** One line per address line (street, postcode and city, country). */
    address: string[];
    phone: string | null;
    email: string | null;
    /** The logo as PNG or JPEG bytes, or null. */
    logo: Uint8Array | null;
  };
  client: { name: string; company: boolean };
  site: { name: string; address: string[]; contact: { name: string; phone: string | null } | null };
  visit: {
    /** Already formatted, e.g. `21/11/2026 09:00` or `2026/11/21 9:00`. */
    startedAt: string;
    endedAt: string;
    /** Full names, in the order of the report. */
    interveners: string[];
  };
  summary: string | null;
  recommendations: string | null;
  conduciveConditions: string | null;
  stationChecks: {
    reference: string;
    /** `igs` (in-ground) or `ags` (above-ground). */
    kind: 'igs' | 'ags';
    /** Decimal degrees as text, or null. */
    position: { latitude: string; longitude: string } | null;
    result: StationCheckResult;
    action: StationCheckAction;
    baitConsumed: BaitConsumption | null;
    /** The sensor's termite activity (0–100) at the time of the visit, for a connected station. */
    termiteActivity: number | null;
    note: string | null;
  }[];
  productUses: {
    product: string;
    activeIngredients: { name: string; percent: number }[];
    registration: { number: string; register: ProductRegister } | null;
    quantity: number;
    unit: ProductUnit;
    concentration: string | null;
    method: string | null;
    areaTreated: string | null;
    targetSpecies: TermiteSpecies[];
    applicator: { name: string; licenceNumber: string | null };
    lot: string | null;
  }[];
  photos: {
    kind: ReportPhotoKind;
    /** Station reference when the photo belongs to a station check. */
    station: string | null;
    /** Formatted time taken, or null. */
    takenAt: string | null;
    /** WebP or JPEG/PNG bytes as stored (resized to fit 1600×1600). */
    image: Uint8Array;
  }[];
  signatures: {
    /** The customer's signature, or `absent: true` ("customer absent"). */
    customer: { absent: true } | { absent: false; name: string; signedAt: string; image: Uint8Array | null };
    technician: { name: string; image: Uint8Array | null } | null;
  };
  /** The day and time the document was drawn, already formatted (e.g. `21/11/2026 14:02`); the footer labels it. */
  generatedAt: string;
  /**
   * An automatic report's content (docs/decisions/018), drawn instead of the visit's checks, products, photos and
   * signatures; absent for a visit report.
   */
  automatic?: AutomaticDocument;
}

/** What an automatic report draws, dates already formatted. */
export interface AutomaticDocument {
  kind: AutomaticReportKind;
  /** The first and last days of the period, formatted (e.g. `01/10/2026`, `31/10/2026`). */
  period: { first: string; last: string };
  /** Short labels of the period's days (e.g. `01/10`), the chart's x axis. */
  days: string[];
  /** Termite activity threshold (0–100): the chart's dashed line. */
  threshold: number;
  stations: {
    reference: string;
    kind: 'gateway' | 'igs' | 'ags';
    /** 0 init, 1 operational, 2 warning, 3 error. */
    state: number;
    batteryLevel: string | null;
    batteryPercent: number | null;
    signalDbm: number | null;
    lastUplink: string | null;
  }[];
  alerts: {
    type: string;
    reference: string | null;
    openedAt: string;
    closedAt: string | null;
    /** Minutes from opening to response, or null (no response yet). */
    responseMinutes: number | null;
  }[];
  visits: { type: InterventionType; startedAt: string; endedAt: string; technician: string | null }[];
  /** Per station with readings: its highest activity each day (null: no reading), aligned with `days`. */
  activity: { reference: string; values: (number | null)[] }[];
  /** Codes and parameters, written in `lang` when drawn (`reports:pdf.auto.advice.<code>`). */
  advice: { code: string; params: Record<string, string | number> }[];
}
