/**
 * The two groups of catalogues (ARCHITECTURE §6 budgets, §8): 'start', the namespaces of the screens shown without a
 * session (login, error screens, DownloadApp, the loaders), loaded before the first render; 'shell', every other
 * namespace, loaded with the authenticated shell. The build puts each group of each language in one chunk
 * (vite.config.ts), so that the login route fetches only the start group of the active language.
 * A feature's new namespace falls in 'shell' by itself; add it to start-namespaces.json (read by vite.config.ts too)
 * only if a screen without a session shows it.
 */
import startNamespaces from './start-namespaces.json';

export type CatalogueGroup = 'start' | 'shell';

/** Every group, in loading order. */
export const CATALOGUE_GROUPS: readonly CatalogueGroup[] = ['start', 'shell'];

/** The namespaces of the screens shown without a session. */
export const START_NAMESPACES: readonly string[] = startNamespaces;

/** The group of a namespace. */
export function catalogueGroupOf(namespace: string): CatalogueGroup {
  return START_NAMESPACES.includes(namespace) ? 'start' : 'shell';
}
