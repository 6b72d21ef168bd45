/** Puts the violations of a 422 answer under the fields of a react-hook-form form (ARCHITECTURE §7 inline errors). */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';

/**
 * Sets the first violation code of each known field as its error (the field errors render it translated), focusing
 * the first one. `rename` maps a server property path to a field name (null: not a field of this form). Answers
 * whether any field got an error.
 */
export function applyViolations<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  rename: (path: string) => FieldPath<T> | null,
): boolean {
  if (!isApiError(error, 422)) return false;
  const seen = new Set<string>();
  for (const violation of error.violations) {
    const field = rename(violation.propertyPath);
    if (!field || seen.has(field)) continue;
    setError(field, { type: 'server', message: violation.code }, { shouldFocus: seen.size === 0 });
    seen.add(field);
  }
  return seen.size > 0;
}
