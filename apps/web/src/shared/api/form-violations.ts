/**
 * Maps the violations of a 422 answer (ARCHITECTURE §6) onto the fields of a form, so that each error shows under
 * its field in the user's language.
 */
import type { Violation } from '@isoptera/contracts';
import { isApiError } from './api-error';

/** The violations of a form: `[field, code]` pairs (first one per field) and the codes of properties it does not show. */
export interface FormViolations {
  fields: Array<[string, string]>;
  other: string[];
}

/**
 * Splits the violations of `error` between the form's `fields` (dotted property paths, e.g. `address.city`) and the
 * rest; `aliases` renames a property path first (e.g. `{address: 'address.label'}` shows a whole-address error under
 * the address label). Null unless `error` is a 422 with violations.
 */
export function formViolations(
  error: unknown,
  fields: ReadonlySet<string>,
  aliases: Readonly<Record<string, string>> = {},
): FormViolations | null {
  if (!isApiError(error, 422) || error.violations.length === 0) return null;
  const result: FormViolations = { fields: [], other: [] };
  const seen = new Set<string>();
  for (const violation of error.violations as Violation[]) {
    const path = aliases[violation.propertyPath] ?? violation.propertyPath;
    if (!fields.has(path)) {
      result.other.push(violation.code);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    result.fields.push([path, violation.code]);
  }
  return result;
}
