/**
 * The report panel of the Reports screen (issue 12 "Screens": a report detail panel with every section, the edit
 * form while to process, and the actions): a slide-over on desktop, the whole screen on a phone, as the other panels
 * of the app, and a form slide-over while editing: Escape, the close button, the backdrop or Cancel on an edit with
 * changes first ask whether to discard them (shared/forms/form-slide-over; Cancel then goes back to reading). Its
 * actions follow the report's status (docs/decisions/010): **Download PDF** always, beside the
 * report's status (a draft while to process); to process: **Edit**, **Discard**, **Send to customer**; sent:
 * **Resend**; discarded: **Reopen**. A move
 * refused by the server (409) shows its translated message; a report of another space shows "not found".
 */
import type { Report } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Ban, Pencil, RotateCcw, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { isNotFound, NotFoundRedirect } from '../../../shared/lib/not-found-redirect';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify } from '../../../shared/ui/notifications';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { type ReportMove, reportQueryOptions, useReportMove } from '../api/reports-api';
import { DiscardDialog, RecipientsDialog, ReopenDialog } from './report-dialogs';
import { ReportEditForm } from './report-edit-form';
import { ReportView } from './report-view';

type Dialog = 'send' | 'resend' | 'discard' | 'reopen' | null;

export interface ReportPanelProps {
  /** The report shown, '' for none (the panel is closed). */
  reportUlid: string;
  onClose: () => void;
}

const NOTICES: Record<ReportMove['kind'], string> = {
  patch: 'reports:screen.notify.saved',
  send: 'reports:screen.notify.sent',
  resend: 'reports:screen.notify.resent',
  discard: 'reports:screen.notify.discarded',
  reopen: 'reports:screen.notify.reopened',
};

/** The moves of the panel's footer for `report` (view mode): on a phone, two columns, the main move across. */
function Actions({
  report,
  onEdit,
  onDialog,
}: {
  report: Report;
  onEdit: () => void;
  onDialog: (dialog: Exclude<Dialog, null>) => void;
}) {
  const { t } = useTranslation();
  const layout = 'grid w-full grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end';
  if (report.status === 'to_process') {
    return (
      <div className={layout}>
        <Button
          variant="white"
          onPress={() => onDialog('discard')}
          icon={<Ban size={16} aria-hidden className="hidden shrink-0 sm:block" />}
        >
          {t('reports:screen.actions.discard')}
        </Button>
        <Button variant="white" onPress={onEdit} icon={<Pencil size={16} aria-hidden className="shrink-0" />}>
          {t('reports:screen.actions.edit')}
        </Button>
        <Button className="col-span-2" onPress={() => onDialog('send')} icon={<Send size={16} aria-hidden />}>
          {t('reports:screen.actions.send')}
        </Button>
      </div>
    );
  }
  return (
    <div className={layout}>
      {report.status === 'sent' ? (
        <Button className="col-span-2" onPress={() => onDialog('resend')} icon={<Send size={16} aria-hidden />}>
          {t('reports:screen.actions.resend')}
        </Button>
      ) : (
        <Button className="col-span-2" onPress={() => onDialog('reopen')} icon={<RotateCcw size={16} aria-hidden />}>
          {t('reports:screen.actions.reopen')}
        </Button>
      )}
    </div>
  );
}

/** The panel of one report. */
export function ReportPanel({ reportUlid, onClose }: ReportPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const formId = useId();
  const report = useQuery(reportQueryOptions(reportUlid));
  const move = useReportMove(reportUlid);
  const [isEditing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isDirty, setDirty] = useState(false);

  // another report, or the report left "to process": back to reading
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a change of report
  useEffect(() => {
    setEditing(false);
    setDialog(null);
  }, [reportUlid]);
  const status = report.data?.status;
  useEffect(() => {
    if (status !== 'to_process') setEditing(false);
  }, [status]);

  const bodyRef = useRef<HTMLDivElement>(null);
  /**
   * After a move the button that started it is gone (the footer follows the new status, the form closes): focus goes
   * to the panel's first action, else the panel, so that the keyboard (and Escape) stays in the panel.
   */
  const refocus = () =>
    setTimeout(() => {
      const panel = bodyRef.current?.closest<HTMLElement>('[role="dialog"]');
      const active = document.activeElement;
      // focus already on a control of the panel: left there (the panel itself is where a modal's restore falls back)
      if (!panel || (active && active !== panel && panel.contains(active))) return;
      (panel.querySelector<HTMLElement>('footer button') ?? panel).focus();
    }, 50);

  const run = async (next: ReportMove) => {
    const answer = await move.mutateAsync(next);
    notify({ title: t(NOTICES[next.kind]), content: `${answer.site.name} · ${answer.client.name}` });
    refocus();
    return answer;
  };

  const data = report.data;
  let body: React.ReactNode;
  if (data) {
    body = isEditing ? (
      <ReportEditForm
        report={data}
        formId={formId}
        onMove={run}
        onDirtyChange={setDirty}
        onSaved={() => {
          setEditing(false);
          refocus();
        }}
      />
    ) : (
      <ReportView report={data} />
    );
  } else if (report.isError && isNotFound(report.error)) {
    // another space's report, or one deleted since: the Error screen 404 (SPEC §8)
    return <NotFoundRedirect />;
  } else if (report.isError) {
    body = <ErrorState error={report.error} onRetry={() => void report.refetch()} isRetrying={report.isFetching} />;
  } else {
    body = <SkeletonLines lines={8} />;
  }

  let footer: React.ReactNode = null;
  if (data && isEditing) {
    footer = (
      <>
        <FormCancelButton
          onCancel={() => {
            setEditing(false);
            refocus();
          }}
        />
        <Button type="submit" form={formId} isLoading={move.isPending}>
          {t('common:actions.save')}
        </Button>
      </>
    );
  } else if (data) {
    footer = <Actions report={data} onEdit={() => setEditing(true)} onDialog={setDialog} />;
  }

  const dialogProps = data
    ? {
        report: data,
        onMove: run,
        isPending: move.isPending,
        onOpenChange: (open: boolean) => {
          if (!open) setDialog(null);
        },
      }
    : null;

  return (
    <FormSlideOver
      isOpen={reportUlid !== ''}
      onOpenChange={(open) => {
        if (!open && dialog === null) onClose();
      }}
      isDirty={isEditing && isDirty}
      isSaving={move.isPending}
      size="lg"
      title={
        data
          ? isEditing
            ? t('reports:screen.edit.titleOf', { site: data.site.name })
            : data.site.name
          : t('reports:screen.detail.title')
      }
      subtitle={data ? `${data.client.name} · ${format.dateTime(data.visit_ended_at)}` : undefined}
      footer={footer}
    >
      <div ref={bodyRef}>{body}</div>
      {/* inside the panel: each dialog is a modal above it */}
      {dialogProps ? (
        <>
          <RecipientsDialog {...dialogProps} mode="send" isOpen={dialog === 'send'} />
          <RecipientsDialog {...dialogProps} mode="resend" isOpen={dialog === 'resend'} />
          <DiscardDialog {...dialogProps} isOpen={dialog === 'discard'} />
          <ReopenDialog {...dialogProps} isOpen={dialog === 'reopen'} />
        </>
      ) : null}
    </FormSlideOver>
  );
}
