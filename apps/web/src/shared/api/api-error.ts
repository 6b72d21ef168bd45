/** The error of a failed API call, parsed from the problem+json body (ARCHITECTURE §4, SPEC §8). */
import type { Violation } from '@isoptera/contracts';

/** Status used when the server could not be reached at all. */
export const NETWORK_ERROR_STATUS = 0;

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The error code of the body (`error` field), e.g. `invalid_credentials`; null when absent. */
  readonly code: string | null;
  /** One entry per broken rule of a 422 answer. */
  readonly violations: Violation[];
  /** The parsed body (object, text or undefined). */
  readonly body: unknown;
  /** Seconds to wait before trying again (`Retry-After` of a 429 answer), or null when absent. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: unknown, retryAfter?: string | null) {
    const problem = isRecord(body) ? body : {};
    const code = typeof problem.error === 'string' && problem.error !== '' ? problem.error : null;
    const detail =
      typeof problem.detail === 'string' ? problem.detail : typeof problem.title === 'string' ? problem.title : '';
    super(detail || code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.violations = Array.isArray(problem.violations) ? problem.violations.filter(isViolation) : [];
    this.body = body;
    const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
  }

  /** The server's description (`detail`, else `title`), already in the request language; '' when absent. */
  get detail(): string {
    const problem = isRecord(this.body) ? this.body : {};
    if (typeof problem.detail === 'string') return problem.detail;
    return typeof problem.title === 'string' ? problem.title : '';
  }

  /** The violation codes per property path (`contact.phone` → `phone_invalid`), first one per path. */
  fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const v of this.violations) errors[v.propertyPath] ??= v.code;
    return errors;
  }
}

/** `true` when `error` is an `ApiError` (optionally with the given status). */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isViolation(value: unknown): value is Violation {
  return isRecord(value) && typeof value.propertyPath === 'string' && typeof value.code === 'string';
}
