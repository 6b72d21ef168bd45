/**
 * Dates in e-mails (issue 3 "Mail", SPEC §3 "Intervention"): written out in the recipient's language and in a given
 * IANA time zone, e.g. `lundi 10 juin 2030 à 09:00` (fr), `2030年6月10日月曜日 9:00` (ja).
 */
import type { Language } from '@isoptera/contracts';

/** The regional formats of each language: European French, British English, European Portuguese… */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ja: 'ja-JP', it: 'it-IT', pt: 'pt-PT' };

/**
 * The `start` and `end` parameters of an intervention mail: `start` with weekday, date and time in `timeZone`;
 * `end` the same, or only its time when it falls on the same calendar day in `timeZone`.
 */
export function formatMailPeriod(
  start: Date,
  end: Date,
  lang: Language,
  timeZone: string,
): { start: string; end: string } {
  const locale = LOCALES[lang] ?? lang;
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const sameDay = day.format(start) === day.format(end);
  return { start: full.format(start), end: sameDay ? time.format(end) : full.format(end) };
}

/** One instant with weekday, date and time in `lang` and `timeZone`, e.g. `lundi 10 juin 2030 à 09:00` (alert mails). */
export function formatMailDateTime(instant: Date, lang: Language, timeZone: string): string {
  const locale = LOCALES[lang] ?? lang;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);
}

/** One calendar day with weekday in `lang`, as seen in `timeZone`, e.g. `lundi 10 juin 2030` (contract mails). */
export function formatMailDate(instant: Date, lang: Language, timeZone: string): string {
  const locale = LOCALES[lang] ?? lang;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone }).format(instant);
}
