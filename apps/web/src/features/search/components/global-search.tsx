/**
 * Global search of the header, PCO space only (SPEC §2.4, §5): sent 250 ms after the last keystroke and only for a
 * non-empty query; clearing empties the results. Each result shows the client name with the match highlighted and the
 * last-updated date; picking one opens Clients with it selected; 'See all results (total)' appears when the list is
 * shorter than the total. On Clients already, a `clientsSearch` event is broadcast instead of navigating.
 */
import { SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clientSearchQueryOptions } from '../../../shared/api/resources/clients';
import { cn } from '../../../shared/lib/cn';
import { emit } from '../../../shared/lib/events';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useFormat } from '../../../shared/lib/use-format';
import { Highlight } from '../../../shared/ui/highlight';
import { Spinner } from '../../../shared/ui/spinner';
import { useComboboxNavigation } from '../../../shared/ui/use-combobox-navigation';

const CLIENTS_PATH = '/clients';

type Entry = { kind: 'client'; ulid: string; name: string; lastUpdatedAt: string } | { kind: 'all'; total: number };

/** The search box and its results dropdown. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const term = debounced.trim();
  const search = useQuery(clientSearchQueryOptions(term));
  const hasQuery = query.trim() !== '';
  const isSearching = hasQuery && (query !== debounced || search.isFetching);

  const entries = useMemo<Entry[]>(() => {
    if (!hasQuery || isSearching || !search.data) return [];
    const list: Entry[] = search.data.list.map((c) => ({
      kind: 'client',
      ulid: c.ulid,
      name: c.name,
      lastUpdatedAt: c.last_updated_at,
    }));
    if (search.data.list.length < search.data.total) list.push({ kind: 'all', total: search.data.total });
    return list;
  }, [hasQuery, isSearching, search.data]);

  const reset = useCallback(() => {
    setQuery('');
    setOpen(false);
  }, []);

  const pick = useCallback(
    (entry: Entry) => {
      const onClients = pathname === CLIENTS_PATH;
      if (entry.kind === 'client') {
        if (onClients) emit('clientsSearch', { clientUlid: entry.ulid });
        else void navigate(`${CLIENTS_PATH}?${new URLSearchParams({ defaultSelectedClientUlid: entry.ulid })}`);
      } else {
        if (onClients) emit('clientsSearch', { search: term });
        else void navigate(`${CLIENTS_PATH}?${new URLSearchParams({ defaultSearch: term })}`);
      }
      reset();
      inputRef.current?.blur();
    },
    [navigate, pathname, reset, term],
  );

  const navigation = useComboboxNavigation({
    items: entries,
    isOpen: isOpen && hasQuery,
    open: () => setOpen(true),
    close: () => setOpen(false),
    pick,
  });

  const showPopup = isOpen && hasQuery;
  const clientCount = entries.filter((e) => e.kind === 'client').length;
  const activeId = navigation.activeIndex >= 0 ? `${id}-option-${navigation.activeIndex}` : undefined;

  return (
    <div className="relative w-full max-w-md">
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search:label')}
      </label>
      <div className="flex h-9 items-center gap-2 rounded-md border border-gray-300 bg-gray-50 px-2.5 focus-within:border-brand-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-600/30">
        <Search size={16} aria-hidden className="shrink-0 text-gray-500" />
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showPopup}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={showPopup ? activeId : undefined}
          placeholder={t('search:placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={navigation.onKeyDown}
          className="min-w-0 flex-1 bg-transparent text-sm text-gray-900 outline-none placeholder:text-gray-500"
        />
        {query ? (
          <button
            type="button"
            aria-label={t('search:clear')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setQuery('');
              inputRef.current?.focus();
            }}
            className="rounded p-0.5 text-gray-500 outline-none hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <X size={16} aria-hidden />
          </button>
        ) : null}
      </div>
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg sm:min-w-80',
          !showPopup && 'hidden',
        )}
      >
        <div
          id={`${id}-listbox`}
          role="listbox"
          aria-label={t('search:resultsLabel')}
          className="max-h-96 overflow-y-auto py-1"
        >
          {entries.map((entry, index) => {
            const active = index === navigation.activeIndex;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input (aria-activedescendant)
              <div
                key={entry.kind === 'client' ? entry.ulid : 'all'}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={active}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => navigation.setActiveIndex(index)}
                onClick={() => pick(entry)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  entry.kind === 'all' && 'border-t border-gray-100 font-medium text-brand-800',
                  active && 'bg-brand-50',
                )}
              >
                {entry.kind === 'client' ? (
                  <>
                    <span className="block truncate text-gray-900">
                      <Highlight text={entry.name} query={term} />
                    </span>
                    <span className="block text-xs text-gray-600">
                      {t('search:lastUpdated', { date: format.date(entry.lastUpdatedAt) })}
                    </span>
                  </>
                ) : (
                  t('search:seeAll', { total: entry.total })
                )}
              </div>
            );
          })}
        </div>
        <div role="status" className="text-sm text-gray-600">
          {showPopup && isSearching ? (
            <span className="flex items-center gap-2 px-3 py-2">
              <Spinner size={20} label={null} />
              {t('search:inProgress')}
            </span>
          ) : showPopup && search.isError ? (
            <span className="block px-3 py-2">{t('errors:fallback')}</span>
          ) : showPopup && clientCount === 0 ? (
            <span className="block px-3 py-2">{t('search:noResult')}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
