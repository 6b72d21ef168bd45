/** Date and number formatters bound to the user's language and time zone (ARCHITECTURE §7). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { type DateInput, formatDate, formatDateTime, formatNumber, formatTime } from './format';

export interface Formatters {
  date: (value: DateInput | null | undefined) => string;
  dateTime: (value: DateInput | null | undefined) => string;
  time: (value: DateInput | null | undefined) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** `formatDate`/`formatDateTime`/`formatTime`/`formatNumber` in the current language and the user's time zone. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const { timeZone } = useSession();
  const language = i18n.language;
  return useMemo(
    () => ({
      date: (value) => formatDate(value, language, timeZone),
      dateTime: (value) => formatDateTime(value, language, timeZone),
      time: (value) => formatTime(value, language, timeZone),
      number: (value, options) => formatNumber(value, language, options),
    }),
    [language, timeZone],
  );
}
