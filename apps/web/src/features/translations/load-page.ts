/**
 * One step between the router and the translation tool's screen (issue 14): the router's start-up chunk then lists
 * only this module's chunk, not every chunk the screen needs (ARCHITECTURE §6 budgets); this one lists them.
 */

/** Loads the `/translations` screen's module. */
export function loadTranslationsPage() {
  return import('./pages/translations-page');
}
