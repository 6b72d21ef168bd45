/**
 * The bundled catalogues (ARCHITECTURE §8): every `packages/i18n/locales/<lang>/<namespace>.json`, loaded on demand,
 * one language at a time. The build puts each language's files in one chunk (`locale-<lang>`, see vite.config.ts),
 * so a language costs one request and the start-up bundle holds no catalogue at all.
 * A feature adds its namespace by adding `<namespace>.json` in each language; nothing to register here.
 */

/** One catalogue file: a namespace's nested keys. */
export type Catalogue = Record<string, unknown>;

/** Catalogue loaders keyed by file path, as `import.meta.glob` returns them (nothing is fetched until called). */
export type CatalogueFiles = Record<string, () => Promise<Catalogue>>;

const files: CatalogueFiles = import.meta.glob<Catalogue>('../../../../../packages/i18n/locales/*/*.json', {
  import: 'default',
});

const CATALOGUE_PATH = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** The language and namespace of a catalogue path, or null for any other path. */
function parsePath(path: string): { language: string; namespace: string } | null {
  const match = CATALOGUE_PATH.exec(path);
  return match ? { language: match[1] as string, namespace: match[2] as string } : null;
}

/** Every namespace found in any language, sorted (read from the file names: nothing is loaded). */
export function namespacesOf(from: CatalogueFiles): string[] {
  const found = Object.keys(from).flatMap((path) => parsePath(path)?.namespace ?? []);
  return [...new Set(found)].sort();
}

/** Every bundled namespace (i18next must know them to split `ns.key`). */
export const namespaces: string[] = namespacesOf(files);

/** Loads the catalogues of one language, `{namespace: catalogue}`; the files of other languages are not fetched. */
export async function loadCatalogues(
  language: string,
  from: CatalogueFiles = files,
): Promise<Record<string, Catalogue>> {
  const wanted = Object.entries(from).flatMap(([path, load]) => {
    const parsed = parsePath(path);
    return parsed?.language === language ? [[parsed.namespace, load] as const] : [];
  });
  const loaded = await Promise.all(wanted.map(async ([namespace, load]) => [namespace, await load()] as const));
  return Object.fromEntries(loaded);
}
