/**
 * Coded errors (ARCHITECTURE §3 rule 4). Services throw these; the error handler maps them to problem+json with
 * the HTTP status of `ERROR_STATUS` and messages in the request language. No English sentence lives in a service.
 */
import { ERROR_STATUS, type ErrorCode } from '@isoptera/contracts';

/** One broken rule before translation: a dotted property path and its violation code. */
export interface RawViolation {
  propertyPath: string;
  code: string;
}

export class AppError extends Error {
  readonly code: ErrorCode | string;
  readonly status: number;
  readonly violations: RawViolation[];
  /** Extra members merged into the problem body (e.g. `nb_referent_site`). */
  readonly extra: Record<string, unknown>;

  constructor(
    code: ErrorCode | string,
    options: { status?: number; violations?: RawViolation[]; extra?: Record<string, unknown> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (ERROR_STATUS as Record<string, number>)[code] ?? 400;
    this.violations = options.violations ?? [];
    this.extra = options.extra ?? {};
  }
}

/** 404 `not_found` (or a more precise `*_not_found` code): unknown record, or one of another space. */
export function notFound(code: ErrorCode = 'not_found'): AppError {
  return new AppError(code, { status: 404 });
}

/** 422 `validation_failed` with the given violations (codes of contracts `VIOLATION_CODES`). */
export function validationFailed(...violations: RawViolation[]): AppError {
  return new AppError('validation_failed', { status: 422, violations });
}
