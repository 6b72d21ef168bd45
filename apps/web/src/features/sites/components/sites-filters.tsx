/**
 * Filter bar of the Sites screen (SPEC §3 "Filters kept while browsing"): name search (250 ms debounce), referents and
 * clients (multiple search pickers), status, treatment type, alert type and sort order. The state lives in the URL.
 */
import { ALERT_TYPES, SEARCH_DEBOUNCE_MS, SITE_STATUSES, TREATMENT_TYPES } from '@isoptera/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { FilterX, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { clientQueryOptions, searchClientOptions } from '../../../shared/api/resources/clients';
import { everyMemberQueryOptions, memberName, searchMemberOptions } from '../../../shared/api/resources/members';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Button } from '../../../shared/ui/button';
import { inputClasses } from '../../../shared/ui/field-parts';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { hasActiveSiteFilters, SITE_SORTS, type SiteFilters } from '../lib/site-filters';

const ALL = 'all';

export interface SitesFiltersProps {
  filters: SiteFilters;
  onChange: (patch: Partial<SiteFilters>) => void;
  onClear: () => void;
}

/** Labels of the referents and clients chosen in the URL, so the pickers show names after a reload. */
function useSelectedLabels(filters: SiteFilters) {
  const members = useQuery(everyMemberQueryOptions());
  const clients = useQueries({ queries: filters.clients.map((ulid) => clientQueryOptions(ulid)) });
  const memberOptions = useMemo(
    () =>
      (members.data?.list ?? [])
        .filter((m) => filters.users.includes(m.ulid))
        .map((m) => ({ id: m.ulid, label: memberName(m) })),
    [members.data, filters.users],
  );
  const clientNames = clients.map((c) => c.data?.name ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a name arrives (clientNames)
  const clientOptions = useMemo(
    () => clients.flatMap((c) => (c.data ? [{ id: c.data.ulid, label: c.data.name }] : [])),
    [clientNames],
  );
  return { memberOptions, clientOptions };
}

/** The filters of the site list. */
export function SitesFilters({ filters, onChange, onClear }: SitesFiltersProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(filters.name);
  const debounced = useDebouncedValue(name, SEARCH_DEBOUNCE_MS);
  const { memberOptions, clientOptions } = useSelectedLabels(filters);
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const latest = useRef(filters.name);
  latest.current = filters.name;

  // the URL changed elsewhere (clear, back button): show its name
  useEffect(() => setName(filters.name), [filters.name]);
  useEffect(() => {
    if (debounced.trim() !== latest.current.trim()) onChange({ name: debounced });
  }, [debounced, onChange]);

  const enumOptions = (values: readonly string[], namespace: string, allLabel: string) => [
    { id: ALL, label: allLabel },
    ...values.map((value) => ({ id: value, label: t(`enums:${namespace}.${value}`) })),
  ];

  const activeCount = [
    filters.users.length,
    filters.clients.length,
    filters.status,
    filters.treatmentType,
    filters.alertType,
  ].filter(Boolean).length;

  return (
    <section
      aria-label={t('sites:filters.label')}
      className="mb-6 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField value={name} onChange={setName} className="flex flex-col">
          <Label className="mb-1 block text-[13px] font-medium text-gray-800">{t('sites:filters.name')}</Label>
          <div className="relative">
            <Search
              size={16}
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500"
            />
            <Input type="search" placeholder={t('sites:filters.namePlaceholder')} className={`${inputClasses} pl-9`} />
          </div>
        </TextField>
        <Button
          variant="white"
          className="sm:hidden"
          onPress={() => setOpen((open) => !open)}
          aria-expanded={isOpen}
          aria-controls={panelId}
          icon={<SlidersHorizontal size={16} aria-hidden />}
        >
          {activeCount ? t('sites:filters.moreActive', { count: activeCount }) : t('sites:filters.more')}
        </Button>
        <div id={panelId} className={isOpen ? 'contents' : 'hidden sm:contents'}>
          <SearchPicker
            mode="multiple"
            label={t('sites:filters.referents')}
            value={filters.users}
            onChange={(users) => onChange({ users })}
            loadOptions={searchMemberOptions}
            selectedOptions={memberOptions}
            placeholder={t('sites:filters.referentsPlaceholder')}
          />
          <SearchPicker
            mode="multiple"
            label={t('sites:filters.clients')}
            value={filters.clients}
            onChange={(clients) => onChange({ clients })}
            loadOptions={searchClientOptions}
            selectedOptions={clientOptions}
            placeholder={t('sites:filters.clientsPlaceholder')}
          />
          <Select
            label={t('sites:filters.sort')}
            value={filters.sort}
            onChange={(sort) =>
              onChange({
                sort: (SITE_SORTS as readonly string[]).includes(sort) ? (sort as SiteFilters['sort']) : 'name_asc',
              })
            }
            options={SITE_SORTS.map((sort) => ({ id: sort, label: t(`sites:sort.${sort}`) }))}
          />
          <Select
            label={t('sites:filters.status')}
            value={filters.status || ALL}
            onChange={(status) => onChange({ status: status === ALL ? '' : status })}
            options={enumOptions(SITE_STATUSES, 'site_status', t('sites:filters.allStatuses'))}
          />
          <Select
            label={t('sites:filters.treatmentType')}
            value={filters.treatmentType || ALL}
            onChange={(treatmentType) => onChange({ treatmentType: treatmentType === ALL ? '' : treatmentType })}
            options={enumOptions(TREATMENT_TYPES, 'treatment_type', t('sites:filters.allTreatmentTypes'))}
          />
          <Select
            label={t('sites:filters.alertType')}
            value={filters.alertType || ALL}
            onChange={(alertType) => onChange({ alertType: alertType === ALL ? '' : alertType })}
            options={enumOptions(ALERT_TYPES, 'alert_type', t('sites:filters.allAlertTypes'))}
          />
          <div className="flex items-end">
            <Button
              variant="tertiary"
              onPress={onClear}
              isDisabled={!hasActiveSiteFilters(filters)}
              icon={<FilterX size={16} aria-hidden />}
            >
              {t('sites:filters.clear')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
