/**
 * The translation tool (issue 14 "Translation tool", SPEC §2.7; docs/decisions/014): the admin lists the keys of the
 * catalogues with their texts side by side, overrides or reverts a text (checked against English), adds or deletes a
 * language, imports and exports files, and publishes ("send to the server"). Overrides are drafts until published;
 * the web app and the server apply the highest published version only.
 */
import type {
  PublishedTexts,
  TranslationImportReport,
  TranslationKey,
  TranslationKeyCollection,
  TranslationKeysQuery,
  TranslationLanguage,
  TranslationLanguageCollection,
  TranslationVersion,
} from '@isoptera/contracts';
import { checkTranslation, splitPluralKey } from '@isoptera/i18n';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { OverrideLayer } from './override-layer.js';
import type { ParsedTranslations } from './translation-files.js';
import {
  BUNDLED,
  baseHash,
  bundledText,
  englishOf,
  hasKey,
  isKnownKey,
  keysOf,
  namespaces,
} from './translations.catalog.js';
import type { OverrideRecord, OverrideValues, TranslationsRepository } from './translations.repository.js';

const KEYS_PAGE_SIZE = 50;

/** `language\u0000namespace\u0000key` → its override. */
type OverrideIndex = Map<string, OverrideRecord>;
const id = (language: string, namespace: string, key: string) => `${language}\u0000${namespace}\u0000${key}`;
const indexOf = (rows: OverrideRecord[]): OverrideIndex =>
  new Map(rows.map((row) => [id(row.language, row.namespace, row.key), row]));

/** One key's text in one language, as the tool sees it. */
interface TextState {
  bundled: string | null;
  override: OverrideRecord | null;
  value: string | null;
  stale: boolean;
}

function textState(overrides: OverrideIndex, language: string, namespace: string, key: string): TextState {
  const bundled = bundledText(language, namespace, key) ?? null;
  const override = overrides.get(id(language, namespace, key)) ?? null;
  return {
    bundled,
    override,
    value: override?.value ?? bundled,
    stale: override !== null && override.baseHash !== baseHash(language, namespace, key),
  };
}

/** Language → its overridden namespaces, sorted. */
function namespacesOf(overrides: Record<string, Record<string, Record<string, string>>>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(overrides).map(([language, byNamespace]) => [language, Object.keys(byNamespace).sort()]),
  );
}

/** The violation codes of `value` as the text of `key` in `language`: the checks of `@isoptera/i18n`. */
export function violationsOf(language: string, namespace: string, key: string, value: string): string[] {
  if (!hasKey(language, namespace, key)) return ['translation_plural_form_invalid'];
  return checkTranslation(value, englishOf(namespace, key), key);
}

/** Creates the translations service on `repository`; `layer` is the server's own copy of the published texts. */
export function createTranslationsService(
  repository: TranslationsRepository,
  layer: OverrideLayer,
  { now = () => new Date() } = {},
) {
  async function languageCodes(): Promise<string[]> {
    const added = await repository.languages();
    return [...BUNDLED, ...added.map((row) => row.code)];
  }

  async function requireLanguage(language: string): Promise<string[]> {
    const codes = await languageCodes();
    if (!codes.includes(language)) throw notFound('language_not_found');
    return codes;
  }

  function keyResource(
    actor: Actor,
    codes: string[],
    overrides: OverrideIndex,
    namespace: string,
    key: string,
  ): TranslationKey {
    return {
      '@id': `/api/translations/keys/${namespace}/${key}`,
      '@type': 'TranslationKey',
      namespace,
      key,
      english: englishOf(namespace, key) ?? null,
      texts: codes.map((language) => {
        const state = textState(overrides, language, namespace, key);
        return {
          language,
          bundled: state.bundled,
          override: state.override?.value ?? null,
          value: state.value,
          stale: state.stale,
          updated_at: state.override ? formatZoned(state.override.updatedAt, actor.timezone) : null,
        };
      }),
    };
  }

  /** Throws 404 `translation_key_not_found` unless `key` of `namespace` exists for some language. */
  function requireKnownKey(namespace: string, key: string): void {
    if (!isKnownKey(namespace, key)) throw notFound('translation_key_not_found');
  }

  /** The published overrides of the highest version, `{version, overrides}` (version 0: none). */
  async function published() {
    const row = await repository.latestPublication();
    return { version: row?.version ?? 0, publishedAt: row?.publishedAt ?? null, overrides: row?.overrides ?? {} };
  }

  return {
    /**
     * `GET /api/translations/keys`: the keys `query.language` needs (its plural forms), in namespace then key order,
     * kept by `status` (missing / overridden / stale in that language), `namespace` and `search` (part of the key or
     * of any language's text, ignoring case); 50 a page, each with every language's text. 404 `language_not_found`.
     */
    async keys(actor: Actor, query: TranslationKeysQuery, url: string): Promise<TranslationKeyCollection> {
      const codes = await requireLanguage(query.language);
      const overrides = indexOf(await repository.overrides());
      const needle = query.search?.toLocaleLowerCase();
      const matches: { namespace: string; key: string }[] = [];
      for (const namespace of query.namespace ? [query.namespace] : namespaces()) {
        for (const key of keysOf(query.language, namespace)) {
          const state = textState(overrides, query.language, namespace, key);
          if (query.status === 'missing' && state.value !== null) continue;
          if (query.status === 'overridden' && state.override === null) continue;
          if (query.status === 'stale' && !state.stale) continue;
          if (needle) {
            const haystack = [
              `${namespace}:${key}`,
              ...codes.map((language) => textState(overrides, language, namespace, key).value ?? ''),
            ];
            if (!haystack.some((text) => text.toLocaleLowerCase().includes(needle))) continue;
          }
          matches.push({ namespace, key });
        }
      }
      const window = pageWindow({ page: query.page, itemsPerPage: query.itemsPerPage ?? KEYS_PAGE_SIZE });
      const members = matches
        .slice(window.offset, window.offset + window.limit)
        .map(({ namespace, key }) => keyResource(actor, codes, overrides, namespace, key));
      return hydraCollection(url, members, matches.length, window, 'TranslationKey');
    },

    /**
     * `GET /api/translations/languages`: each language with the keys it needs (counted with its own plural forms:
     * a Japanese plural group is one key, a French one three), how many have a text, are overridden, are stale.
     */
    async languages(url: string): Promise<TranslationLanguageCollection> {
      const added = await repository.languages();
      const overrides = indexOf(await repository.overrides());
      const members: TranslationLanguage[] = [
        ...BUNDLED.map((code) => ({ code, enabled: true, bundled: true })),
        ...added.map((row) => ({ code: row.code, enabled: row.enabled, bundled: false })),
      ].map(({ code, enabled, bundled }) => {
        let total = 0;
        let translated = 0;
        let overridden = 0;
        let stale = 0;
        for (const namespace of namespaces()) {
          for (const key of keysOf(code, namespace)) {
            const state = textState(overrides, code, namespace, key);
            total += 1;
            if (state.value !== null) translated += 1;
            if (state.override) overridden += 1;
            if (state.stale) stale += 1;
          }
        }
        return {
          '@id': `/api/translations/languages/${code}`,
          '@type': 'TranslationLanguage' as const,
          code,
          bundled,
          enabled,
          translated,
          total,
          overridden,
          stale,
        };
      });
      return hydraCollection(url, members, members.length, pageWindow({ itemsPerPage: 100 }), 'TranslationLanguage');
    },

    /** `POST /api/translations/languages`: adds `code` (every key missing). 409 `language_exists` (bundled too). */
    async addLanguage(actor: Actor, code: string, url: string): Promise<TranslationLanguage> {
      if ((BUNDLED as readonly string[]).includes(code) || !(await repository.addLanguage(code, actor.accountId))) {
        throw new AppError('language_exists');
      }
      const list = await this.languages(url);
      const created = list['hydra:member'].find((language) => language.code === code);
      if (!created) throw notFound('language_not_found');
      return { ...created, '@context': '/api/contexts/TranslationLanguage' };
    },

    /** `DELETE /api/translations/languages/{code}`: 409 `language_bundled` for fr/en/ja/it/pt, 404 when unknown. */
    async removeLanguage(code: string): Promise<void> {
      if ((BUNDLED as readonly string[]).includes(code)) throw new AppError('language_bundled');
      if (!(await repository.removeLanguage(code))) throw notFound('language_not_found');
    },

    /**
     * `PUT /api/translations/overrides/{language}/{namespace}/{key}`: checks `value` against English (422 on
     * `value`, or on `key` for a plural form the language does not use) and stores it with the hash of the text it
     * replaces. 404 `language_not_found`, `translation_key_not_found`.
     */
    async setOverride(actor: Actor, language: string, namespace: string, key: string, value: string) {
      const codes = await requireLanguage(language);
      requireKnownKey(namespace, key);
      if (!hasKey(language, namespace, key)) {
        throw validationFailed({ propertyPath: 'key', code: 'translation_plural_form_invalid' });
      }
      const codesOfValue = violationsOf(language, namespace, key, value);
      if (codesOfValue.length > 0) {
        throw validationFailed(...codesOfValue.map((code) => ({ propertyPath: 'value', code })));
      }
      await repository.upsert(
        [{ language, namespace, key, value, baseHash: baseHash(language, namespace, key) }],
        actor.accountId,
        now(),
      );
      return keyResource(actor, codes, indexOf(await repository.overrides()), namespace, key);
    },

    /** `DELETE /api/translations/overrides/{language}/{namespace}/{key}`: back to the bundled text; answers the key. */
    async removeOverride(actor: Actor, language: string, namespace: string, key: string) {
      const codes = await requireLanguage(language);
      requireKnownKey(namespace, key);
      await repository.remove(language, namespace, key);
      return keyResource(actor, codes, indexOf(await repository.overrides()), namespace, key);
    },

    /**
     * `POST /api/translations/publish`: freezes the overrides as the next version and lays them on the server's own
     * texts at once (other instances follow within seconds, override-layer.ts). Answers the version.
     */
    async publish(actor: Actor): Promise<TranslationVersion> {
      const snapshot: Record<string, Record<string, Record<string, string>>> = {};
      for (const row of await repository.overrides()) {
        const byNamespace = snapshot[row.language] ?? {};
        const texts = byNamespace[row.namespace] ?? {};
        texts[row.key] = row.value;
        byNamespace[row.namespace] = texts;
        snapshot[row.language] = byNamespace;
      }
      const row = await repository.publish(snapshot, actor.accountId, now());
      await layer.refresh({ force: true });
      return {
        '@id': '/api/translations/version',
        '@type': 'TranslationVersion',
        version: row.version,
        published_at: formatZoned(row.publishedAt, actor.timezone),
        pending: 0,
        overridden: namespacesOf(snapshot),
      };
    },

    /**
     * `GET /api/translations/version`: the highest published version (0 before any), UTC date, and the namespaces
     * it overrides per language (what a browser fetches).
     */
    async version(): Promise<TranslationVersion> {
      const { version, publishedAt, overrides } = await published();
      return {
        '@id': '/api/translations/version',
        '@type': 'TranslationVersion',
        version,
        published_at: publishedAt ? publishedAt.toISOString() : null,
        overridden: namespacesOf(overrides),
      };
    },

    /** `GET /api/translations/published/{language}/{namespace}`: the published overrides of one catalogue, flat. */
    async published(language: string, namespace: string): Promise<PublishedTexts> {
      const { version, overrides } = await published();
      return { version, language, namespace, texts: overrides[language]?.[namespace] ?? {} };
    },

    /**
     * The import of `parsed` (translation-files.ts): each text sorted into new (no text in force), changed, unchanged
     * or conflict (fails the checks, or a plural group left without a form the language needs); keys the catalogues
     * do not have, or of languages the tool does not have, are listed in `unknown`. With `apply`, writes the new and
     * changed ones — only when there is no conflict, or `excludeConflicts` — else throws 409
     * `translation_import_conflicts` with the report in `report`. Nothing is written on a dry run.
     */
    async importTexts(
      actor: Actor,
      parsed: ParsedTranslations,
      options: { apply: boolean; excludeConflicts: boolean },
    ): Promise<TranslationImportReport> {
      const codes = await languageCodes();
      const overrides = indexOf(await repository.overrides());
      const report: TranslationImportReport = {
        format: parsed.format,
        applied: false,
        new: [],
        changed: [],
        conflicts: [],
        unchanged: 0,
        unknown: [],
      };
      const writes: OverrideValues[] = [];
      for (const text of parsed.texts) {
        const { language, namespace, key, value } = text;
        if (!codes.includes(language) || !isKnownKey(namespace, key)) {
          report.unknown.push(`${language}/${namespace}:${key}`);
          continue;
        }
        const state = textState(overrides, language, namespace, key);
        const checks = violationsOf(language, namespace, key, value);
        const entry = { language, namespace, key, value, current: state.value, codes: checks };
        if (checks.length > 0) report.conflicts.push(entry);
        else if (state.value === value) report.unchanged += 1;
        else {
          (state.value === null ? report.new : report.changed).push(entry);
          if (value !== state.bundled || state.override) {
            writes.push({ language, namespace, key, value, baseHash: baseHash(language, namespace, key) });
          }
        }
      }
      // a plural group the file gives some forms of must end up with its `_other` form, the one i18next falls back
      // to (as the catalogue test asks of the bundles); the rarer forms (French `_many`) only count as missing
      const given = new Set(parsed.texts.map((t) => id(t.language, t.namespace, t.key)));
      const groups = new Set<string>();
      for (const t of parsed.texts) {
        const { base, form } = splitPluralKey(t.key);
        if (form !== null && codes.includes(t.language) && isKnownKey(t.namespace, t.key)) {
          groups.add(id(t.language, t.namespace, base));
        }
      }
      for (const group of groups) {
        const [language = '', namespace = '', base = ''] = group.split('\u0000');
        const key = `${base}_other`;
        if (given.has(id(language, namespace, key))) continue;
        if (textState(overrides, language, namespace, key).value !== null) continue;
        report.conflicts.push({
          language,
          namespace,
          key,
          value: '',
          current: null,
          codes: ['translation_plural_forms_missing'],
        });
      }
      if (!options.apply) return report;
      if (report.conflicts.length > 0 && !options.excludeConflicts) {
        throw new AppError('translation_import_conflicts', { extra: { report } });
      }
      const conflicting = new Set(report.conflicts.map((c) => id(c.language, c.namespace, c.key)));
      await repository.upsert(
        writes.filter((w) => !conflicting.has(id(w.language, w.namespace, w.key))),
        actor.accountId,
        now(),
      );
      return { ...report, applied: true };
    },

    /**
     * The texts in force (bundled, drafts on top) for the export: language → namespace → key → text, for `languages`
     * (default all) and `namespace` (default all). Missing texts are left out.
     */
    async textsInForce(
      languages: string[] | undefined,
      namespace: string | undefined,
    ): Promise<{ languages: string[]; texts: Record<string, Record<string, Record<string, string>>> }> {
      const codes = await languageCodes();
      if (languages)
        for (const language of languages) if (!codes.includes(language)) throw notFound('language_not_found');
      const wanted = languages ?? codes;
      const overrides = indexOf(await repository.overrides());
      const texts: Record<string, Record<string, Record<string, string>>> = {};
      for (const language of wanted) {
        const byNamespace: Record<string, Record<string, string>> = {};
        for (const ns of namespace ? [namespace] : namespaces()) {
          const flat: Record<string, string> = {};
          for (const key of keysOf(language, ns)) {
            const value = textState(overrides, language, ns, key).value;
            if (value !== null) flat[key] = value;
          }
          byNamespace[ns] = flat;
        }
        texts[language] = byNamespace;
      }
      return { languages: wanted, texts };
    },
  };
}
export type TranslationsService = ReturnType<typeof createTranslationsService>;
