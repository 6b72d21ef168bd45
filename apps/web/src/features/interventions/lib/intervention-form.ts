/**
 * The intervention form's values, validation and request body (SPEC §4 "Intervention form", §5 "Intervention").
 * Validation is the contract's `interventionBody` (zod, through `zodResolver`) plus the two date rules: start later
 * than now (`start_at_invalid`, rule before_now; not re-checked for an unchanged start when editing, as the server
 * does) and end later than start (`end_at_invalid`, rule before_start).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Intervention,
  type InterventionBody,
  type InterventionType,
  interventionBody,
  iri,
} from '@isoptera/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { isAfterNow, isWallTime, wallTimeOfIso } from './default-dates';

export interface InterventionFormValues {
  /** Client ULID, '' for none. */
  client: string;
  /** Site ULID, '' for none. */
  site: string;
  type: InterventionType | '';
  /** Membership ULIDs of the interveners. */
  interveners: string[];
  /** `YYYY-MM-DD HH:mm:ss`, wall time of the user's zone. */
  start_at: string;
  end_at: string;
  description: string;
  send_mail: boolean;
}

export type InterventionField = keyof InterventionFormValues;

const FIELDS: readonly InterventionField[] = [
  'client',
  'site',
  'type',
  'interveners',
  'start_at',
  'end_at',
  'description',
  'send_mail',
];

/** The form values of a loaded intervention; dates as wall times of `timeZone`. */
export function valuesOfIntervention(intervention: Intervention, timeZone: string): InterventionFormValues {
  return {
    client: intervention.client_ulid,
    site: intervention.site_ulid,
    type: intervention.type,
    interveners: intervention.interveners.map((i) => i.ulid),
    start_at: wallTimeOfIso(intervention.start_at, timeZone),
    end_at: wallTimeOfIso(intervention.end_at, timeZone),
    description: intervention.description ?? '',
    send_mail: intervention.send_mail,
  };
}

/** The request body of `POST`/`PUT /api/interventions`: IRIs for references, post-format dates (SPEC §7). */
export function bodyOfValues(values: InterventionFormValues): InterventionBody {
  return {
    client: iri('clients', values.client),
    site: iri('sites', values.site),
    type: values.type as InterventionType,
    interveners: values.interveners.map((ulid) => iri('user_pcos', ulid)),
    start_at: values.start_at,
    end_at: values.end_at,
    description: values.description.trim() === '' ? null : values.description.trim(),
    send_mail: values.send_mail,
  };
}

export interface DateRuleContext {
  /** The user's "now", wall time of their zone. */
  now: string;
  /** The start the form was loaded with (editing), whose unchanged value is not re-checked against now. */
  initialStart: string | null;
}

/** Violation codes of the two date rules (SPEC §5), by field. */
export function dateRuleErrors(values: Pick<InterventionFormValues, 'start_at' | 'end_at'>, context: DateRuleContext) {
  const errors: Partial<Record<'start_at' | 'end_at', string>> = {};
  const { start_at: start, end_at: end } = values;
  if (isWallTime(start) && start !== context.initialStart && !isAfterNow(start, context.now))
    errors.start_at = 'start_at_invalid';
  if (isWallTime(start) && isWallTime(end) && end <= start) errors.end_at = 'end_at_invalid';
  return errors;
}

const contractResolver = zodResolver(interventionBody, undefined, {
  raw: true,
}) as unknown as Resolver<InterventionFormValues>;

/** The form resolver: the contract schema, then the date rules evaluated with a fresh `context()` each time. */
export function interventionResolver(context: () => DateRuleContext): Resolver<InterventionFormValues> {
  return async (values, resolverContext, options) => {
    const result = await contractResolver(values, resolverContext, options);
    const errors: FieldErrors<InterventionFormValues> = { ...result.errors };
    for (const [field, code] of Object.entries(dateRuleErrors(values, context()))) {
      const key = field as 'start_at' | 'end_at';
      errors[key] ??= { type: 'custom', message: code };
    }
    // an array field reports per item (`interveners.0`); the picker shows one message
    const interveners = errors.interveners as unknown;
    if (Array.isArray(interveners)) {
      const first = interveners.find((e) => e?.message) as { message?: string } | undefined;
      errors.interveners = { type: 'custom', message: first?.message ?? 'interveners_invalid' };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The field of the form a violation's property path names (`interveners.0` → `interveners`), else null. */
export function interventionViolationField(path: string): InterventionField | null {
  const field = path.split('.')[0] as InterventionField;
  return FIELDS.includes(field) ? field : null;
}
