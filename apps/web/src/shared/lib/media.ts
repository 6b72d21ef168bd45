/** Viewport helpers for the mobile menu (SPEC §9: action delay of 350 ms on screens 1024 px wide or less). */
import { MOBILE_BREAKPOINT_PX, MOBILE_MENU_ACTION_DELAY_MS } from '@isoptera/contracts';

/** `true` on screens 1024 px wide or less. */
export function isMobileViewport(width = typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth) {
  return width <= MOBILE_BREAKPOINT_PX;
}

/** Delay before a mobile menu action runs, so that the menu closes visibly first (SPEC §9). */
export function menuActionDelay(width?: number): number {
  return isMobileViewport(width) ? MOBILE_MENU_ACTION_DELAY_MS : 0;
}
