/**
 * Keyboard navigation of a combobox's listbox (WAI-ARIA combobox pattern with `aria-activedescendant`):
 * ArrowDown/ArrowUp move the active option (opening the list first), PageDown/PageUp by {@link PAGE_SIZE} options,
 * Home/End to the first/last option of an open list (else they move the caret), Enter picks it, Escape closes the
 * list (and only the list: the key does not reach a panel around the picker). The caller scrolls the active option
 * into view (`activeIndex`).
 */
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';

/** Options moved over by PageUp and PageDown. */
export const PAGE_SIZE = 10;

export interface ComboboxNavigationOptions<T> {
  items: readonly T[];
  isOpen: boolean;
  open: () => void;
  close: () => void;
  pick: (item: T) => void;
}

export interface ComboboxNavigation {
  /** Index of the active option, -1 when none. */
  activeIndex: number;
  setActiveIndex: (index: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** Tracks the active option and handles the keys of the combobox input. */
export function useComboboxNavigation<T>({
  items,
  isOpen,
  open,
  close,
  pick,
}: ComboboxNavigationOptions<T>): ComboboxNavigation {
  const [activeIndex, setActiveIndex] = useState(-1);
  const count = items.length;

  useEffect(() => {
    setActiveIndex((index) => (index >= count ? count - 1 : index));
  }, [count]);

  useEffect(() => {
    if (!isOpen) setActiveIndex(-1);
  }, [isOpen]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          if (!isOpen) open();
          setActiveIndex((index) => (count === 0 ? -1 : Math.min(index + 1, count - 1)));
          break;
        case 'ArrowUp':
          event.preventDefault();
          if (!isOpen) open();
          setActiveIndex((index) => (count === 0 ? -1 : index <= 0 ? 0 : index - 1));
          break;
        case 'PageDown':
        case 'PageUp':
          event.preventDefault();
          if (!isOpen) open();
          setActiveIndex((index) => {
            if (count === 0) return -1;
            const next = event.key === 'PageDown' ? Math.max(index, 0) + PAGE_SIZE : index - PAGE_SIZE;
            return Math.min(Math.max(next, 0), count - 1);
          });
          break;
        case 'Home':
        case 'End':
          // in an open list they move the active option; otherwise they move the caret in the text
          if (isOpen && count > 0) {
            event.preventDefault();
            setActiveIndex(event.key === 'Home' ? 0 : count - 1);
          }
          break;
        case 'Enter': {
          const item = activeIndex >= 0 ? items[activeIndex] : undefined;
          if (isOpen && item !== undefined) {
            event.preventDefault();
            pick(item);
          }
          break;
        }
        case 'Escape':
          // closes the list only: a slide-over or dialog around the picker must not see the key
          if (isOpen) {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
          break;
        default:
          break;
      }
    },
    [activeIndex, close, count, isOpen, items, open, pick],
  );

  return { activeIndex, setActiveIndex, onKeyDown };
}
