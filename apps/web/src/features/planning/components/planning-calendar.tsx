/**
 * The planning as a week or month calendar (FullCalendar 6). The calendar shows wall times of the user's zone: it runs
 * in 'UTC' and receives each visit's wall time as if it were UTC (no time-zone plugin needed), with "now" shifted the
 * same way. It loads its visible range through `start_date`/`end_date`; an event takes its first intervener's colour;
 * the locale follows the interface language; clicking a visit opens the panel in edit mode. On phones (`PHONE_QUERY`,
 * under 640 px) the week view shows three days, so each column stays readable at 390 px (SPEC §2.7); an event's text
 * is cut with an ellipsis and its full text is the element's title.
 */
import type { DatesSetArg, EventClickArg, EventContentArg, EventInput, LocaleInput } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import jaLocale from '@fullcalendar/core/locales/ja';
import ptLocale from '@fullcalendar/core/locales/pt';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Language } from '@isoptera/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { toLanguage } from '../../../shared/i18n/languages';
import { emit } from '../../../shared/lib/events';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/lib/use-media-query';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { usePlanningRange } from '../api/list-interventions';
import { addDays } from '../lib/group-by-day';
import type { PlanningFilters } from '../lib/planning-filters';

const LOCALES: Record<Language, LocaleInput> = {
  fr: frLocale,
  en: enGbLocale,
  ja: jaLocale,
  it: itLocale,
  pt: ptLocale,
};
const FALLBACK_COLOR = '#175636';
/** FullCalendar's theme variables set to the design system (white buttons, brand accents, grey borders). */
const THEME = {
  '--fc-border-color': '#e5e7eb',
  '--fc-button-bg-color': '#ffffff',
  '--fc-button-border-color': '#d1d5db',
  '--fc-button-text-color': '#1f2937',
  '--fc-button-hover-bg-color': '#f3f4f6',
  '--fc-button-hover-border-color': '#d1d5db',
  '--fc-button-active-bg-color': '#eef7f1',
  '--fc-button-active-border-color': '#175636',
  '--fc-today-bg-color': 'rgba(23, 86, 54, 0.07)',
  '--fc-now-indicator-color': '#b91c1c',
  '--fc-event-border-color': 'transparent',
} as CSSProperties;

/** The wall time of `instant` in `timeZone`, written as a UTC ISO string (what the 'UTC' calendar displays). */
export function asCalendarTime(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}Z`;
}

/** FullCalendar's view for the planning's view on this screen size: three days instead of seven on phones. */
export function calendarView(view: 'week' | 'month', phone: boolean): string {
  if (view === 'month') return 'dayGridMonth';
  return phone ? 'timeGridThreeDay' : 'timeGridWeek';
}

/** The views the calendar knows beyond the plugins' own: three days, moving three days at a time. */
const VIEWS = {
  timeGridThreeDay: { type: 'timeGrid', duration: { days: 3 }, dayHeaderFormat: { weekday: 'short', day: 'numeric' } },
} as const;

/** An event's time and text on one line each, cut with an ellipsis; the full text is the title (tooltip). */
function EventContent({ arg }: { arg: EventContentArg }) {
  const label = arg.timeText ? `${arg.timeText} ${arg.event.title}` : arg.event.title;
  if (arg.view.type === 'dayGridMonth') {
    return (
      <div className="planning-event min-w-0 truncate px-0.5" title={label}>
        {label}
      </div>
    );
  }
  return (
    <div className="planning-event min-w-0 overflow-hidden px-0.5 leading-tight" title={label}>
      {arg.timeText ? <div className="truncate">{arg.timeText}</div> : null}
      <div className="truncate font-medium">{arg.event.title}</div>
    </div>
  );
}

export interface PlanningCalendarProps {
  filters: PlanningFilters;
  view: 'week' | 'month';
  /** The first day to show (YYYY-MM-DD). */
  initialDate: string;
}

/** The calendar view of the planning. */
export function PlanningCalendar({ filters, view, initialDate }: PlanningCalendarProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useSession();
  const calendar = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [title, setTitle] = useState('');
  const api = () => calendar.current?.getApi();
  const query = usePlanningRange(filters, range);
  const phone = useMediaQuery(PHONE_QUERY);
  const fcView = calendarView(view, phone);

  useEffect(() => {
    calendar.current?.getApi().changeView(fcView);
  }, [fcView]);

  const events = useMemo<EventInput[]>(
    () =>
      (query.data ?? []).map((item) => {
        const color = item.interveners[0]?.color ?? FALLBACK_COLOR;
        return {
          id: item.ulid,
          title: `${item.site.client.name} — ${item.site.name}`,
          start: asCalendarTime(item.start_at, timeZone),
          end: asCalendarTime(item.end_at, timeZone),
          backgroundColor: color,
          borderColor: color,
          textColor: '#ffffff',
          extendedProps: { type: item.type },
        };
      }),
    [query.data, timeZone],
  );

  return (
    <section
      aria-label={t('planning:calendar.label')}
      aria-busy={query.isFetching || undefined}
      style={THEME}
      className="planning-calendar relative rounded-lg border border-gray-200 bg-white p-2 text-xs shadow-xs sm:p-4 sm:text-sm"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="white" size="sm" onPress={() => api()?.prev()} aria-label={t('planning:calendar.previous')}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <Button variant="white" size="sm" onPress={() => api()?.next()} aria-label={t('planning:calendar.next')}>
            <ChevronRight size={16} aria-hidden />
          </Button>
        </div>
        <Button variant="white" size="sm" onPress={() => api()?.today()}>
          {t('planning:calendar.today')}
        </Button>
        <h2
          className="min-w-0 flex-1 text-center text-base font-semibold text-gray-900 first-letter:uppercase sm:text-lg"
          aria-live="polite"
        >
          {title}
        </h2>
        <span className="flex w-6 justify-end">
          {query.isFetching ? <Spinner size={20} label={t('planning:calendar.loading')} /> : null}
        </span>
      </div>
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin]}
        initialView={fcView}
        views={VIEWS}
        initialDate={initialDate}
        locales={Object.values(LOCALES)}
        locale={LOCALES[toLanguage(i18n.language) ?? 'fr']}
        timeZone="UTC"
        now={() => asCalendarTime(new Date(), timeZone)}
        firstDay={1}
        headerToolbar={false}
        showNonCurrentDates={false}
        fixedWeekCount={false}
        dayMaxEvents={false}
        dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
        height="auto"
        allDaySlot={false}
        slotMinTime="06:00:00"
        slotMaxTime="21:00:00"
        nowIndicator
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        events={events}
        eventContent={(arg: EventContentArg) => <EventContent arg={arg} />}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          emit('openInterventionPanel', { interventionUlid: arg.event.id });
        }}
        datesSet={(arg: DatesSetArg) => {
          setTitle(arg.view.title);
          const start = arg.start.toISOString().slice(0, 10);
          const end = addDays(arg.end.toISOString().slice(0, 10), -1);
          setRange((current) => (current?.start === start && current.end === end ? current : { start, end }));
        }}
      />
    </section>
  );
}
