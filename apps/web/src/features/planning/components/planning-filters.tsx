/**
 * Filters of the planning (SPEC §3 "Filters kept while browsing — Interventions: users, clients, start date, end
 * date, type"): technicians and clients (multiple pickers), first and last day, type. Kept in the URL by the page.
 */
import { INTERVENTION_TYPES } from '@isoptera/contracts';
import { RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { searchClientOptions } from '../../../shared/api/resources/clients';
import { searchMemberOptions } from '../../../shared/api/resources/members';
import { Button } from '../../../shared/ui/button';
import { DatePicker } from '../../../shared/ui/date-picker';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { useClientLabels, useMemberLabels } from '../api/filter-options';
import type { PlanningFilters as Filters } from '../lib/planning-filters';

const ALL_TYPES = 'all';

export interface PlanningFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  onReset?: () => void;
  /** The calendar chooses its own dates: the date filters are hidden then. */
  showDates: boolean;
}

/** The filter bar above the list or the calendar. */
export function PlanningFilters({ filters, onChange, onReset, showDates }: PlanningFiltersProps) {
  const { t } = useTranslation();
  const clientLabels = useClientLabels(filters.clients);
  const memberLabels = useMemberLabels(filters.users);
  const typeOptions = useMemo(
    () => [
      { id: ALL_TYPES, label: t('planning:filters.allTypes') },
      ...INTERVENTION_TYPES.map((value) => ({ id: value, label: t(`enums:intervention_type.${value}`) })),
    ],
    [t],
  );
  return (
    <section
      aria-label={t('planning:filters.label')}
      className="mb-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <SearchPicker
          mode="multiple"
          className="lg:col-span-2"
          label={t('planning:filters.users')}
          placeholder={t('planning:filters.usersPlaceholder')}
          value={filters.users}
          onChange={(users) => onChange({ users })}
          loadOptions={searchMemberOptions}
          selectedOptions={memberLabels}
        />
        <SearchPicker
          mode="multiple"
          className="lg:col-span-2"
          label={t('planning:filters.clients')}
          placeholder={t('planning:filters.clientsPlaceholder')}
          value={filters.clients}
          onChange={(clients) => onChange({ clients })}
          loadOptions={searchClientOptions}
          selectedOptions={clientLabels}
        />
        <Select
          className="lg:col-span-2"
          label={t('planning:filters.type')}
          options={typeOptions}
          value={filters.type ?? ALL_TYPES}
          onChange={(id) => onChange({ type: id && id !== ALL_TYPES ? (id as Filters['type']) : null })}
        />
        {showDates ? (
          <>
            <DatePicker
              className="lg:col-span-2"
              label={t('planning:filters.startDate')}
              value={filters.start_date}
              max={filters.end_date ?? undefined}
              onChange={(start_date) => onChange({ start_date })}
            />
            <DatePicker
              className="lg:col-span-2"
              label={t('planning:filters.endDate')}
              value={filters.end_date}
              min={filters.start_date ?? undefined}
              onChange={(end_date) => onChange({ end_date })}
            />
          </>
        ) : null}
        {onReset ? (
          <div className="flex items-end lg:col-span-2">
            <Button variant="tertiary" onPress={onReset} icon={<RotateCcw size={16} aria-hidden />}>
              {t('planning:filters.reset')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
