/**
 * The audit trail of the space (issue 4 "Audit trail"): the changes made in it under substitution, newest first, 30
 * a page with 'displayed of total'. Each entry shows when (date and time in the user's time zone), who (the real
 * account), what (kind of change and the kind of record, by its translated name, with its id; the route when unknown) and the fields sent, the full body in a
 * disclosure. Loading skeleton, empty state, error state with retry.
 */
import type { AuditEvent } from '@isoptera/contracts';
import { History } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Pagination } from '../../../shared/ui/pagination';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useAuditEvents } from '../api/space-parameters-api';
import { type AuditKind, auditKind, changedFields, changesJson, splitAction } from '../lib/audit-event';

const KIND_TONES: Record<AuditKind, BadgeTone> = { create: 'green', update: 'blue', delete: 'red', action: 'gray' };

/** One entry of the trail. */
function AuditEntry({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const kind = auditKind(event);
  const { route } = splitAction(event.action);
  const fields = changedFields(event.changes);
  const json = changesJson(event.changes);
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-medium text-gray-900">
          {event.actor}
          {event.actor_type ? (
            <span className="font-normal text-gray-600"> · {t(`enums:user_type.${event.actor_type}`)}</span>
          ) : null}
        </p>
        <time dateTime={event.created_at} className="text-[13px] text-gray-600">
          {format.dateTime(event.created_at)}
        </time>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <Badge tone={KIND_TONES[kind]}>{t(`spaceParameters:audit.kind.${kind}`)}</Badge>
        <span className="font-medium text-gray-900" title={route}>
          {event.entity_type
            ? t(`spaceParameters:audit.entities.${event.entity_type}`, { defaultValue: route })
            : route}
        </span>
        {event.entity_id ? (
          <span className="text-[13px] text-gray-600">
            {t('spaceParameters:audit.entity', { id: event.entity_id })}
          </span>
        ) : null}
      </p>
      {fields.length ? (
        <p className="text-[13px] text-gray-700">{t('spaceParameters:audit.fields', { fields: fields.join(', ') })}</p>
      ) : null}
      {json ? (
        <details className="text-[13px]">
          <summary className="w-fit cursor-pointer rounded text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600">
            {t('spaceParameters:audit.details')}
          </summary>
          {/* a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable) */}
          <section
            aria-label={t('spaceParameters:audit.details')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll long data sent
            tabIndex={0}
            className="mt-2 max-h-64 overflow-auto rounded-md bg-gray-50 p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <pre className="font-mono text-[12px] text-gray-800">{json}</pre>
          </section>
        </details>
      ) : null}
    </li>
  );
}

/** Placeholder rows while the first page loads. */
function AuditSkeleton() {
  return (
    <ul aria-hidden className="divide-y divide-gray-200">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex flex-col gap-2 px-4 py-3">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  );
}

/** The audit trail card. */
export function AuditCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useAuditEvents(page);
  const events = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;

  // a page emptied meanwhile goes back to page 1
  useEffect(() => {
    if (query.data && events.length === 0 && total > 0 && page > 1) setPage(1);
  }, [query.data, events.length, total, page]);

  let body: ReactNode;
  if (query.isPending) body = <AuditSkeleton />;
  else if (query.isError && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  else if (total === 0) body = <EmptyState icon={<History size={24} />} message={t('spaceParameters:audit.empty')} />;
  else
    body = (
      <>
        <ul aria-label={t('spaceParameters:audit.title')} className="divide-y divide-gray-200">
          {events.map((event) => (
            <AuditEntry key={event.ulid} event={event} />
          ))}
        </ul>
        <div className="border-t border-gray-200 px-4">
          <Pagination page={page} total={total} onPageChange={setPage} />
        </div>
      </>
    );

  return (
    <Card title={t('spaceParameters:audit.title')} flush>
      <p className="border-b border-gray-200 px-4 py-3 text-sm text-gray-600">
        {t('spaceParameters:audit.description')}
      </p>
      <div aria-busy={query.isFetching || undefined}>{body}</div>
    </Card>
  );
}
