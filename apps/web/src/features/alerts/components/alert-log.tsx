/**
 * The alert log of a site (SPEC §2.7 "Sites: alert log", §3 alert types; contract `AlertLogEntry`): newest first, the
 * alert type badge, the equipment (or the whole site), when it opened and closed (or 'Open'), why it closed (cleared
 * or acknowledged by someone), what triggered it; an equipment filter, paging with 'displayed of total', a loading
 * skeleton, an empty state and an error state with retry. An open alert can be acknowledged after confirmation
 * (`POST /api/alerts/{ulid}/acknowledge`): the row shows it closed and the site, sites list and equipment refresh.
 * Issue 15: each alert's response time (or its running clock), and with an open termite or colony alert the control
 * visit proposed for it (plan it or dismiss it).
 */
import { type AlertLogEntry, TERMITE_ALERT_TYPES } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteEquipment } from '../../../shared/api/site-equipment';
import { useFormat } from '../../../shared/lib/use-format';
import {
  ResponseTime,
  VisitProposalActions,
  visitProposalQueryOptions,
} from '../../../shared/response-clock/response-clock';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { notify, notifyError } from '../../../shared/ui/notifications';
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

/** When an entry closed and why, or 'Open'. */
function Closed({ entry }: { entry: AlertLogEntry }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (entry.closed_at === null) return <Badge tone="red">{t('alerts:log.open')}</Badge>;
  return (
    <span className="flex flex-col">
      <span>{format.dateTime(entry.closed_at)}</span>
      <span className="text-xs text-gray-600">
        <CloseReason entry={entry} />
      </span>
    </span>
  );
}

/** The proposed control visit of an open termite or colony alert whose clock runs (issue 15), with its actions. */
function Proposal({ alertUlid }: { alertUlid: string }) {
  const proposal = useQuery(visitProposalQueryOptions(alertUlid));
  if (proposal.data?.status !== 'proposed') return null;
  return <VisitProposalActions proposal={proposal.data} />;
}

/** `true` for an entry that may have a proposed visit waiting: open, clock running, termite or colony. */
const mayHaveProposal = (entry: AlertLogEntry) =>
  entry.closed_at === null &&
  entry.response.state === 'running' &&
  (TERMITE_ALERT_TYPES as readonly string[]).includes(entry.type);

/** The alert log card of `siteUlid`. */
export function AlertLog({ siteUlid, initialEquipmentUlid = null, withLogsLink = false }: AlertLogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [equipmentUlid, setEquipmentUlid] = useState<string | null>(initialEquipmentUlid);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<AlertLogEntry | null>(null);
  const log = useAlertLog(siteUlid, equipmentUlid, page);
  const equipment = useSiteEquipment(siteUlid);
  const acknowledge = useAcknowledgeAlert();
  const equipmentLabel = useEquipmentLabel();

  const entries = log.data?.['hydra:member'] ?? [];
  const details = (entry: AlertLogEntry) => alertDetailsText(entry.type, entry.details, t, format);
  const columns: DataTableColumn<AlertLogEntry>[] = [
    {
      id: 'alert',
      header: t('alerts:log.alert'),
      role: 'primary',
      cell: (entry) => (
        <div className="flex min-w-0 flex-col items-start gap-1">
          <AlertBadge type={entry.type} />
          <span className="text-[13px] text-gray-800 @3xl:hidden">
            {equipmentLabel(entry)} · {format.dateTime(entry.opened_at)}
          </span>
          {details(entry) ? <span className="text-xs text-gray-600 @3xl:hidden">{details(entry)}</span> : null}
          <span className="text-xs @3xl:hidden">
            <ResponseTime response={entry.response} />
          </span>
          {mayHaveProposal(entry) ? <Proposal alertUlid={entry.ulid} /> : null}
        </div>
      ),
      card: (entry) => (
        <div className="flex min-w-0 flex-col items-start gap-2">
          <AlertBadge type={entry.type} />
          {mayHaveProposal(entry) ? <Proposal alertUlid={entry.ulid} /> : null}
        </div>
      ),
      skeleton: <Skeleton className="h-5 w-32" />,
    },
    {
      id: 'equipment',
      header: t('alerts:log.equipment'),
      visibleFrom: '@3xl',
      className: 'font-medium text-gray-900',
      cell: equipmentLabel,
    },
    {
      id: 'opened',
      header: t('alerts:log.opened'),
      visibleFrom: '@3xl',
      className: 'tabular-nums',
      cell: (entry) => format.dateTime(entry.opened_at),
    },
    { id: 'closed', header: t('alerts:log.closed'), cell: (entry) => <Closed entry={entry} /> },
    {
      id: 'response',
      header: t('alerts:log.response'),
      visibleFrom: '@3xl',
      cell: (entry) => <ResponseTime response={entry.response} />,
    },
    {
      id: 'details',
      header: t('alerts:log.details'),
      visibleFrom: '@3xl',
      className: 'text-gray-700',
      cell: (entry) => details(entry) || '—',
    },
    {
      id: 'acknowledge',
      header: t('alerts:log.acknowledge'),
      headerHidden: true,
      role: 'actions',
      align: 'end',
      padding: 'py-3 pr-3 pl-1 @md:px-4',
      cell: (entry) =>
        entry.closed_at === null ? (
          <Button
            variant="white"
            size="sm"
            onPress={() => setConfirming(entry)}
            aria-label={t('alerts:log.acknowledgeLabel', {
              type: t(`enums:alert_type.${entry.type}`),
              equipment: equipmentLabel(entry),
            })}
            icon={<CheckCheck size={16} aria-hidden />}
          >
            {/* icon only in a narrow list (phones): the accessible name stays the full label */}
            <span className="hidden @md:inline">{t('alerts:log.acknowledge')}</span>
          </Button>
        ) : null,
    },
  ];
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
      <div aria-busy={log.isFetching || undefined}>
        <DataTable
          caption={t('alerts:log.caption')}
          columns={columns}
          rows={log.data ? entries : undefined}
          rowKey={(entry) => entry.ulid}
          rowClassName={(entry) => (entry.closed_at === null ? 'bg-red-50/40' : undefined)}
          isLoading={log.isLoading}
          skeletonRows={4}
          error={log.isError && !log.data ? log.error : undefined}
          onRetry={() => void log.refetch()}
          isRetrying={log.isFetching}
          isStale={log.isPlaceholderData}
          isFiltered={equipmentUlid !== null}
          empty={{ icon: <BellOff size={24} />, message: t('alerts:log.empty') }}
          noMatch={{ icon: <BellOff size={24} />, message: t('alerts:log.emptyFiltered') }}
          pagination={{ page, total, onPageChange: setPage }}
        />
      </div>
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
