/**
 * The published translation overrides on top of the bundled catalogues (issue 14 "Translation tool";
 * docs/decisions/014): the texts an admin changed in `/translations` and sent to the server. Started by
 * on-demand-catalogue.ts, with the first screen that loads texts on demand (not part of the start-up bundles), which
 * hands it the app's i18next instance. Asks `GET /api/translations/version` — which names the namespaces
 * each language overrides — and fetches those catalogues' overrides (`/api/translations/published/{lang}/{ns}`,
 * cached by `ETag`), laying them with `addResourceBundle(lng, ns, data, true, true)` on what i18next holds, and again
 * whenever a bundle is (re)loaded. Open browsers see a new publication without a reload: the version is checked
 * again when the tab comes back to the front and every {@link CHECK_EVERY_MS}; a key reverted since gets its bundled
 * text back.
 */
import type { i18n as I18n } from 'i18next';

/** The default namespace of i18n.ts, holding every namespace as a branch (not imported: this module stays apart). */
const ALL_NAMESPACES = 'translation';
/** The app's i18next instance, handed over by `startPublishedTexts` (no import of i18n.ts: no chunk shared). */
let i18n: I18n;

/** How often an open tab checks for a new publication while it stays in front. */
export const CHECK_EVERY_MS = 60_000;

interface PublishedVersion {
  version: number;
  overridden: Record<string, string[]>;
}

/** `lang/ns` → flat key → text, of the version applied. */
const texts = new Map<string, Record<string, string>>();
/** `lang/ns/key` → the bundled text an override covered, to give back when the key is reverted. */
const bundled = new Map<string, unknown>();
let applied: PublishedVersion | null = null;
let applying = false;
let started = false;

/** Nests `{ 'a.b': text }` under `prefix` as i18next resources. */
function nest(flat: Record<string, string>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] = typeof node[part] === 'object' && node[part] !== null ? node[part] : {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] ?? key] = value;
  }
  return tree;
}

/**
 * Writes `data` into `namespace` (both `ns:key` and `translation` branches). The `errors` branch of a screen's
 * namespace is lent to `errors` (on-demand-catalogue.ts): it is written there too, so that the changed message shows
 * wherever the code is translated.
 */
function put(lang: string, namespace: string, data: Record<string, unknown>): void {
  i18n.addResourceBundle(lang, namespace, data, true, true, { silent: true });
  if (i18n.hasResourceBundle(lang, ALL_NAMESPACES)) {
    i18n.addResourceBundle(lang, ALL_NAMESPACES, { [namespace]: data }, true, true, { silent: true });
  }
  const errors = data.errors;
  if (namespace !== 'errors' && errors && typeof errors === 'object')
    put(lang, 'errors', errors as Record<string, unknown>);
}

/** Lays the overrides of `lang` on the namespaces i18next has loaded (both `ns:key` and `translation` branches). */
function layOn(lang: string): void {
  applying = true;
  try {
    for (const [id, flat] of texts) {
      const [language, namespace = ''] = id.split('/');
      if (language !== lang || !i18n.hasResourceBundle(lang, namespace)) continue;
      for (const key of Object.keys(flat)) {
        const slot = `${lang}/${namespace}/${key}`;
        if (!bundled.has(slot)) bundled.set(slot, i18n.getResource(lang, namespace, key));
      }
      put(lang, namespace, nest(flat));
    }
  } finally {
    applying = false;
  }
}

/** Puts back the bundled text of every key overridden before and not any more. */
function restoreReverted(): void {
  for (const [slot, text] of bundled) {
    const [lang = '', namespace = '', ...rest] = slot.split('/');
    const key = rest.join('/');
    if (texts.get(`${lang}/${namespace}`)?.[key] !== undefined) continue;
    bundled.delete(slot);
    if (typeof text !== 'string') continue;
    put(lang, namespace, nest({ [key]: text }));
  }
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Checks the published version; when it changed, fetches the overridden catalogues of every language loaded and lays
 * them on, then re-renders. Never rejects (offline: the texts stay as they are).
 */
export async function refreshPublishedTexts(): Promise<void> {
  try {
    const latest = await getJson<PublishedVersion>('/api/translations/version');
    if (applied && latest.version === applied.version) return;
    const next = new Map<string, Record<string, string>>();
    await Promise.all(
      Object.entries(latest.overridden).flatMap(([lang, namespaces]) =>
        namespaces.map(async (namespace) => {
          const read = await getJson<{ texts: Record<string, string> }>(
            `/api/translations/published/${encodeURIComponent(lang)}/${encodeURIComponent(namespace)}`,
          );
          next.set(`${lang}/${namespace}`, read.texts);
        }),
      ),
    );
    texts.clear();
    for (const [id, flat] of next) texts.set(id, flat);
    applied = latest;
    restoreReverted();
    for (const lang of new Set([...texts.keys()].map((id) => id.split('/')[0] ?? ''))) layOn(lang);
    // one event re-renders the translated components (bindI18nStore: 'added')
    const shown = i18n.language;
    if (i18n.hasResourceBundle(shown, ALL_NAMESPACES)) i18n.addResourceBundle(shown, ALL_NAMESPACES, {}, true, true);
  } catch {
    // offline or the server is older: the bundled texts stay
  }
}

/** Starts once: the first check, a check when the tab comes back to the front and on an interval, and re-laying. */
export function startPublishedTexts(instance: I18n): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  i18n = instance;
  // a bundle (re)loaded later (a screen's namespace, another language) gets the overrides laid on again
  i18n.store.on('added', (lng: string) => {
    if (!applying && texts.size > 0) layOn(lng);
  });
  const check = () => {
    if (document.visibilityState !== 'hidden') void refreshPublishedTexts();
  };
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', check);
  window.setInterval(check, CHECK_EVERY_MS);
  void refreshPublishedTexts();
}
