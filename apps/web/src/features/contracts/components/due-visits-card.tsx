/**
 * Home's card of the control visits due from contracts that need attention (issue 13 "Home lists visits that are
 * due, unplanned or overdue"; owners and managers): a visit the daily job planned without a technician, or one whose
 * due day plus the contract's window has passed with no completed visit. Each row opens the planning on the visit's day.
 * Shows nothing while there is none to watch, so Home stays as it was for a space without contracts.
 */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, UserX } from 'lucide-react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Card } from '../../../shared/ui/card';
import { dueVisitsQueryOptions } from '../api/due-visits';

/** The card; nothing while loading, on error or when no visit needs attention. */
export function DueVisitsCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(dueVisitsQueryOptions());
  const visits = query.data?.['hydra:member'] ?? [];
  if (!visits.length) return null;
  return (
    <Card
      flush
      title={t('contracts:due.title')}
      actions={<span className="text-sm text-gray-600">{t('contracts:due.count', { count: visits.length })}</span>}
    >
      <ul className="divide-y divide-gray-100">
        {visits.map((visit) => (
          <li key={visit.ulid}>
            <Link
              href={`/planning?start_date=${visit.start_at.slice(0, 10)}&end_date=${visit.start_at.slice(0, 10)}`}
              className="flex flex-col gap-1 px-4 py-3 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:flex-row sm:items-center sm:gap-3"
            >
              <span className="shrink-0 self-start sm:self-center">
                {visit.reason === 'overdue' ? (
                  <Badge tone="red" icon={<AlertTriangle size={14} aria-hidden />}>
                    {t('contracts:due.overdue')}
                  </Badge>
                ) : (
                  <Badge tone="amber" icon={<UserX size={14} aria-hidden />}>
                    {t('contracts:due.unassigned')}
                  </Badge>
                )}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium text-gray-900">{visit.client.name}</span>
                <span className="truncate text-xs text-gray-600">
                  {visit.site.name} · {visit.contract.reference}
                </span>
              </span>
              <span className="text-sm text-gray-700 sm:ml-auto sm:shrink-0">
                {t('contracts:due.dueOn', { date: format.date(visit.due_date) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
