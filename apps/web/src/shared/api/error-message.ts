/**
 * Error → translated message (SPEC §8 "Errors are mapped from the server's description, error field or HTTP status
 * to a translated message"). Order: `errors:<code>` when translated, then `errors:<status>` for 403/404/500, then the
 * server's description, then 'An unknown error occurred' (a code we do not know) or 'An error occurred'.
 */
import type { i18n as I18n } from 'i18next';
import { i18n as appI18n } from '../i18n/i18n';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';

const STATUS_MESSAGES = new Set([403, 404, 500]);

/** The translated text of an error code (`errors:<code>`), or 'An unknown error occurred' when untranslated. */
export function translateErrorCode(code: string, i18n: I18n = appI18n): string {
  const key = `errors:${code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('errors:unknown');
}

/** The message to show for any thrown value, in the interface language. */
export function errorMessage(error: unknown, i18n: I18n = appI18n): string {
  if (!(error instanceof ApiError)) return i18n.t('errors:fallback');
  if (error.code && i18n.exists(`errors:${error.code}`)) return i18n.t(`errors:${error.code}`);
  if (error.status === NETWORK_ERROR_STATUS) return i18n.t('errors:network_error');
  const status = Math.min(error.status, 500);
  if (STATUS_MESSAGES.has(status)) return i18n.t(`errors:${status}`);
  if (error.detail) return error.detail;
  return error.code ? i18n.t('errors:unknown') : i18n.t('errors:fallback');
}
