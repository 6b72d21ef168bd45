/**
 * The contracts of a client or of a site (issue 13 "Screens: contracts in the client detail and the site detail"):
 * each with its state (active, to renew, ended), period, visit rule, preferred technician, price, renewal and
 * warranty, and its signed PDF (attach, replace, download, remove); create, edit, end early and delete (with
 * confirmation). Loaded apart from the screens that show it (lazy-contracts.tsx), with the `contracts` texts.
 */
import type { ContractDetail, ContractState } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarX2, Download, FilePlus2, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DatePicker } from '../../../shared/ui/date-picker';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Modal } from '../../../shared/ui/modal';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { type ContractScope, contractListQueryOptions, useContractMutations } from '../api/contracts-api';
import { ContractFormPanel, type ContractSiteOption } from './contract-form-panel';

const STATE_TONE: Record<ContractState, BadgeTone> = { active: 'green', to_renew: 'amber', ended: 'gray' };

export interface ContractsSectionProps {
  scope: ContractScope;
  /** The sites a new contract may be on (the site itself on a site's page). */
  sites: readonly ContractSiteOption[];
}

/** The visit rule in words, with its window. */
export function useRuleText() {
  const { t } = useTranslation();
  return (contract: Pick<ContractDetail, 'visit_rule' | 'visit_window_days'>): string => {
    const rule = contract.visit_rule;
    if (!rule) return t('contracts:rule.none');
    const what =
      rule.type === 'every'
        ? t(`contracts:rule.${rule.unit}`, { count: rule.interval })
        : rule.type === 'rrule'
          ? t('contracts:rule.rrule', { rule: rule.rrule })
          : t('contracts:rule.after', { count: rule.days });
    return contract.visit_window_days > 0
      ? `${what} (${t('contracts:rule.window', { count: contract.visit_window_days })})`
      : what;
  };
}

function ContractRow({
  contract,
  showSite,
  onEdit,
  onEnd,
  onDelete,
}: {
  contract: ContractDetail;
  showSite: boolean;
  onEdit: () => void;
  onEnd: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const ruleText = useRuleText();
  const { upload, removeDocument } = useContractMutations();
  const input = useRef<HTMLInputElement>(null);
  const reference = contract.reference;
  const details = [
    ruleText(contract),
    contract.preferred_technician
      ? t('contracts:row.technician', {
          name: `${contract.preferred_technician.firstname} ${contract.preferred_technician.lastname}`.trim(),
        })
      : null,
    contract.price
      ? t('contracts:row.price', {
          amount: format.number(Number(contract.price), { style: 'currency', currency: contract.currency }),
          billing: t(`contracts:billing.${contract.billing_period ?? 'none'}`),
        })
      : null,
    contract.auto_renewal
      ? t('contracts:row.autoRenewal', { count: contract.notice_period_days })
      : t('contracts:row.noRenewal'),
    contract.warranty_years ? t('contracts:row.warranty', { count: contract.warranty_years }) : null,
  ].filter((line): line is string => !!line);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ ulid: contract.ulid, file });
      notify({ title: t('contracts:notifications.documentUploaded') });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold break-all text-gray-900">{reference}</span>
            <Badge tone={STATE_TONE[contract.state]}>{t(`contracts:state.${contract.state}`)}</Badge>
            {contract.terminated_at ? <Badge tone="gray">{t('contracts:row.terminated')}</Badge> : null}
          </div>
          <span className="text-sm text-gray-700">
            {t('contracts:row.period', {
              start: format.date(contract.start_date),
              end: format.date(contract.end_date),
            })}
          </span>
          {showSite && contract.site ? (
            <span className="text-sm text-gray-700">{t('contracts:row.site', { name: contract.site.name })}</span>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <Button
            variant="white"
            size="sm"
            icon={<Pencil size={16} aria-hidden />}
            aria-label={t('contracts:actions.editOf', { reference })}
            onPress={onEdit}
          >
            <span className="hidden sm:inline">{t('contracts:actions.edit')}</span>
          </Button>
          {contract.state !== 'ended' ? (
            <Button
              variant="white"
              size="sm"
              icon={<CalendarX2 size={16} aria-hidden />}
              aria-label={t('contracts:actions.endOf', { reference })}
              onPress={onEnd}
            >
              <span className="hidden sm:inline">{t('contracts:actions.end')}</span>
            </Button>
          ) : null}
          <Button
            variant="white"
            size="sm"
            icon={<Trash2 size={16} aria-hidden />}
            aria-label={t('contracts:actions.deleteOf', { reference })}
            onPress={onDelete}
          />
        </div>
      </div>
      <ul className="flex flex-col gap-0.5 text-sm text-gray-700">
        {details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {contract.notes ? <p className="text-sm whitespace-pre-line text-gray-600">{contract.notes}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {contract.document ? (
          <>
            <a
              href={contract.document.url}
              download
              aria-label={t('contracts:actions.downloadOf', { reference })}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <Download size={16} aria-hidden />
              {t('contracts:actions.download')}
            </a>
            <span className="text-xs text-gray-600">
              {t('contracts:document.size', {
                size: format.number(contract.document.size / 1024 / 1024, {
                  style: 'unit',
                  unit: 'megabyte',
                  maximumFractionDigits: 1,
                }),
              })}
            </span>
          </>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-sm text-gray-600">
            <FileText size={16} aria-hidden />
            {t('contracts:document.none')}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            void attach(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="tertiary"
          size="sm"
          icon={<FilePlus2 size={16} aria-hidden />}
          isLoading={upload.isPending}
          onPress={() => input.current?.click()}
        >
          {t(contract.document ? 'contracts:actions.replace' : 'contracts:actions.upload')}
        </Button>
        {contract.document ? (
          <Button
            variant="tertiary"
            size="sm"
            isLoading={removeDocument.isPending}
            onPress={() =>
              void removeDocument
                .mutateAsync(contract.ulid)
                .then(() => notify({ title: t('contracts:notifications.documentRemoved') }))
            }
          >
            {t('contracts:actions.removeDocument')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The contracts card of a client or a site. */
export function ContractsSection({ scope, sites }: ContractsSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(contractListQueryOptions(scope));
  const { end, remove } = useContractMutations();
  const [editing, setEditing] = useState<ContractDetail | 'new' | null>(null);
  const [ending, setEnding] = useState<ContractDetail | null>(null);
  const [endDay, setEndDay] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContractDetail | null>(null);
  const contracts = query.data?.['hydra:member'] ?? [];
  const onSite = 'site' in scope;

  const confirmEnd = async () => {
    if (!ending || !endDay) return;
    try {
      const ended = await end.mutateAsync({ ulid: ending.ulid, endedAt: endDay });
      notify({
        title: t('contracts:notifications.ended', { reference: ended.reference, date: format.date(ended.end_date) }),
      });
      setEnding(null);
    } catch (error) {
      notifyError(error);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.ulid);
      notify({ title: t('contracts:notifications.deleted', { reference: deleting.reference }) });
      setDeleting(null);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card
      flush
      title={t('contracts:section.title')}
      actions={
        sites.length ? (
          <Button size="sm" icon={<Plus size={16} aria-hidden />} onPress={() => setEditing('new')}>
            {t('contracts:section.add')}
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <div className="p-4">
          <SkeletonLines lines={3} />
        </div>
      ) : query.isError ? (
        <ErrorState message={t('contracts:section.loadError')} onRetry={() => void query.refetch()} />
      ) : contracts.length === 0 ? (
        <EmptyState message={t(onSite ? 'contracts:section.emptySite' : 'contracts:section.empty')} />
      ) : (
        <ul className="divide-y divide-gray-100">
          {contracts.map((contract) => (
            <ContractRow
              key={contract.ulid}
              contract={contract}
              showSite={!onSite}
              onEdit={() => setEditing(contract)}
              onEnd={() => {
                setEndDay(contract.end_date);
                setEnding(contract);
              }}
              onDelete={() => setDeleting(contract)}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <ContractFormPanel
          contract={editing === 'new' ? null : editing}
          sites={sites}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal
        isOpen={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title={ending ? t('contracts:endDialog.title', { reference: ending.reference }) : ''}
        footer={
          <>
            <Button variant="white" onPress={() => setEnding(null)} isDisabled={end.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="red" onPress={() => void confirmEnd()} isLoading={end.isPending} isDisabled={!endDay}>
              {t('contracts:endDialog.confirm')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{t('contracts:endDialog.message')}</p>
          {ending ? (
            <DatePicker
              label={t('contracts:endDialog.date')}
              value={endDay}
              onChange={setEndDay}
              min={ending.start_date}
              max={ending.end_date}
              isRequired
            />
          ) : null}
        </div>
      </Modal>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? t('contracts:deleteDialog.title', { reference: deleting.reference }) : ''}
        message={t('contracts:deleteDialog.message')}
        confirmLabel={t('contracts:deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
        isLoading={remove.isPending}
      />
    </Card>
  );
}
