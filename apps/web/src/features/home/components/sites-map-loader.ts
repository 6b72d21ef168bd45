/**
 * One step between Home and its sites map card (issue 15), as between the router and the translation tool: Home's
 * chunk then lists only this module's chunk, not every chunk the card needs (ARCHITECTURE §6 budgets).
 */

/** Loads the sites map card's module (its default export: the card with its on-demand texts). */
export function loadSitesMapCard() {
  return import('./sites-map-card');
}
