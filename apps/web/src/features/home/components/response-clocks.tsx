/**
 * Home's "Alerts waiting for a visit" (issue 15 "Alert → visit on a response clock"; `GET /api/alert_clocks`): the
 * alerts whose response clock runs — opened, no visit checked in on the site and not acknowledged —, soonest due
 * first, each with its site (a link to the site), the equipment, the time left coloured by level (green, amber under
 * 25 % of the target, red once overdue) and the control visit proposed for it (plan it or dismiss it). The count of
 * overdue ones heads the card; an empty state, a skeleton and an error state with retry. Refreshed every minute and on
 * every live alert event (its key is under `['alerts']`). Texts of the `alerts` namespace, loaded on demand.
 */
import type { AlertClockItem } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlarmClockCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { cn } from '../../../shared/lib/cn';
import {
  alertClocksQueryOptions,
  ClockBadge,
  VisitProposalActions,
} from '../../../shared/response-clock/response-clock';
import { Badge } from '../../../shared/ui/badge';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';

/** How many clocks the card lists; the count covers the rest. */
export const CLOCKS_SHOWN = 10;

const EDGE = { ok: 'border-l-green-500', warning: 'border-l-amber-500', overdue: 'border-l-red-600' } as const;

function ClockRow({ clock }: { clock: AlertClockItem }) {
  const { t } = useTranslation();
  return (
    <li className={cn('flex flex-col gap-2 border-l-4 px-4 py-3', EDGE[clock.level])}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            href={`/sites/${encodeURIComponent(clock.site.ulid)}`}
            className="line-clamp-2 text-sm font-medium break-words text-gray-900 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {clock.site.name}
          </Link>
          <span className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
            <AlertBadge type={clock.type} />
            <span>{clock.equipment_reference ?? t('alerts:log.wholeSite')}</span>
          </span>
        </div>
        <ClockBadge level={clock.level} secondsLeft={clock.seconds_left} />
      </div>
      {clock.proposal ? <VisitProposalActions proposal={clock.proposal} /> : null}
    </li>
  );
}

/** The card's body; `onSettled` is called once its first answer (or error) is shown. */
function ResponseClocksBody({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(alertClocksQueryOptions());
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  const items = (query.data?.['hydra:member'] ?? []).slice(0, CLOCKS_SHOWN);
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const overdue = query.data?.overdue_number ?? 0;
  return (
    <Card
      flush
      title={t('alerts:clocks.title')}
      actions={overdue > 0 ? <Badge tone="red">{t('alerts:clocks.overdue', { count: overdue })}</Badge> : undefined}
    >
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-4">
          <p role="status" className="sr-only">
            {t('alerts:clocks.loading')}
          </p>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : total === 0 ? (
        <EmptyState icon={<AlarmClockCheck size={24} />} message={t('alerts:clocks.empty')} />
      ) : (
        <div aria-busy={query.isFetching || undefined}>
          <p className="border-b border-gray-200 px-4 py-2.5 text-sm text-gray-700">
            {t('alerts:clocks.count', { count: total })}
          </p>
          <ul className="divide-y divide-gray-100" aria-label={t('alerts:clocks.title')}>
            {items.map((clock) => (
              <ClockRow key={clock.ulid} clock={clock} />
            ))}
          </ul>
          {total > items.length ? (
            <p className="border-t border-gray-200 px-4 py-2.5 text-sm text-gray-700">
              {t('alerts:clocks.more', { count: total - items.length })}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}

/** The card, once its texts (namespace `alerts`, loaded on demand) are there. */
export const ResponseClocks = withOnDemandTexts('alerts', ResponseClocksBody);
export default ResponseClocks;
