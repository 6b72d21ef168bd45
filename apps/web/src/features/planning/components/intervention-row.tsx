/**
 * One intervention of the planning list: time range, type badge, client — site, interveners' chips in their colours
 * (SPEC §3 "User … color"), and for a visit that has started its report's status or "no report" (issue 12). Pressing
 * it opens the panel in edit mode; the bin asks to delete it.
 */
import type { Intervention } from '@isoptera/contracts';
import { FileQuestion, Trash } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { emit } from '../../../shared/lib/events';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { ReportStatusBadge } from '../../../shared/ui/report-status';
import { InterventionTypeBadge } from '../../../shared/ui/status';

export interface InterventionRowProps {
  intervention: Intervention;
  onDelete: (intervention: Intervention) => void;
}

/** A row of the planning list. */
export function InterventionRow({ intervention, onDelete }: InterventionRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const place = `${intervention.site.client.name} — ${intervention.site.name}`;
  const time = t('planning:list.timeRange', {
    start: format.time(intervention.start_at),
    end: format.time(intervention.end_at),
  });
  const started = Date.parse(intervention.start_at) <= Date.now();
  return (
    <li className="flex items-stretch gap-1 border-b border-gray-100 last:border-b-0">
      <AriaButton
        onPress={() => emit('openInterventionPanel', { interventionUlid: intervention.ulid })}
        className="flex min-w-0 flex-1 cursor-pointer flex-col gap-1.5 px-4 py-3 text-left outline-none hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="sr-only">{t('planning:list.editPrefix')}</span>
        <span className="w-28 shrink-0 text-sm font-semibold text-gray-900 tabular-nums">{time}</span>
        <span className="shrink-0 sm:w-44">
          <InterventionTypeBadge type={intervention.type} />
        </span>
        <span className="min-w-0 flex-1 truncate text-sm text-gray-800">{place}</span>
        {intervention.report ? (
          <span className="shrink-0">
            <ReportStatusBadge status={intervention.report.status} />
          </span>
        ) : started ? (
          <span className="shrink-0">
            <Badge icon={<FileQuestion size={12} aria-hidden />}>{t('planning:list.noReport')}</Badge>
          </span>
        ) : null}
        <span className="flex flex-wrap gap-1 sm:justify-end">
          {intervention.interveners.length ? (
            intervention.interveners.map((member) => (
              <Badge key={member.ulid} dotColor={member.color ?? '#6b7280'}>
                {`${member.firstname} ${member.lastname}`}
              </Badge>
            ))
          ) : (
            <span className="text-xs text-gray-600">{t('planning:list.noIntervener')}</span>
          )}
        </span>
      </AriaButton>
      <AriaButton
        onPress={() => onDelete(intervention)}
        aria-label={t('planning:list.delete', { time, place })}
        className="m-2 self-center rounded-md p-2 text-gray-600 outline-none hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <Trash size={16} aria-hidden />
      </AriaButton>
    </li>
  );
}
