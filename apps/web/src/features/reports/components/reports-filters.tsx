/**
 * The filter bar of the Reports screen (issue 12 "Screens": filters client, site, type, period, and the search): the
 * client picker, the sites of that client (or all), the report type, the period of the visit's end (the date range
 * picker) and the search on client and site names (debounced 250 ms). On a phone the filters other than the search
 * fold behind a button that counts the active ones, as on the Sites screen. The state lives in the URL (the page).
 */
import { REPORT_TYPES, SEARCH_DEBOUNCE_MS } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { FilterX, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientQueryOptions, searchClientOptions } from '../../../shared/api/resources/clients';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button } from '../../../shared/ui/button';
import { DateRangePicker } from '../../../shared/ui/date-picker';
import { SearchInput } from '../../../shared/ui/search-input';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { hasActiveReportFilters, type ReportFilters } from '../lib/report-filters';

const ALL = 'all';

export interface ReportsFiltersProps {
  filters: ReportFilters;
  /** A change of filters (the page goes back to 1). */
  onChange: (patch: Partial<ReportFilters>) => void;
  onClear: () => void;
}

/** The filters above the reports list. */
export function ReportsFilters({ filters, onChange, onClear }: ReportsFiltersProps) {
  const { t } = useTranslation();
  const client = useQuery(clientQueryOptions(filters.client));
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const latest = useRef(filters.search);
  latest.current = filters.search;

  // the URL changed elsewhere (clear, Back): the box shows it
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (debounced.trim() !== latest.current.trim()) onChange({ search: debounced });
  }, [debounced, onChange]);

  const clientOptions = useMemo(
    () => (client.data ? [{ id: client.data.ulid, label: client.data.name }] : []),
    [client.data],
  );
  const siteOptions = useMemo(
    () => [
      { id: ALL, label: t('reports:screen.filters.allSites') },
      ...(client.data?.sites ?? []).map((site) => ({ id: site.ulid, label: site.name })),
    ],
    [client.data, t],
  );
  const typeOptions = useMemo(
    () => [
      { id: ALL, label: t('reports:screen.filters.allTypes') },
      ...REPORT_TYPES.map((type) => ({ id: type, label: t(`enums:report_type.${type}`) })),
    ],
    [t],
  );

  const activeCount = [filters.client, filters.site, filters.type, filters.from || filters.to].filter(Boolean).length;

  return (
    <section
      aria-label={t('reports:screen.filters.label')}
      className="mb-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-6">
        <SearchInput
          className="sm:col-span-2"
          label={t('reports:screen.filters.search')}
          placeholder={t('reports:screen.filters.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <Button
          variant="white"
          className="sm:hidden"
          onPress={() => setOpen((open) => !open)}
          aria-expanded={isOpen}
          aria-controls={panelId}
          icon={<SlidersHorizontal size={16} aria-hidden />}
        >
          {activeCount
            ? t('reports:screen.filters.moreActive', { count: activeCount })
            : t('reports:screen.filters.more')}
        </Button>
        <div id={panelId} className={isOpen ? 'contents' : 'hidden sm:contents'}>
          <SearchPicker
            className="xl:col-span-2"
            label={t('reports:screen.filters.client')}
            placeholder={t('reports:screen.filters.clientPlaceholder')}
            value={filters.client}
            onChange={(ulid) => onChange({ client: ulid, site: '' })}
            loadOptions={searchClientOptions}
            selectedOptions={clientOptions}
          />
          <Select
            className="xl:col-span-2"
            label={t('reports:screen.filters.site')}
            description={filters.client ? undefined : t('reports:screen.filters.siteHint')}
            isDisabled={!filters.client}
            value={filters.site || ALL}
            onChange={(site) => onChange({ site: site === ALL ? '' : site })}
            options={siteOptions}
          />
          <Select
            className="xl:col-span-2"
            label={t('reports:screen.filters.type')}
            value={filters.type || ALL}
            onChange={(type) => onChange({ type: type === ALL ? '' : (type as ReportFilters['type']) })}
            options={typeOptions}
          />
          <DateRangePicker
            className="xl:col-span-2"
            label={t('reports:screen.filters.period')}
            value={filters.from && filters.to ? { start: filters.from, end: filters.to } : null}
            onChange={(range) => onChange({ from: range?.start ?? '', to: range?.end ?? '' })}
          />
          <div className="flex items-end xl:col-span-2">
            <Button
              variant="tertiary"
              onPress={onClear}
              isDisabled={!hasActiveReportFilters(filters)}
              icon={<FilterX size={16} aria-hidden />}
            >
              {t('reports:screen.filters.clear')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
