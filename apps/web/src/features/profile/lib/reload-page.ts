/**
 * Reloads the page after a language or time zone change (SPEC §4 "Profile"), so that every screen starts again with
 * the new setting. A `lang` query parameter is dropped first: it would otherwise override the saved language (SPEC §9).
 */
export function reloadPage(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url);
  }
  window.location.reload();
}
