/**
 * `useMediaQuery(query)`: whether a CSS media query (e.g. `'(max-width: 639px)'`) matches now, re-rendering when it
 * changes (resize, rotation). Without `window.matchMedia` (server, some test environments) it answers `false`.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The media query under which the app lays out for phones (Tailwind's `sm` breakpoint is 640 px). */
export const PHONE_QUERY = '(max-width: 639px)';

/** Whether `query` matches, kept in step with the viewport. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
