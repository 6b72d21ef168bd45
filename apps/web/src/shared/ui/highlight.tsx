/** Highlights the matched text of a search result with `<mark>` (SPEC §2.4). */
import { Fragment } from 'react';

/** Splits `text` around case- and accent-insensitive matches of `query`; each part says whether it matched. */
export function splitMatches(text: string, query: string): Array<{ text: string; match: boolean }> {
  const needle = fold(query.trim());
  if (needle === '') return [{ text, match: false }];
  const haystack = fold(text);
  const parts: Array<{ text: string; match: boolean }> = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Lower-cases and strips diacritics while keeping one character per character (so indexes stay aligned). */
function fold(value: string): string {
  return Array.from(value, (char) => {
    const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (base.length === char.length) return base;
    const lower = char.toLowerCase();
    return lower.length === char.length ? lower : char;
  }).join('');
}

/** The text with its matches wrapped in `<mark>`. */
export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a static string
          <mark key={index} className="rounded-sm bg-amber-200 px-0 text-inherit">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a static string
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
