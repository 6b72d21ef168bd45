/**
 * The bundled catalogues (ARCHITECTURE §8): every `packages/i18n/locales/<lang>/<namespace>.json`, loaded on demand,
 * one language at a time and one group of namespaces at a time (catalogue-groups.ts). The build puts each group of
 * each language in one chunk (`locale-<lang>` for the start group, `shell-locale-<lang>` for the shell group, see
 * vite.config.ts), so a group costs one request and the start-up bundle holds no catalogue at all.
 * A feature adds its namespace by adding `<namespace>.json` in each language; nothing to register here.
 */
import { type CatalogueGroup, catalogueGroupOf } from './catalogue-groups';

/** One catalogue file: a namespace's nested keys. */
export type Catalogue = Record<string, unknown>;

/** Catalogue loaders keyed by file path, as `import.meta.glob` returns them (nothing is fetched until called). */
export type CatalogueFiles = Record<string, () => Promise<Catalogue>>;

// keys relative to the locales directory (`./fr/auth.json`): shorter in the start-up bundle than the full path;
// `mail` holds the server's e-mail texts, which the web app never shows: it stays out of the bundles;
// the namespaces of on-demand-namespaces.json (`legal`, `equipment`, `alerts`, `reports`, `products`,
// `spaces`, `spaceParameters`, `users`, `clients`, `sites`, `planning`, `clientImport`,
// `contracts`, `easyConnect`, `componentTest`,
// `translations`, `overview`, `interventions`) are loaded by the screens that show them
// (on-demand-catalogue.ts), in neither group, so that neither budget grows (ARCHITECTURE §6)
const files: CatalogueFiles = import.meta.glob<Catalogue>(
  [
    './*/*.json',
    '!./*/mail.json',
    '!./*/legal.json',
    '!./*/equipment.json',
    '!./*/alerts.json',
    '!./*/reports.json',
    '!./*/products.json',
    '!./*/spaces.json',
    '!./*/spaceParameters.json',
    '!./*/users.json',
    '!./*/clients.json',
    '!./*/sites.json',
    '!./*/planning.json',
    '!./*/clientImport.json',
    '!./*/contracts.json',
    '!./*/easyConnect.json',
    '!./*/componentTest.json',
    '!./*/translations.json',
    '!./*/overview.json',
    '!./*/interventions.json',
  ],
  {
    base: '../../../../../packages/i18n/locales',
    import: 'default',
  },
);

const CATALOGUE_PATH = /(?:^|\/)([^/]+)\/([^/]+)\.json$/;

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

/**
 * Loads the catalogues of one language, `{namespace: catalogue}`, restricted to one group when given; the files of
 * other languages and other groups are not fetched.
 */
export async function loadCatalogues(
  language: string,
  group?: CatalogueGroup,
  from: CatalogueFiles = files,
): Promise<Record<string, Catalogue>> {
  const wanted = Object.entries(from).flatMap(([path, load]) => {
    const parsed = parsePath(path);
    if (parsed?.language !== language) return [];
    return group === undefined || catalogueGroupOf(parsed.namespace) === group
      ? [[parsed.namespace, load] as const]
      : [];
  });
  const loaded = await Promise.all(wanted.map(async ([namespace, load]) => [namespace, await load()] as const));
  return Object.fromEntries(loaded);
}
