/** Debounce of search inputs (SPEC §5 / §9: 250 ms after the last keystroke). */
import { useEffect, useState } from 'react';

/** Returns `value` once it has stayed unchanged for `delayMs`; an empty string is passed through at once. */
export function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value.trim() === '') {
      setDebounced(value);
      return;
    }
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
