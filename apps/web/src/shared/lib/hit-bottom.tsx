/**
 * The 'hit bottom' flag (SPEC §2.3): raised when the main area is scrolled to within 15 px of its bottom, reset on
 * each route change. Lists use it to load their next page.
 */
import { HIT_BOTTOM_THRESHOLD_PX } from '@isoptera/contracts';
import { createContext, useContext } from 'react';

export interface HitBottomState {
  /** `true` once the main area reached its bottom since the last route change or reset. */
  hitBottom: boolean;
  /** Lowers the flag (e.g. after loading the next page). */
  resetHitBottom: () => void;
}

export const HitBottomContext = createContext<HitBottomState>({ hitBottom: false, resetHitBottom: () => {} });

/** Reads the hit-bottom flag of the main area (SPEC §2.3). */
export function useHitBottom(): HitBottomState {
  return useContext(HitBottomContext);
}

/** `true` when a scroll container is within the threshold (15 px) of its bottom. */
export function isNearBottom(
  element: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = HIT_BOTTOM_THRESHOLD_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}
