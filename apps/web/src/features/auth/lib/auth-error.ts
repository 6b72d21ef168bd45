/**
 * Messages of failed calls on the public screens (SPEC §8): the shared mapping (`errors:<code>`, status, fallback),
 * plus, for a 429 `too_many_requests` with `Retry-After`, how long to wait (ARCHITECTURE §4).
 */
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { i18n } from '../../../shared/i18n/i18n';

/** The translated message of a failed call; a rate-limited one says how many seconds (or minutes) to wait. */
export function authErrorMessage(error: unknown): string {
  if (isApiError(error, 429) && error.retryAfterSeconds !== null && error.retryAfterSeconds > 0) {
    const seconds = error.retryAfterSeconds;
    return seconds < 90
      ? i18n.t('auth:tooManyRequests.seconds', { count: seconds })
      : i18n.t('auth:tooManyRequests.minutes', { count: Math.ceil(seconds / 60) });
  }
  return errorMessage(error);
}
