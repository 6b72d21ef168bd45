/**
 * Home's 'Upcoming services' (SPEC §2.7 "Overview/home: upcoming services", §9 "next 2 weeks"): the visits from today
 * to today + 14 days in the user's zone, grouped by day with their counts, a link to the Planning, an empty state with
 * 'new visit', skeleton and error states. A visit saved anywhere refreshes it (shared/api/resources).
 */
import type { Intervention } from '@isoptera/contracts';
import { ArrowRight, CalendarX, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { intlLocale } from '../../../shared/i18n/languages';
import { emit } from '../../../shared/lib/events';
import { Badge } from '../../../shared/ui/badge';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { InterventionTypeBadge } from '../../../shared/ui/status';
import { useUpcoming } from '../api/list-upcoming';
import { addDays, groupUpcoming, timeRange, upcomingWindow } from '../lib/upcoming';

function dayLabel(date: string, today: string, locale: string, t: (key: string) => string): string {
  if (date === today) return t('home:upcoming.today');
  if (date === addDays(today, 1)) return t('home:upcoming.tomorrow');
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function UpcomingRow({ intervention }: { intervention: Intervention }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSession();
  const time = timeRange(intervention.start_at, intervention.end_at, i18n.language, timeZone);
  const place = `${intervention.site.client.name} — ${intervention.site.name}`;
  return (
    <li>
      <AriaButton
        onPress={() => emit('openInterventionPanel', { interventionUlid: intervention.ulid })}
        className="flex w-full cursor-pointer flex-col gap-1.5 px-4 py-3 text-left outline-none hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset @2xl:flex-row @2xl:items-center @2xl:gap-4"
      >
        <span className="sr-only">{t('home:upcoming.openPrefix')}</span>
        <span className="w-36 shrink-0 text-sm font-semibold text-gray-900 tabular-nums">{time}</span>
        <span className="shrink-0 @2xl:w-44">
          <InterventionTypeBadge type={intervention.type} />
        </span>
        <span className="min-w-0 flex-1 truncate text-sm text-gray-800">{place}</span>
        <span className="flex flex-wrap gap-1">
          {intervention.interveners.map((member) => (
            <Badge key={member.ulid} dotColor={member.color ?? '#6b7280'}>
              {`${member.firstname} ${member.lastname}`}
            </Badge>
          ))}
        </span>
      </AriaButton>
    </li>
  );
}

/**
 * The list while it loads. Below `xl` the cards beside it on desktop (reports to process, contract visits) come under
 * it: the skeleton fills the screen there, so that they start below the fold and the loaded list pushes nothing the
 * user sees (no layout shift, ARCHITECTURE §6).
 */
function UpcomingSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="p-4 max-xl:min-h-svh">
      <p role="status" className="sr-only">
        {t('home:upcoming.loading')}
      </p>
      <div className="flex flex-col gap-4" aria-hidden>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The 'Upcoming services' card. */
export function UpcomingServices() {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSession();
  const range = upcomingWindow(timeZone);
  const query = useUpcoming(range.start, range.end);
  const days = useMemo(() => groupUpcoming(query.data?.items ?? [], timeZone), [query.data, timeZone]);
  const locale = intlLocale(i18n.language);
  const total = query.data?.total ?? 0;

  const planningHref = `/planning?start_date=${range.start}&end_date=${range.end}`;
  return (
    <Card
      flush
      title={t('home:upcoming.title')}
      actions={
        <ButtonLink href={planningHref} size="sm" variant="tertiary" icon={<ArrowRight size={16} aria-hidden />}>
          {t('home:upcoming.openPlanning')}
        </ButtonLink>
      }
    >
      {query.isPending ? (
        <UpcomingSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : total === 0 ? (
        <EmptyState
          icon={<CalendarX size={24} />}
          message={t('home:upcoming.empty')}
          action={
            <Button onPress={() => emit('openInterventionPanel', {})} icon={<Plus size={16} aria-hidden />}>
              {t('home:newVisit')}
            </Button>
          }
        />
      ) : (
        // the rows lay out by the card's width (it shares Home with the reports to process), not the window's
        <div aria-busy={query.isFetching || undefined} className="@container">
          <p className="border-b border-gray-200 px-4 py-2.5 text-sm text-gray-700">
            {t('home:upcoming.count', { count: total })}
          </p>
          {days.map((day) => {
            const headingId = `upcoming-${day.date}`;
            return (
              <section key={day.date} aria-labelledby={headingId} className="border-b border-gray-100 last:border-b-0">
                <div className="flex items-center justify-between gap-3 bg-gray-50 px-4 py-2">
                  <h3 id={headingId} className="text-sm font-semibold text-gray-900 first-letter:uppercase">
                    {dayLabel(day.date, range.start, locale, t)}
                  </h3>
                  <span className="text-xs text-gray-600">
                    {t('home:upcoming.dayCount', { count: day.items.length })}
                  </span>
                </div>
                <ul className="divide-y divide-gray-100">
                  {day.items.map((intervention) => (
                    <UpcomingRow key={intervention.ulid} intervention={intervention} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}
