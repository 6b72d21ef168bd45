/**
 * Server-side messages: the `errors` catalogue of packages/i18n in the request language (Accept-Language),
 * used for the `title`/`detail` of problem bodies and the `message` of violations.
 */

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@isoptera/contracts';
import { translate } from '@isoptera/i18n';
import { loadCatalogues } from '@isoptera/i18n/load-catalogues';

const catalogues = loadCatalogues();

/** Picks the first supported language of an `Accept-Language` header, or the default (fr). */
export function negotiateLanguage(header: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const hit = ranked.find((r) => (LANGUAGES as readonly string[]).includes(r.lang));
  return (hit?.lang as Language | undefined) ?? fallback;
}

/** The translation of error or violation `code` in `lang` (`errors:<code>`), falling back to the generic message. */
export function errorMessage(lang: Language, code: string): string {
  const key = `errors:${code}`;
  const text = translate(catalogues, lang, key);
  return text === key ? translate(catalogues, lang, 'errors:fallback') : text;
}
