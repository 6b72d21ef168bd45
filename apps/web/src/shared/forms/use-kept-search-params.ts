/**
 * The state of a list screen kept while browsing (SPEC §3 "Filters kept while browsing"; ADR 015): the screen's
 * filters, sort, search and page live in its URL (shareable, Back works), and are also kept per screen for the
 * session (`sessionStorage`, one tab, per space), so that coming back to the screen from another one — by the menu,
 * whose links carry no parameters — finds them again.
 *
 * A drop-in replacement for react-router's `useSearchParams` in the list screens (planning, sites, clients, users,
 * reports, and a site's equipment list, kept per site): on arrival without any parameter the kept ones are used at once (no request with empty filters) and put
 * back in the URL (history replaced); every later change of the parameters is kept. Arriving with parameters (a link
 * from another screen, a shared URL) uses those and keeps them.
 */
import { useEffect, useRef, useState } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';
import { useSession } from '../auth/session';

export interface KeptSearchParamsOptions {
  /** Parameters that are not kept (they open a panel or act once, e.g. `report`, `createForClient`). */
  omit?: readonly string[];
}

const PREFIX = 'isoptera.list';
/** Never kept: the interface language of a link (`?lang=`, SPEC §2.1) is not a filter. */
const ALWAYS_OMITTED = ['lang'];

/** The `sessionStorage` key of a screen's kept parameters in a space. */
export function keptParamsKey(screen: string, space: string): string {
  return `${PREFIX}.${space}.${screen}`;
}

function readKept(key: string): URLSearchParams | null {
  try {
    const stored = window.sessionStorage.getItem(key);
    return stored ? new URLSearchParams(stored) : null;
  } catch {
    return null; // storage refused (privacy mode): nothing kept
  }
}

function writeKept(key: string, params: URLSearchParams, omit: readonly string[]): void {
  const kept = new URLSearchParams(params);
  for (const name of [...ALWAYS_OMITTED, ...omit]) kept.delete(name);
  try {
    window.sessionStorage.setItem(key, kept.toString());
  } catch {
    // storage full or refused: the URL still holds the state
  }
}

/**
 * `useSearchParams` for the list screen `screen` (e.g. `'sites'`), its parameters kept for the session. Returns the
 * parameters in effect and react-router's setter.
 */
export function useKeptSearchParams(
  screen: string,
  { omit = [] }: KeptSearchParamsOptions = {},
): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { actor } = useSession();
  const key = keptParamsKey(screen, actor?.space?.['@id'] ?? 'admin');
  const [kept] = useState(() => (params.size === 0 ? readKept(key) : null));
  // true until the kept parameters are in the URL
  const restoring = useRef(kept !== null && kept.size > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (restoring.current && kept) setParams(kept, { replace: true });
  }, []);

  const omitted = omit.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `omitted` stands for `omit`
  useEffect(() => {
    if (restoring.current) {
      if (params.size === 0) return; // the kept parameters are on their way to the URL
      restoring.current = false;
    }
    writeKept(key, params, omit);
  }, [params, key, omitted]);

  return [restoring.current && params.size === 0 && kept ? kept : params, setParams];
}
