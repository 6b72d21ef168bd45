/** What a matched route of the route table tells the layout, as react-router's `handle` (see `router.tsx`). */
export interface RouteHandle {
  /** Hides the header alone inside the shell (SPEC §2.3: the Translations screen). */
  hideHeader: boolean;
}

/** `true` when one of the matched routes hides the header (`useMatches()` gives the matches). */
export function headerHidden(matches: readonly { handle: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hideHeader === true);
}
