/**
 * One step between the router and the fleet health screen (issue 15), as for the translation tool: the router's
 * start-up chunk then lists only this module's chunk, not every chunk the screen needs (ARCHITECTURE §6 budgets).
 */

/** Loads the `/fleet` screen's module. */
export function loadFleetHealthPage() {
  return import('./pages/fleet-health-page');
}
