/**
 * How an alert's response clock reads (issue 15; docs/decisions/019): a running clock as a badge coloured by time left
 * — green at 25 % of the target or more, amber below, red once overdue — with the time left or the delay; a stopped
 * one as its response time (red when the target was missed). Durations per locale (`formatDuration`, `Intl` units).
 * Texts of the `alerts` namespace (loaded on demand by the screens that show them).
 */
import type { AlertResponseClock, ClockLevel } from '@isoptera/contracts';
import { AlarmClock, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge';
import { formatDuration } from './duration';

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
