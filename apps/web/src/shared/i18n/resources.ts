/**
 * The bundled catalogues (ARCHITECTURE §8): every `packages/i18n/locales/<lang>/<namespace>.json`, loaded eagerly.
 * A feature adds its namespace by adding `<namespace>.json` in each language; nothing to register here.
 */
import type { Resource } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../../../../../packages/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Builds `{lang: {namespace: catalogue}}` from glob results keyed by file path. */
export function toResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, catalogue] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    (resources[language] as Record<string, unknown>)[namespace] = catalogue;
  }
  return resources;
}

/** All bundled catalogues. */
export const resources: Resource = toResources(files);

/** Every namespace found in any language, sorted (i18next must know them to split `ns.key`). */
export const namespaces: string[] = [...new Set(Object.values(resources).flatMap((ns) => Object.keys(ns)))].sort();
