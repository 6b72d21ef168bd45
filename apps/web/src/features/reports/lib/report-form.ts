/**
 * The edit form of a report to process (issue 12 "Screens": the edit form while to process; docs/decisions/010): its
 * values — the shape of the `PUT /api/reports/{ulid}` body, so that the contract's own `reportUpdateBody` validates
 * them, plus what the form shows beside (station references, product names) —, the values of a report, the merge
 * patch sent (`PATCH /api/reports/{ulid}`: only the fields changed, arrays whole), and the 422 violations on their
 * fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BaitConsumption,
  type Language,
  type ProductUnit,
  type Report,
  type ReportUpdateBody,
  reportUpdateBody,
  type StationCheckAction,
  type StationCheckResult,
  type TermiteSpecies,
} from '@isoptera/contracts';
import type { Resolver } from 'react-hook-form';
import { pathsOf } from '../../../shared/forms/violations';

/** The check of one station as the form edits it. */
export interface StationCheckFormValue {
  /** IRI of the station (`/api/equipment/{ulid}`). */
  equipment: string;
  /** Shown, not sent. */
  reference: string;
  result: StationCheckResult;
  action: StationCheckAction;
  bait_consumed: BaitConsumption | null;
  note: string;
}

/** One product use as the form edits it. */
export interface ProductUseFormValue {
  /** IRI of the product (`/api/products/{ulid}`), '' until chosen. */
  product: string;
  /** Shown in the picker, not sent. */
  product_name: string;
  /** NaN while empty. */
  quantity: number;
  unit: ProductUnit | null;
  concentration: string;
  method: string;
  area_treated: string;
  target_species: TermiteSpecies[];
  /** IRI of the applicator, kept as recorded. */
  applicator: string | null;
  lot: string;
}

export interface ReportFormValues {
  /** Wall times `YYYY-MM-DD HH:mm:ss` in the user's time zone. */
  visit_started_at: string;
  visit_ended_at: string;
  language: Language;
  summary: string;
  recommendations: string;
  conducive_conditions: string;
  customer_absent: boolean;
  customer_signature_name: string;
  station_checks: StationCheckFormValue[];
  product_uses: ProductUseFormValue[];
}

/** The wall time `YYYY-MM-DD HH:mm:ss` of the instant `iso` in `timeZone` ('' when not a date). */
export function wallTimeOf(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** An empty product use (the product's unit is taken when one is chosen). */
export function emptyProductUse(): ProductUseFormValue {
  return {
    product: '',
    product_name: '',
    quantity: Number.NaN,
    unit: null,
    concentration: '',
    method: '',
    area_treated: '',
    target_species: [],
    applicator: null,
    lot: '',
  };
}

/** The form values of `report`, its dates in `timeZone`; checks of stations removed since are not editable. */
export function reportFormValues(report: Report, timeZone: string): ReportFormValues {
  return {
    visit_started_at: wallTimeOf(report.visit_started_at, timeZone),
    visit_ended_at: wallTimeOf(report.visit_ended_at, timeZone),
    language: report.language,
    summary: report.summary ?? '',
    recommendations: report.recommendations ?? '',
    conducive_conditions: report.conducive_conditions ?? '',
    customer_absent: report.customer_absent,
    customer_signature_name: report.customer_signature_name ?? '',
    station_checks: report.station_checks.flatMap((check) =>
      check.equipment
        ? [
            {
              equipment: check.equipment,
              reference: check.reference,
              result: check.result,
              action: check.action,
              bait_consumed: check.bait_consumed,
              note: check.note ?? '',
            },
          ]
        : [],
    ),
    product_uses: report.product_uses.map((use) => ({
      product: use.product,
      product_name: use.product_name,
      quantity: use.quantity,
      unit: use.unit,
      concentration: use.concentration ?? '',
      method: use.method ?? '',
      area_treated: use.area_treated ?? '',
      target_species: [...use.target_species],
      applicator: use.applicator?.member ?? null,
      lot: use.lot ?? '',
    })),
  };
}

/** Validates the values with the contract's `reportUpdateBody` (errors are violation codes); keeps the raw values. */
export const reportFormResolver = zodResolver(reportUpdateBody, undefined, { raw: true }) as unknown as Resolver<
  ReportFormValues,
  unknown,
  ReportFormValues
>;

/** The whole `PUT` body of the values (what the form shows beside is left out). */
export function reportUpdateBodyOf(values: ReportFormValues): ReportUpdateBody {
  return {
    visit_started_at: values.visit_started_at,
    visit_ended_at: values.visit_ended_at,
    language: values.language,
    summary: values.summary,
    recommendations: values.recommendations,
    conducive_conditions: values.conducive_conditions,
    customer_absent: values.customer_absent,
    customer_signature_name: values.customer_absent ? '' : values.customer_signature_name,
    station_checks: values.station_checks.map(({ equipment, result, action, bait_consumed, note }) => ({
      equipment,
      result,
      action,
      bait_consumed,
      note,
    })),
    product_uses: values.product_uses.map(({ product_name: _name, ...use }) => use),
  };
}

/**
 * The merge patch of the fields changed (`dirty`: react-hook-form's dirty fields, each top-level key truthy when any
 * part of it changed); the arrays go whole (RFC 7396 replaces arrays). Empty when nothing changed.
 */
export function reportPatchOf(
  values: ReportFormValues,
  dirty: Partial<Record<keyof ReportFormValues, unknown>>,
): Partial<ReportUpdateBody> {
  const body = reportUpdateBodyOf(values);
  const patch: Partial<ReportUpdateBody> = {};
  for (const key of Object.keys(body) as Array<keyof ReportUpdateBody>) {
    const changed = dirty[key];
    const isChanged = Array.isArray(changed)
      ? changed.some(Boolean)
      : typeof changed === 'object' && changed !== null
        ? Object.values(changed).some(Boolean)
        : Boolean(changed);
    if (isChanged) Object.assign(patch, { [key]: body[key] });
  }
  // the signatory's name goes with the presence flag
  if ('customer_absent' in patch) patch.customer_signature_name = body.customer_signature_name;
  return patch;
}

/**
 * The field of the form a violation's property path names (`summary`, `station_checks.0.result`, …), for
 * `applyViolations`: `product_uses[0]` is read `product_uses.0`, and a whole check or use (`station_checks.0`) is
 * shown on its first control. Null for a path that names no field (shown at the top of the form).
 */
export function reportViolationField(values: ReportFormValues): (path: string) => string | null {
  const isField = pathsOf(values);
  return (propertyPath) => {
    let path = propertyPath.replace(/\[(\d+)\]/g, '.$1');
    if (/^station_checks\.\d+$/.test(path)) path = `${path}.result`;
    if (/^product_uses\.\d+$/.test(path)) path = `${path}.product`;
    return isField(path);
  };
}
