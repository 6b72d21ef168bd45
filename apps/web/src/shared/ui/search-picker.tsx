/**
 * Searchable picker, single or multiple (SPEC §4 "Pickers", §8, §9): options come from a debounced (250 ms) async
 * `loadOptions(query)`, called once on mount and again on each filter change; selected items are excluded from the
 * options; in single mode focusing the input clears the selection; the list closes 150 ms after blur; translated
 * 'loading' and 'no result' texts. Single mode emits the chosen id or '', multiple mode an array of ids.
 */
import { PICKER_CLOSE_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../api/error-message';
import { cn } from '../lib/cn';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Badge } from './badge';
import type { FieldBaseProps } from './field-parts';
import { Spinner } from './spinner';
import { useComboboxNavigation } from './use-combobox-navigation';

export interface PickerOption {
  id: string;
  label: string;
}

interface SearchPickerBaseProps extends FieldBaseProps {
  /** Loads the options matching `query` ('' = the first options); an empty or absent answer gives no option. */
  loadOptions: (query: string) => Promise<readonly PickerOption[] | null | undefined>;
  /** Labels of already selected ids (e.g. when editing), so they show before any search. */
  selectedOptions?: readonly PickerOption[];
  placeholder?: string;
  onBlur?: () => void;
  name?: string;
}

export interface SingleSearchPickerProps extends SearchPickerBaseProps {
  mode?: 'single';
  /** Selected id, '' for none. */
  value: string;
  onChange: (id: string) => void;
}

export interface MultipleSearchPickerProps extends SearchPickerBaseProps {
  mode: 'multiple';
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

export type SearchPickerProps = SingleSearchPickerProps | MultipleSearchPickerProps;

/** A combobox that searches options as the user types (SPEC §4 "Pickers"). */
export function SearchPicker(props: SearchPickerProps) {
  const {
    label,
    description,
    error,
    isRequired,
    isDisabled,
    className,
    loadOptions,
    selectedOptions,
    placeholder,
    name,
  } = props;
  const multiple = props.mode === 'multiple';
  const selectedIds = useMemo(
    () => (props.mode === 'multiple' ? [...props.value] : props.value ? [props.value] : []),
    [props.mode, props.value],
  );
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  const [query, setQuery] = useState('');
  const [isFocused, setFocused] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly PickerOption[]>([]);
  const [isLoading, setLoading] = useState(true);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const debouncedQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loadRef = useRef(loadOptions);
  loadRef.current = loadOptions;

  const remember = useCallback((items: readonly PickerOption[]) => {
    if (items.length === 0) return;
    setLabels((current) => {
      const next = { ...current };
      for (const item of items) next[item.id] = item.label;
      return next;
    });
  }, []);

  useEffect(() => remember(selectedOptions ?? []), [remember, selectedOptions]);

  // once on mount, then on each (debounced) filter change; a stale answer never replaces a newer one
  useEffect(() => {
    let current = true;
    setLoading(true);
    loadRef
      .current(debouncedQuery.trim())
      .then((items) => {
        if (!current) return;
        const list = items ?? [];
        setOptions(list);
        remember(list);
      })
      .catch(() => {
        if (current) setOptions([]);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [debouncedQuery, remember]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const visible = useMemo(() => options.filter((o) => !selectedIds.includes(o.id)), [options, selectedIds]);
  const isTyping = query !== debouncedQuery;

  const emit = useCallback(
    (ids: string[]) => {
      if (props.mode === 'multiple') props.onChange(ids);
      else props.onChange(ids[0] ?? '');
    },
    [props],
  );

  const pick = useCallback(
    (option: PickerOption) => {
      remember([option]);
      if (multiple) {
        emit([...selectedIds, option.id]);
        setQuery('');
      } else {
        emit([option.id]);
        setQuery('');
        setOpen(false);
      }
    },
    [emit, multiple, remember, selectedIds],
  );

  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const navigation = useComboboxNavigation({ items: visible, isOpen, open, close, pick });

  const onFocus = () => {
    clearTimeout(closeTimer.current);
    setFocused(true);
    setOpen(true);
    if (!multiple && selectedIds.length > 0) emit([]);
  };

  const onBlur = () => {
    setFocused(false);
    setQuery('');
    closeTimer.current = setTimeout(() => setOpen(false), PICKER_CLOSE_DELAY_MS);
    props.onBlur?.();
  };

  const singleLabel = !multiple && selectedIds[0] ? (labels[selectedIds[0]] ?? '') : '';
  const inputValue = isFocused || multiple ? query : singleLabel;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const activeId = navigation.activeIndex >= 0 ? `${id}-option-${navigation.activeIndex}` : undefined;
  const pending = isLoading || isTyping;
  const listRef = useRef<HTMLDivElement>(null);

  // the active option is kept in view as the keys move it (the list scrolls, not the page)
  useEffect(() => {
    const list = listRef.current;
    const option = activeId ? document.getElementById(activeId) : null;
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [activeId]);

  return (
    <div className={cn('relative flex flex-col', className)}>
      <label id={labelId} htmlFor={inputId} className="mb-1 block text-[13px] font-medium text-gray-800">
        {label}
        {isRequired ? (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      <div
        className={cn(
          'flex min-h-9 flex-wrap items-center gap-1 rounded-md border bg-white px-2 py-1 shadow-xs',
          'focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30',
          error ? 'border-red-600' : 'border-gray-300',
          isDisabled && 'cursor-not-allowed bg-gray-100',
        )}
      >
        {multiple
          ? selectedIds.map((selected) => (
              <Badge
                key={selected}
                tone="brand"
                onClose={isDisabled ? undefined : () => emit(selectedIds.filter((s) => s !== selected))}
                closeLabel={t('common:picker.remove', { label: labels[selected] ?? selected })}
              >
                {labels[selected] ?? selected}
              </Badge>
            ))
          : null}
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-activedescendant={isOpen ? activeId : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          disabled={isDisabled}
          placeholder={multiple && selectedIds.length > 0 ? undefined : (placeholder ?? t('common:picker.placeholder'))}
          value={inputValue}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (multiple && event.key === 'Backspace' && query === '' && selectedIds.length > 0) {
              emit(selectedIds.slice(0, -1));
              return;
            }
            navigation.onKeyDown(event);
          }}
          className="min-w-24 flex-1 bg-transparent px-1 py-1 text-sm text-gray-900 outline-none placeholder:text-gray-500 disabled:cursor-not-allowed"
        />
        <ChevronDown size={16} aria-hidden className="shrink-0 text-gray-500" />
      </div>
      {description ? (
        <p id={descriptionId} className="mt-1 text-[13px] text-gray-600">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-[13px] text-red-700">
          {translateErrorCode(error)}
        </p>
      ) : null}
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg',
          !isOpen && 'hidden',
        )}
      >
        <div
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          aria-multiselectable={multiple || undefined}
          className="relative max-h-64 overflow-y-auto py-1"
        >
          {pending
            ? null
            : visible.map((option, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input (aria-activedescendant)
                <div
                  key={option.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === navigation.activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => navigation.setActiveIndex(index)}
                  onClick={() => pick(option)}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-sm text-gray-800',
                    index === navigation.activeIndex && 'bg-brand-50 text-brand-900',
                  )}
                >
                  {option.label}
                </div>
              ))}
        </div>
        <div role="status" className={cn('px-3 text-sm text-gray-600', (pending || visible.length === 0) && 'py-2')}>
          {isOpen && pending ? (
            <span className="flex items-center gap-2">
              <Spinner size={20} label={null} />
              {t('common:picker.loading')}
            </span>
          ) : isOpen && visible.length === 0 ? (
            t('common:picker.noResult')
          ) : null}
        </div>
      </div>
    </div>
  );
}
