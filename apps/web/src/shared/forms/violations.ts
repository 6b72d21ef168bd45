/**
 * The one mapping of a 422 problem+json answer's violations (ARCHITECTURE §6, SPEC §8) onto the fields of a form, so
 * that each error shows under its field in the user's language (the field translates the code). Every form of the
 * web app uses it; do not loop over `ApiError#violations` in a feature.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

/**
 * Which property paths are fields of the form:
 * - a list or set of field names (dotted paths such as `address.city`, `alternatives.0.email`), the server's
 *   property path being the field name; with a list, the fields are reported in the list's order (form order);
 * - or a function renaming a property path to a field name (null or undefined: not a field of this form).
 */
export type ViolationFields = readonly string[] | ReadonlySet<string> | ((path: string) => string | null | undefined);

export interface ViolationOptions {
  /** Renames a property path before it is matched (e.g. `{address: 'address.label'}`). */
  aliases?: Readonly<Record<string, string>>;
  /**
   * Top-level error codes (the answer's `error`) shown under one field when no violation names a field of the form,
   * e.g. `{invalid_password: 'password'}`. Applies to any 4xx answer, not only 422.
   */
  codes?: Readonly<Record<string, string>>;
}

/** The errors of a failed save: `[field, code]` pairs (first code per field) and the codes of the other violations. */
export interface MappedViolations {
  fields: Array<[string, string]>;
  /** Codes of violations that name no field of the form (to show above the form), in the answer's order. */
  other: string[];
}

/**
 * Splits the violations of `error` between the fields of the form and the rest. Null unless `error` is an
 * `ApiError` with violations (422) or, with `options.codes`, a top-level code that belongs to a field.
 */
export function mapViolations(
  error: unknown,
  fields: ViolationFields,
  { aliases = {}, codes = {} }: ViolationOptions = {},
): MappedViolations | null {
  if (!isApiError(error)) return null;
  const toField = fieldResolver(fields);
  const result: MappedViolations = { fields: [], other: [] };
  const seen = new Set<string>();
  for (const violation of isApiError(error, 422) ? error.violations : []) {
    const path = aliases[violation.propertyPath] ?? violation.propertyPath;
    const field = toField(path);
    if (!field) {
      result.other.push(violation.code);
      continue;
    }
    if (seen.has(field)) continue;
    seen.add(field);
    result.fields.push([field, violation.code]);
  }
  if (result.fields.length === 0 && error.code && codes[error.code]) {
    result.fields.push([codes[error.code] as string, error.code]);
  }
  if (Array.isArray(fields)) {
    const order = fields as readonly string[];
    result.fields.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  }
  if (result.fields.length === 0 && result.other.length === 0) return null;
  return result;
}

/**
 * Shows the errors of `error` under the fields of a react-hook-form form (`setError(field, {type: 'server', message:
 * code})`), focusing the first one unless `focus` is false. Answers what was mapped (`other` for a form-level
 * message), or null when nothing in the answer is a violation — the caller then shows a general error.
 */
export function applyViolations<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ViolationFields,
  options: ViolationOptions & { focus?: boolean } = {},
): MappedViolations | null {
  const mapped = mapViolations(error, fields, options);
  if (!mapped) return null;
  const focus = options.focus ?? true;
  for (const [index, [field, code]] of mapped.fields.entries()) {
    setError(field as FieldPath<T>, { type: 'server', message: code }, { shouldFocus: focus && index === 0 });
  }
  return mapped;
}

/**
 * A {@link ViolationFields} function accepting the paths that name a value of `values` (`site.address.latitude`,
 * `station_checks.0.result`): for forms whose fields are their values' shape.
 */
export function pathsOf(values: unknown): (path: string) => string | null {
  return (path) => {
    if (!path) return null;
    let node: unknown = values;
    for (const part of path.split('.')) {
      if (typeof node !== 'object' || node === null || !(part in node)) return null;
      node = (node as Record<string, unknown>)[part];
    }
    return path;
  };
}

function fieldResolver(fields: ViolationFields): (path: string) => string | null | undefined {
  if (typeof fields === 'function') return fields;
  const known = fields instanceof Set ? fields : new Set(fields as readonly string[]);
  return (path) => (known.has(path) ? path : null);
}
