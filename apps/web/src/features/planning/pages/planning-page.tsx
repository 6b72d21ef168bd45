/**
 * Planning (`/planning`, SPEC §2.2, §2.7, §3 "Filters kept while browsing", §9): the team's interventions grouped by
 * start date, as a list or a week/month calendar; filters and view kept in the URL; 'new visit'; a visit opens the
 * panel in edit mode and can be deleted with or without an e-mail. A visit saved or deleted anywhere refreshes it (shared/api/resources).
 */
import type { Intervention } from '@isoptera/contracts';
import { CalendarDays, CalendarRange, List, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { useKeptSearchParams } from '../../../shared/forms/use-kept-search-params';
import { cn } from '../../../shared/lib/cn';
import { emit } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageHeader } from '../../../shared/ui/page-header';
import { DeleteInterventionDialog } from '../components/delete-intervention-dialog';
import { PlanningFilters } from '../components/planning-filters';
import { PlanningList } from '../components/planning-list';
import { dayIn } from '../lib/group-by-day';
import {
  type PlanningFilters as Filters,
  filtersOf,
  hasActiveFilters,
  type PlanningView,
  viewOf,
  withFilters,
} from '../lib/planning-filters';

const PlanningCalendar = lazy(async () => ({
  default: (await import('../components/planning-calendar')).PlanningCalendar,
}));

const VIEW_ICONS = { list: List, week: CalendarRange, month: CalendarDays } as const;

/** The Planning screen. */
export function PlanningPage() {
  const { t } = useTranslation();
  const { timeZone } = useSession();
  const [params, setParams] = useKeptSearchParams('planning');
  const today = dayIn(timeZone, new Date());
  const filters = useMemo(() => filtersOf(params, today), [params, today]);
  const view = viewOf(params);
  const [toDelete, setToDelete] = useState<Intervention | null>(null);

  const change = useCallback(
    (changes: Partial<Filters>) => setParams((current) => withFilters(current, changes), { replace: true }),
    [setParams],
  );
  const reset = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams();
          const v = current.get('view');
          if (v) next.set('view', v);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setView = (next: PlanningView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'list') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  const active = hasActiveFilters(filters, today);

  return (
    <>
      <PageHeader
        title={t('common:pages.planning')}
        description={t('planning:description')}
        actions={
          <>
            <ToggleButtonGroup
              aria-label={t('planning:views.label')}
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={[view]}
              onSelectionChange={(keys) => {
                const [key] = [...keys];
                if (key) setView(key as PlanningView);
              }}
              className="inline-flex rounded-md border border-gray-300 bg-white p-0.5 shadow-xs"
            >
              {(['list', 'week', 'month'] as const).map((id) => {
                const Icon = VIEW_ICONS[id];
                return (
                  <ToggleButton
                    key={id}
                    id={id}
                    className={({ isSelected }) =>
                      cn(
                        'inline-flex h-8 items-center gap-1.5 rounded px-3 text-[13px] font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                        isSelected ? 'bg-brand-700 text-white' : 'text-gray-700 hover:bg-gray-100',
                      )
                    }
                  >
                    <Icon size={16} aria-hidden />
                    {t(`planning:views.${id}`)}
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
            <Button onPress={() => emit('openInterventionPanel', {})} icon={<Plus size={16} aria-hidden />}>
              {t('planning:newVisit')}
            </Button>
          </>
        }
      />
      <PlanningFilters
        filters={filters}
        onChange={change}
        onReset={active ? reset : undefined}
        showDates={view === 'list'}
      />
      {view === 'list' ? (
        <PlanningList filters={filters} onDelete={setToDelete} onResetFilters={active ? reset : undefined} />
      ) : (
        <Suspense fallback={<FullPageLoader />}>
          <PlanningCalendar filters={filters} view={view} initialDate={filters.start_date ?? today} />
        </Suspense>
      )}
      <DeleteInterventionDialog intervention={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
