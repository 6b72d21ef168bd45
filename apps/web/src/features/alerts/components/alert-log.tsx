/**
 * The alert log of a site (SPEC §2.7 "Sites: alert log", §3 alert types; contract `AlertLogEntry`): newest first, the
 * alert type badge, the equipment (or the whole site), when it opened and closed (or 'Open'), why it closed (cleared
 * or acknowledged by someone), what triggered it; an equipment filter, paging with 'displayed of total', a loading
 * skeleton, an empty state and an error state with retry. An open alert can be acknowledged after confirmation
 * (`POST /api/alerts/{ulid}/acknowledge`): the row shows it closed and the site, sites list and equipment refresh.
 * Issue 15: each alert's response time (or its running clock), and under an open termite or colony alert the control
 * visit proposed for it (plan it or dismiss it).
 */
import { type AlertLogEntry, TERMITE_ALERT_TYPES } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, History } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visitProposalQueryOptions } from '../../../shared/api/resources/response-clock';
import { useSiteEquipment } from '../../../shared/api/site-equipment';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { ResponseTime } from '../../../shared/response-clock/clock';
import { VisitProposalActions } from '../../../shared/response-clock/visit-proposal';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { Pagination } from '../../../shared/ui/pagination';
import { Select } from '../../../shared/ui/select';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlertLog } from '../api/get-alert-log';
import { alertDetailsText } from '../lib/alert-details';

export interface AlertLogProps {
  siteUlid: string;
  /** The equipment shown at first (null: all). */
  initialEquipmentUlid?: string | null;
  /** Shows a link to the site logs page (`/site_logs/{siteUlid}`) in the header, e.g. on the site detail. */
  withLogsLink?: boolean;
}

const ALL = 'all';
const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
const WIDE = 'hidden @3xl:table-cell';

function SkeletonRows() {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-4 w-36 md:block" />
          <Skeleton className="hidden h-4 w-48 md:block" />
        </li>
      ))}
    </ul>
  );
}

/** The equipment of an entry as people name it: its reference, or 'Whole site' for a site-level alert. */
function useEquipmentLabel() {
  const { t } = useTranslation();
  return (entry: AlertLogEntry) => entry.equipment?.reference ?? t('alerts:log.wholeSite');
}

/** 'Condition cleared' / 'Acknowledged by …' of a closed entry. */
function CloseReason({ entry }: { entry: AlertLogEntry }) {
  const { t } = useTranslation();
  if (entry.close_reason === 'cleared') return <>{t('alerts:log.cleared')}</>;
  if (entry.close_reason === 'acknowledged') {
    return (
      <>
        {entry.acknowledged_by
          ? t('alerts:log.acknowledgedBy', { name: entry.acknowledged_by })
          : t('alerts:log.acknowledged')}
      </>
    );
  }
  return null;
}

const COLUMNS = 7;

/** The proposed control visit of an open termite or colony alert whose clock runs (issue 15), under its row. */
function ProposalRow({ alertUlid }: { alertUlid: string }) {
  const proposal = useQuery(visitProposalQueryOptions(alertUlid));
  if (proposal.data?.status !== 'proposed') return null;
  return (
    <tr>
      <td colSpan={COLUMNS} className="px-4 pb-3">
        <VisitProposalActions proposal={proposal.data} />
      </td>
    </tr>
  );
}

/** `true` for an entry that may have a proposed visit waiting: open, clock running, termite or colony. */
const mayHaveProposal = (entry: AlertLogEntry) =>
  entry.closed_at === null &&
  entry.response.state === 'running' &&
  (TERMITE_ALERT_TYPES as readonly string[]).includes(entry.type);

function LogRow({ entry, onAcknowledge }: { entry: AlertLogEntry; onAcknowledge: (entry: AlertLogEntry) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const equipmentLabel = useEquipmentLabel()(entry);
  const details = alertDetailsText(entry.type, entry.details, t, format);
  const isOpen = entry.closed_at === null;
  const closed = isOpen ? (
    <Badge tone="red">{t('alerts:log.open')}</Badge>
  ) : (
    <span className="flex flex-col">
      <span>{format.dateTime(entry.closed_at)}</span>
      <span className="text-xs text-gray-600">
        <CloseReason entry={entry} />
      </span>
    </span>
  );
  return (
    <tr className={cn('align-top', isOpen ? 'bg-red-50/40' : 'hover:bg-gray-50')}>
      <td className="px-4 py-3">
        <div className="flex min-w-0 flex-col items-start gap-1">
          <AlertBadge type={entry.type} />
          <span className="text-[13px] text-gray-800 @3xl:hidden">
            {equipmentLabel} · {format.dateTime(entry.opened_at)}
          </span>
          {details ? <span className="text-xs text-gray-600 @3xl:hidden">{details}</span> : null}
          <span className="text-xs @3xl:hidden">
            <ResponseTime response={entry.response} />
          </span>
        </div>
      </td>
      <td className={cn('px-4 py-3 text-[13px] font-medium text-gray-900', WIDE)}>{equipmentLabel}</td>
      <td className={cn('px-4 py-3 text-[13px] text-gray-800 tabular-nums', WIDE)}>
        {format.dateTime(entry.opened_at)}
      </td>
      <td className="px-4 py-3 text-[13px] text-gray-800">{closed}</td>
      <td className={cn('px-4 py-3 text-[13px]', WIDE)}>
        <ResponseTime response={entry.response} />
      </td>
      <td className={cn('px-4 py-3 text-[13px] text-gray-700', WIDE)}>{details || '—'}</td>
      <td className="py-3 pr-3 pl-1 text-right @md:px-4">
        {isOpen ? (
          <Button
            variant="white"
            size="sm"
            onPress={() => onAcknowledge(entry)}
            aria-label={t('alerts:log.acknowledgeLabel', {
              type: t(`enums:alert_type.${entry.type}`),
              equipment: equipmentLabel,
            })}
            icon={<CheckCheck size={16} aria-hidden />}
          >
            {/* icon only in a narrow card (phones): the accessible name stays the full label */}
            <span className="hidden @md:inline">{t('alerts:log.acknowledge')}</span>
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** The alert log card of `siteUlid`. */
export function AlertLog({ siteUlid, initialEquipmentUlid = null, withLogsLink = false }: AlertLogProps) {
  const { t } = useTranslation();
  const [equipmentUlid, setEquipmentUlid] = useState<string | null>(initialEquipmentUlid);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<AlertLogEntry | null>(null);
  const log = useAlertLog(siteUlid, equipmentUlid, page);
  const equipment = useSiteEquipment(siteUlid);
  const acknowledge = useAcknowledgeAlert();
  const equipmentLabel = useEquipmentLabel();

  const entries = log.data?.['hydra:member'] ?? [];
  const total = log.data?.['hydra:totalItems'] ?? 0;
  const options = [
    { id: ALL, label: t('alerts:log.allEquipment') },
    ...(equipment.data?.['hydra:member'] ?? []).map((item) => ({
      id: item.ulid,
      label: `${item.reference} · ${t(`enums:equipment_kind.${item.kind}`)}`,
    })),
  ];

  const confirm = () => {
    if (!confirming) return;
    acknowledge.mutate(confirming.ulid, {
      onSuccess: () => {
        setConfirming(null);
        notify({ title: t('alerts:log.done') });
      },
      onError: (error) => {
        setConfirming(null);
        notifyError(error);
      },
    });
  };

  return (
    <Card
      title={t('alerts:log.title')}
      flush
      actions={
        withLogsLink ? (
          <Link to={`/site_logs/${encodeURIComponent(siteUlid)}`} className={buttonClasses('tertiary', 'sm')}>
            <History size={16} aria-hidden />
            {t('alerts:log.seeLogs')}
          </Link>
        ) : undefined
      }
    >
      <div className="border-b border-gray-200 px-4 py-3">
        <Select
          label={t('alerts:log.filter')}
          options={options}
          value={equipmentUlid ?? ALL}
          onChange={(id) => {
            setEquipmentUlid(id === ALL || id === '' ? null : id);
            setPage(1);
          }}
          isDisabled={!equipment.data}
          className="max-w-xs"
        />
      </div>
      {log.isError && !log.data ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} isRetrying={log.isFetching} />
      ) : log.isLoading ? (
        <SkeletonRows />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<BellOff size={24} />}
          message={equipmentUlid ? t('alerts:log.emptyFiltered') : t('alerts:log.empty')}
        />
      ) : (
        <div className="@container overflow-x-auto">
          <table className={cn('w-full border-collapse', log.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <caption className="sr-only">{t('alerts:log.caption')}</caption>
            <thead className="border-b border-gray-200 bg-gray-50">
              <tr>
                <th scope="col" className={HEAD}>
                  {t('alerts:log.alert')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:log.equipment')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:log.opened')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('alerts:log.closed')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:log.response')}
                </th>
                <th scope="col" className={cn(HEAD, WIDE)}>
                  {t('alerts:log.details')}
                </th>
                <th scope="col" className={HEAD}>
                  <span className="sr-only">{t('alerts:log.acknowledge')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {entries.map((entry) => (
                <Fragment key={entry.ulid}>
                  <LogRow entry={entry} onAcknowledge={setConfirming} />
                  {mayHaveProposal(entry) ? <ProposalRow alertUlid={entry.ulid} /> : null}
                </Fragment>
              ))}
            </tbody>
          </table>
          <div className="border-t border-gray-200 px-4">
            <Pagination page={page} total={total} onPageChange={setPage} />
          </div>
        </div>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('alerts:log.confirmTitle')}
        message={
          confirming
            ? t('alerts:log.confirmMessage', {
                type: t(`enums:alert_type.${confirming.type}`),
                equipment: equipmentLabel(confirming),
              })
            : null
        }
        confirmLabel={t('alerts:log.acknowledge')}
        confirmVariant="primary"
        onConfirm={confirm}
        isLoading={acknowledge.isPending}
      />
    </Card>
  );
}
