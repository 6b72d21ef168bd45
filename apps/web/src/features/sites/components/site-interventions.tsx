/**
 * The visits of a site on its detail page (`GET /api/interventions?site.ulid=…`): coming ones first (soonest first),
 * then past ones (latest first), a recorded one with its report's status (issue 12). The section hides itself when the
 * call fails. A visit opens the intervention panel.
 */
import type { Intervention } from '@isoptera/contracts';
import { CalendarDays, CalendarPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { emit } from '../../../shared/lib/events';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ReportStatusBadge } from '../../../shared/ui/report-status';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { InterventionTypeBadge } from '../../../shared/ui/status';
import { useSiteInterventions } from '../api/get-site-interventions';
import { ReferentChip } from './site-badges';

/** Coming visits (soonest first), then past ones (latest first). */
export function orderVisits(
  visits: readonly Intervention[],
  now: number = Date.now(),
): { coming: Intervention[]; past: Intervention[] } {
  const time = (v: Intervention) => new Date(v.start_at).getTime();
  return {
    coming: visits.filter((v) => time(v) >= now).sort((a, b) => time(a) - time(b)),
    past: visits.filter((v) => time(v) < now).sort((a, b) => time(b) - time(a)),
  };
}

function VisitRow({ visit }: { visit: Intervention }) {
  const format = useFormat();
  return (
    <li>
      <button
        type="button"
        onClick={() => emit('openInterventionPanel', { interventionUlid: visit.ulid })}
        className="flex w-full flex-col gap-1 px-4 py-3 text-left outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:flex-row sm:items-center sm:justify-between"
      >
        <span className="flex flex-col">
          <span className="flex flex-wrap gap-1.5 self-start">
            <InterventionTypeBadge type={visit.type} />
            {visit.report ? <ReportStatusBadge status={visit.report.status} /> : null}
          </span>
          <span className="text-[13px] text-gray-700">
            {format.dateTime(visit.start_at)} – {format.time(visit.end_at)}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          {visit.interveners.map((member) => (
            <ReferentChip key={member.ulid} referent={member} />
          ))}
        </span>
      </button>
    </li>
  );
}

/** The visits section; `onSchedule` opens the panel for a new visit. */
export function SiteInterventions({ siteUlid, onSchedule }: { siteUlid: string; onSchedule: () => void }) {
  const { t } = useTranslation();
  const query = useSiteInterventions(siteUlid);
  const visits = useMemo(() => orderVisits(query.data?.['hydra:member'] ?? []), [query.data]);
  if (query.isError) return null;
  const total = query.data?.['hydra:totalItems'] ?? 0;
  return (
    <Card title={t('sites:detail.visits')} flush>
      {query.isLoading ? (
        <div className="p-4">
          <SkeletonLines lines={3} />
        </div>
      ) : total === 0 ? (
        <EmptyState
          icon={<CalendarDays size={24} />}
          message={t('sites:detail.noVisits')}
          action={
            <Button variant="secondary" onPress={onSchedule} icon={<CalendarPlus size={16} aria-hidden />}>
              {t('sites:detail.scheduleFirstVisit')}
            </Button>
          }
        />
      ) : (
        <div className="divide-y divide-gray-200">
          {visits.coming.length ? (
            <div>
              <h3 className="bg-gray-50 px-4 py-2 text-xs font-semibold text-gray-700 uppercase">
                {t('sites:detail.comingVisits')}
              </h3>
              <ul className="divide-y divide-gray-100">
                {visits.coming.map((visit) => (
                  <VisitRow key={visit.ulid} visit={visit} />
                ))}
              </ul>
            </div>
          ) : null}
          {visits.past.length ? (
            <div>
              <h3 className="bg-gray-50 px-4 py-2 text-xs font-semibold text-gray-700 uppercase">
                {t('sites:detail.pastVisits')}
              </h3>
              <ul className="divide-y divide-gray-100">
                {visits.past.map((visit) => (
                  <VisitRow key={visit.ulid} visit={visit} />
                ))}
              </ul>
            </div>
          ) : null}
          {total > visits.coming.length + visits.past.length ? (
            <p className="px-4 py-3 text-sm text-gray-700">
              {t('common:pagination.displayedOfTotal', { displayed: visits.coming.length + visits.past.length, total })}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
