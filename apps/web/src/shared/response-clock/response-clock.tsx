/**
 * The response clock in the web app (issue 15 "Alert → visit on a response clock"; contract `responseClockEndpoints`,
 * docs/decisions/019), in one module so that the screens showing it (Home, the alert log, the space settings, the
 * intervention panel) share one chunk (the shell + Home budget counts every chunk name Home's lazy card lists):
 * - durations per locale (`formatDuration`: `Intl` units, "2 j 4 h", "2日4時間");
 * - the calls: Home's running clocks, an alert's proposed visit, accepting it with the intervention panel's body (201:
 *   the planned intervention, linked to the alert), dismissing it with a reason, the space's response targets. The
 *   clocks' and proposals' keys live under `['alerts']`: a live alert event, an acknowledgement or a decision refreshes
 *   them;
 * - how a clock reads: a running clock as a badge coloured by time left (green at 25 % of the target or more, amber
 *   below, red once overdue); a stopped one as its response time (red when the target was missed);
 * - the proposed control visit: when and with whom, **Plan it** (opens the intervention panel pre-filled; saving plans
 *   it linked to the alert) and **Dismiss** (dismiss-dialog.tsx, loaded when opened).
 * Texts of the `alerts` namespace (loaded on demand by the screens that show them).
 */
import type {
  AlertResponseClock,
  ClockLevel,
  Intervention,
  InterventionBody,
  ResponseTargets,
  ResponseTargetsResource,
  responseClockEndpoints,
  VisitDismissBody,
  VisitProposal,
} from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlarmClock, Plus, Timer, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { callEndpoint } from '../api/endpoint-client';
import { emit } from '../lib/events';
import { useFormat } from '../lib/use-format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

// ─── Durations ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A duration of `seconds` (its absolute value) in `language` with `Intl` units (issue 15: response times and time
 * left): days and hours from one day on ("2 j 4 h", "2日4時間", "2d 4h"), hours and minutes from one hour on, else
 * minutes. Units from `Intl.NumberFormat` (narrow in English, short elsewhere; no spaces in Japanese).
 */
export function formatDuration(seconds: number, language: string): string {
  const total = Math.floor(Math.abs(seconds) / 60);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: [number, 'day' | 'hour' | 'minute'][] =
    days > 0
      ? [
          [days, 'day'],
          [hours, 'hour'],
        ]
      : hours > 0
        ? [
            [hours, 'hour'],
            [minutes, 'minute'],
          ]
        : [[minutes, 'minute']];
  const unitDisplay = language.startsWith('en') ? 'narrow' : 'short';
  const shown = parts.filter(([value], i) => i === 0 || value > 0);
  const text = shown
    .map(([value, unit]) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay }).format(value))
    .join(' ');
  return language.startsWith('ja') ? text.replace(/\s+/g, '') : text;
}

/** The clocks' and proposals' query keys, under the alerts resource's root (`['alerts']`, shared/api/resources/alerts). */
export const responseClockKeys = {
  clocks: ['alerts', 'clocks'] as const,
  proposal: (alertUlid: string) => ['alerts', 'proposal', alertUlid] as const,
};

// ─── Calls (endpoints named by method and path, their types from the contract: no contract code in Home's chunk) ────────────────────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/alert_clocks`: the running clocks of the space, soonest due first. Refetched every minute. */
export function alertClocksQueryOptions() {
  return queryOptions({
    queryKey: responseClockKeys.clocks,
    queryFn: ({ signal }) =>
      callEndpoint<typeof responseClockEndpoints.clocks>(
        { method: 'GET', path: '/api/alert_clocks' },
        { signal, redirectOnError: false },
      ),
    refetchInterval: 60_000,
  });
}

/** `POST /api/alerts/{ulid}/visit_proposal/dismiss`: the dismissed proposal (422 on a missing reason or note). */
export function dismissVisitProposal(alertUlid: string, body: VisitDismissBody): Promise<VisitProposal> {
  return callEndpoint<typeof responseClockEndpoints.dismissProposal>(
    { method: 'POST', path: '/api/alerts/:ulid/visit_proposal/dismiss' },
    {
      params: { ulid: alertUlid },
      body,
      redirectOnError: false,
    },
  );
}

/** `GET /api/alerts/{ulid}/visit_proposal`: the alert's proposed visit, or null when it has none (404). */
export function visitProposalQueryOptions(alertUlid: string) {
  return queryOptions({
    queryKey: responseClockKeys.proposal(alertUlid),
    queryFn: async ({ signal }): Promise<VisitProposal | null> => {
      try {
        return await callEndpoint<typeof responseClockEndpoints.getProposal>(
          { method: 'GET', path: '/api/alerts/:ulid/visit_proposal' },
          {
            params: { ulid: alertUlid },
            signal,
            redirectOnError: false,
          },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** `POST /api/alerts/{ulid}/visit_proposal/accept` with the panel's body (and the form's key, ADR 027): the planned intervention. */
export function acceptVisitProposal(
  alertUlid: string,
  body: InterventionBody,
  idempotencyKey?: string,
): Promise<Intervention> {
  return callEndpoint<typeof responseClockEndpoints.acceptProposal>(
    { method: 'POST', path: '/api/alerts/:ulid/visit_proposal/accept' },
    {
      params: { ulid: alertUlid },
      body,
      idempotencyKey,
      redirectOnError: false,
    },
  );
}

// ─── Response targets ─────────────────────────────────────────────────────────────────────────────────────────────────

export const responseTargetsKey = ['space-parameters', 'response-targets'] as const;

/** The targets of the current space (the defaults until an owner saves them), in hours by alert type. */
export function useResponseTargets() {
  return useQuery({
    queryKey: responseTargetsKey,
    queryFn: ({ signal }) =>
      callEndpoint<typeof responseClockEndpoints.getTargets>(
        { method: 'GET', path: '/api/alert_response_targets' },
        { signal, redirectOnError: false },
      ),
  });
}

/** Saves every target; answers the stored targets. */
export function saveResponseTargets(body: ResponseTargets): Promise<ResponseTargetsResource> {
  return callEndpoint<typeof responseClockEndpoints.updateTargets>(
    { method: 'PUT', path: '/api/alert_response_targets' },
    { body },
  );
}

// ─── Clocks ───────────────────────────────────────────────────────────────────────────────────────────────────────────

const TONES = { ok: 'green', warning: 'amber', overdue: 'red' } as const;

/** A running clock: "2 j 4 h left" / "overdue by 5 h", coloured by `level`. */
export function ClockBadge({ level, secondsLeft }: { level: ClockLevel; secondsLeft: number }) {
  const { t, i18n } = useTranslation();
  const duration = formatDuration(secondsLeft, i18n.language);
  return (
    <Badge tone={TONES[level]} icon={<AlarmClock size={12} aria-hidden />}>
      {level === 'overdue' ? t('alerts:clock.overdueBy', { duration }) : t('alerts:clock.left', { duration })}
    </Badge>
  );
}

/** The response column of the alert log: the response time, the running clock, or a dash (cleared). */
export function ResponseTime({ response, now = Date.now() }: { response: AlertResponseClock; now?: number }) {
  const { t, i18n } = useTranslation();
  if (response.state === 'responded' && response.response_seconds !== null) {
    const duration = formatDuration(response.response_seconds, i18n.language);
    return (
      <span className={response.missed ? 'font-medium text-red-700' : 'text-gray-800'}>
        <Timer size={12} aria-hidden className="mr-1 inline align-[-1px]" />
        {t(response.missed ? 'alerts:clock.respondedLate' : 'alerts:clock.responded', { duration })}
      </span>
    );
  }
  if (response.state === 'running') {
    const secondsLeft = Math.floor((new Date(response.due_at).getTime() - now) / 1000);
    const level: ClockLevel =
      secondsLeft < 0 ? 'overdue' : secondsLeft < response.target_hours * 900 ? 'warning' : 'ok';
    return <ClockBadge level={level} secondsLeft={secondsLeft} />;
  }
  return <span className="text-gray-500">{t('alerts:clock.none')}</span>;
}

// ─── Proposed visit ───────────────────────────────────────────────────────────────────────────────────────────────────

const DismissDialog = lazy(async () => ({ default: (await import('./dismiss-dialog')).DismissDialog }));

/** Opens the intervention panel on `proposal` (its save accepts the proposal). */
export function planProposedVisit(proposal: VisitProposal): void {
  emit('openInterventionPanel', {
    siteUlid: proposal.site.ulid,
    type: proposal.type,
    proposal: {
      alertUlid: proposal.alert_ulid,
      startAt: proposal.start_at,
      endAt: proposal.end_at,
      intervener: proposal.referent
        ? { ulid: proposal.referent.ulid, label: `${proposal.referent.firstname} ${proposal.referent.lastname}` }
        : null,
    },
  });
}

/** The proposed visit of an alert with its two actions; `compact` for Home's rows. */
export function VisitProposalActions({ proposal }: { proposal: VisitProposal }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [dismissing, setDismissing] = useState(false);
  const person = proposal.referent;
  // family name first in Japanese, as elsewhere in the product
  const who = person
    ? i18n.language.startsWith('ja')
      ? `${person.lastname} ${person.firstname}`
      : `${person.firstname} ${person.lastname}`
    : null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2">
      <p className="text-[13px] text-gray-800">
        {t(who ? 'alerts:proposal.summary' : 'alerts:proposal.summaryNoReferent', {
          date: format.date(proposal.start_at),
          start: format.time(proposal.start_at),
          end: format.time(proposal.end_at),
          who,
        })}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onPress={() => planProposedVisit(proposal)} icon={<Plus size={14} aria-hidden />}>
          {t('alerts:proposal.accept')}
        </Button>
        <Button size="sm" variant="white" onPress={() => setDismissing(true)} icon={<X size={14} aria-hidden />}>
          {t('alerts:proposal.dismiss')}
        </Button>
      </div>
      {dismissing ? (
        <Suspense fallback={null}>
          <DismissDialog proposal={proposal} onClose={() => setDismissing(false)} send={dismissVisitProposal} />
        </Suspense>
      ) : null}
    </div>
  );
}
