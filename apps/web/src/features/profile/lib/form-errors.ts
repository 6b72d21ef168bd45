/**
 * A failed save of a profile modal → errors under its fields (SPEC §8, ARCHITECTURE §7 "inline errors in the user's
 * language"): each 422 violation whose property path is a field of the form, and a top-level error code that belongs
 * to one field (e.g. `invalid_password` on the password). Messages stay codes; `FieldError` translates them.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';

export interface ServerErrorMapping<T extends FieldValues> {
  /** The fields of the form, named as the API's property paths. */
  fields: readonly FieldPath<T>[];
  /** Top-level error codes shown under one field when the answer carries no violation. */
  codes?: Partial<Record<string, FieldPath<T>>>;
}

/**
 * Shows the errors of `error` under their fields; the first one gets the focus. Answers `false` when none belongs to
 * a field (the caller then shows a form-level message).
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields, codes = {} }: ServerErrorMapping<T>,
): boolean {
  if (!isApiError(error)) return false;
  const found: Array<[FieldPath<T>, string]> = [];
  for (const [path, code] of Object.entries(error.fieldErrors())) {
    const field = fields.find((name) => name === path);
    if (field) found.push([field, code]);
  }
  if (found.length === 0 && error.code) {
    const field = codes[error.code];
    if (field) found.push([field, error.code]);
  }
  found.sort(([a], [b]) => fields.indexOf(a) - fields.indexOf(b));
  for (const [index, [field, code]] of found.entries()) {
    setError(field, { type: 'server', message: code }, { shouldFocus: index === 0 });
  }
  return found.length > 0;
}
