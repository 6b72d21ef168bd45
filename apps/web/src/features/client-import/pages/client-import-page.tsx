/**
 * The client import wizard (SPEC §2.7 "Clients: import"; issue 13; docs/decisions/012), at `/clients/import`:
 * file (drag and drop or chooser, template download) → sheet and header row → column matching → check (errors per
 * cell, duplicates policy, summary) → import (progress bar polled every second, report, refused rows, undo). The
 * import's ULID and the step live in the URL (`?import=…&step=…`), so a reload comes back to the same place and a
 * running import shows its progress again.
 */
import type { ClientImport, ImportField } from '@isoptera/contracts';
import { IMPORT_FIELDS } from '@isoptera/contracts';
import { ArrowLeft, ArrowRight, Download, FileSpreadsheet, Undo2, Upload } from 'lucide-react';
import { useState } from 'react';
import { DropZone, type FileDropItem, FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { cn } from '../../../shared/lib/cn';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { Select } from '../../../shared/ui/select';
import { Spinner } from '../../../shared/ui/spinner';
import {
  downloadRefusedRows,
  downloadTemplate,
  isImportRunning,
  useClientImport,
  useImportAction,
  useUpdateImport,
  useUploadImport,
} from '../api/client-imports';

/** The wizard's steps, in order. */
export const IMPORT_STEPS = ['upload', 'sheet', 'mapping', 'check', 'run'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** The translated message of a refused upload: the violation on `file`, 413 as "too large". */
function uploadProblem(error: unknown): string {
  if (isApiError(error, 413)) return translateErrorCode('payload_too_large');
  if (isApiError(error)) {
    const code = error.violations.find((v) => v.propertyPath === 'file')?.code;
    if (code) return translateErrorCode(code);
  }
  return errorMessage(error);
}

/** The wizard's position: where the URL says, the last step once the import has started. */
function currentStep(item: ClientImport | undefined, asked: string | null): ImportStep {
  if (!item) return 'upload';
  if (item.status !== 'draft') return 'run';
  return asked === 'mapping' || asked === 'check' ? asked : 'sheet';
}

function Stepper({ step }: { step: ImportStep }) {
  const { t } = useTranslation();
  const index = IMPORT_STEPS.indexOf(step);
  return (
    <ol className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={t('clientImport:title')}>
      {IMPORT_STEPS.map((name, i) => (
        <li
          key={name}
          aria-current={i === index ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2',
            i === index ? 'font-semibold text-brand-700' : i < index ? 'text-gray-800' : 'text-gray-600',
          )}
        >
          <span
            className={cn(
              'flex size-6 items-center justify-center rounded-full border text-xs',
              i === index ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400',
            )}
            aria-hidden
          >
            {i + 1}
          </span>
          {t(`clientImport:steps.${name}`)}
        </li>
      ))}
    </ol>
  );
}

/** Step 1: the file, dropped or chosen; the template. */
function UploadStep({ onUploaded }: { onUploaded: (item: ClientImport) => void }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadImport();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      onUploaded(await upload.mutateAsync(file));
    } catch (error) {
      setProblem(uploadProblem(error));
    }
  };

  return (
    <Card>
      <DropZone
        data-testid="import-drop-zone"
        aria-label={t('clientImport:upload.drop')}
        onDropEnter={() => setDragging(true)}
        onDropExit={() => setDragging(false)}
        onDrop={async (event) => {
          setDragging(false);
          const item = event.items.find((entry): entry is FileDropItem => entry.kind === 'file');
          if (item) await send(await item.getFile());
        }}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center outline-none',
          'focus-visible:ring-2 focus-visible:ring-brand-600',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-gray-300',
        )}
      >
        <FileSpreadsheet size={32} className="text-gray-500" aria-hidden />
        <p className="font-medium text-gray-900">{t('clientImport:upload.drop')}</p>
        <p className="text-sm text-gray-600">{t('clientImport:upload.or')}</p>
        <FileTrigger
          acceptedFileTypes={['.csv', '.txt', '.xlsx', 'text/csv']}
          onSelect={(files) => void send(files?.[0])}
        >
          <Button icon={<Upload size={16} aria-hidden />} isLoading={upload.isPending}>
            {t('clientImport:upload.choose')}
          </Button>
        </FileTrigger>
        <p className="max-w-prose text-sm text-gray-600">{t('clientImport:upload.limits')}</p>
        {upload.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
            <Spinner size={20} /> {t('clientImport:upload.sending')}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </DropZone>
      <div className="mt-4 flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
        <Button
          variant="white"
          icon={<Download size={16} aria-hidden />}
          onPress={() => void downloadTemplate(i18n.language, `${t('clientImport:title')}.csv`)}
        >
          {t('clientImport:template')}
        </Button>
        <p className="text-sm text-gray-600">{t('clientImport:templateHint')}</p>
      </div>
    </Card>
  );
}

/** The preview table of the first rows, the header row marked. */
function Preview({ item }: { item: ClientImport }) {
  const { t } = useTranslation();
  const width = Math.max(0, ...item.preview.map((r) => r.length));
  return (
    <div className="overflow-x-auto rounded-md border border-gray-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('clientImport:sheet.preview')}</caption>
        <tbody>
          {item.preview.map((row, r) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              key={r}
              className={cn('border-b border-gray-100', r + 1 === item.header_row && 'bg-brand-50 font-semibold')}
            >
              <th scope="row" className="whitespace-nowrap px-2 py-1 text-xs font-normal text-gray-600">
                {r + 1}
              </th>
              {Array.from({ length: width }, (_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                <td key={c} className="max-w-48 truncate px-2 py-1 text-gray-800">
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StepButtons({
  onBack,
  onNext,
  nextLabel,
  isLoading,
  isDisabled,
}: {
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  isLoading?: boolean;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap justify-between gap-3">
      {onBack ? (
        <Button variant="white" icon={<ArrowLeft size={16} aria-hidden />} onPress={onBack}>
          {t('clientImport:actions.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button
        onPress={onNext}
        isLoading={isLoading}
        isDisabled={isDisabled}
        icon={<ArrowRight size={16} aria-hidden />}
      >
        {nextLabel ?? t('clientImport:actions.next')}
      </Button>
    </div>
  );
}

/**
 * Why the last change of a setting (sheet, header row, duplicate policy) was refused, e.g. 409 `import_not_editable`
 * once the import has started elsewhere, or 422 `sheet_invalid`; nothing while the last change went through. The
 * choice shown is the one the server holds (the import is read again).
 */
function UpdateProblem({ update }: { update: ReturnType<typeof useUpdateImport> }) {
  return update.isError ? (
    <p role="alert" className="mb-4 text-sm text-red-700">
      {errorMessage(update.error)}
    </p>
  ) : null;
}

/** Step 2: sheet and header row. */
function SheetStep({ item, onBack, onNext }: { item: ClientImport; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateImport(item.ulid);
  const rowChoices = Array.from({ length: Math.max(1, Math.min(10, item.preview.length)) }, (_, i) => ({
    id: String(i + 1),
    label: t('clientImport:sheet.row', { row: i + 1 }),
  }));
  return (
    <Card>
      {item.format === 'csv' && item.encoding && item.delimiter ? (
        <p className="mb-4 text-sm text-gray-600">
          {t('clientImport:upload.detected', { encoding: item.encoding, delimiter: item.delimiter })}
        </p>
      ) : null}
      <div className="mb-4 grid gap-4 sm:grid-cols-2">
        {item.sheets.length > 1 ? (
          <Select
            label={t('clientImport:sheet.sheet')}
            value={item.sheet}
            onChange={(sheet) => sheet && update.mutate({ sheet })}
            options={item.sheets.map((name) => ({ id: name, label: name }))}
          />
        ) : null}
        <Select
          label={t('clientImport:sheet.headerRow')}
          description={t('clientImport:sheet.headerRowHint', { row: item.suggested_header_row })}
          value={String(item.header_row)}
          onChange={(row) => row && update.mutate({ header_row: Number(row) })}
          options={rowChoices}
        />
      </div>
      <UpdateProblem update={update} />
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{t('clientImport:sheet.preview')}</h2>
      <Preview item={item} />
      <StepButtons onBack={onBack} onNext={onNext} isLoading={update.isPending} />
    </Card>
  );
}

/** Step 3: the field of each column. */
function MappingStep({ item, onBack, onNext }: { item: ClientImport; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateImport(item.ulid);
  const [problem, setProblem] = useState<string | null>(null);
  const sample = item.preview[item.header_row] ?? [];
  const fieldOptions = [
    { id: '', label: t('clientImport:mapping.ignored') },
    ...IMPORT_FIELDS.map((field) => ({ id: field, label: t(`clientImport:fields.${field}`) })),
  ];
  const choose = async (index: number, field: string) => {
    const mapping = item.columns.map((c) =>
      c.index === index ? ((field || null) as ImportField | null) : c.field === field && field ? null : c.field,
    );
    setProblem(null);
    try {
      await update.mutateAsync({ mapping });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Card>
      <p className="mb-4 text-sm text-gray-700">{t('clientImport:mapping.intro')}</p>
      <ul className="flex flex-col divide-y divide-gray-100">
        {item.columns.map((column) => {
          const header = column.header || t('clientImport:mapping.untitled', { number: column.index + 1 });
          return (
            <li key={column.index} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center">
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{header}</p>
                <p className="truncate text-sm text-gray-600">{sample[column.index] ?? ''}</p>
              </div>
              <Select
                label={<span className="sr-only">{t('clientImport:mapping.fieldFor', { header })}</span>}
                value={column.field ?? ''}
                onChange={(field) => void choose(column.index, field)}
                options={fieldOptions}
              />
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <StepButtons onBack={onBack} onNext={onNext} isLoading={update.isPending} />
    </Card>
  );
}

/** The counts of a dry run or a finished import, one line each, pluralised. */
function Counts({ counts, tense }: { counts: ClientImport['counts']; tense: 'will' | 'did' }) {
  const { t } = useTranslation();
  const keys =
    tense === 'will'
      ? { created: 'willCreate', updated: 'willUpdate', skipped: 'willSkip', refused: 'willRefuse' }
      : { created: 'created', updated: 'updated', skipped: 'skipped', refused: 'refused' };
  const prefix = tense === 'will' ? 'clientImport:check.' : 'clientImport:run.';
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="import-counts">
      {(['created', 'updated', 'skipped', 'refused'] as const).map((name) => (
        <li
          key={name}
          className={cn(
            'rounded-md border px-3 py-2 text-sm',
            name === 'refused' && counts.refused > 0 ? 'border-red-200 bg-red-50 text-red-800' : 'border-gray-200',
          )}
        >
          {t(`${prefix}${keys[name]}`, { count: counts[name] })}
        </li>
      ))}
    </ul>
  );
}

/** Step 4: duplicates policy, summary, errors per cell, start. */
function CheckStep({ item, onBack }: { item: ClientImport; onBack: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateImport(item.ulid);
  const start = useImportAction(item.ulid, 'start');
  const dryRun = item.dry_run;
  const summary = dryRun?.summary ?? { created: 0, updated: 0, skipped: 0, refused: 0 };
  const headerOf = (column: number | null, field: ImportField) =>
    column === null
      ? t(`clientImport:fields.${field}`)
      : item.columns[column]?.header || t('clientImport:mapping.untitled', { number: column + 1 });
  const listed = dryRun?.errors ?? [];
  const more = summary.refused - listed.length;
  return (
    <Card>
      <RadioGroup
        label={t('clientImport:check.duplicates')}
        description={t('clientImport:check.duplicatesHint')}
        value={item.duplicate_policy}
        onChange={(policy) => update.mutate({ duplicate_policy: policy as 'skip' | 'update' })}
        orientation="horizontal"
        options={[
          { id: 'skip', label: t('clientImport:check.skip') },
          { id: 'update', label: t('clientImport:check.update') },
        ]}
      />
      <UpdateProblem update={update} />
      <div className="mt-4" aria-live="polite">
        <Counts counts={summary} tense="will" />
      </div>
      {listed.length ? (
        <div className="mt-6">
          <h2 className="mb-2 text-sm font-semibold text-gray-900">{t('clientImport:check.errorsTitle')}</h2>
          <div className="overflow-x-auto rounded-md border border-gray-200">
            <table className="min-w-full text-left text-sm" data-testid="import-errors">
              <thead className="bg-gray-50 text-xs text-gray-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('clientImport:check.row')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('clientImport:check.column')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('clientImport:check.error')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {listed.flatMap((row) =>
                  row.errors.map((error, i) => (
                    <tr key={`${row.row}-${error.field}`} className="border-t border-gray-100">
                      <td className="px-3 py-2 text-gray-700">{i === 0 ? row.row : ''}</td>
                      <td className="px-3 py-2 font-medium text-gray-900">{headerOf(error.column, error.field)}</td>
                      <td className="px-3 py-2 text-red-700">{translateErrorCode(error.code)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
          {more > 0 ? (
            <p className="mt-2 text-sm text-gray-600">{t('clientImport:check.moreRows', { count: more })}</p>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-green-800">{t('clientImport:check.noErrors')}</p>
      )}
      {start.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(start.error)}
        </p>
      ) : null}
      <StepButtons
        onBack={onBack}
        onNext={() => start.mutate()}
        nextLabel={t('clientImport:check.start')}
        isLoading={start.isPending || update.isPending}
        isDisabled={summary.created + summary.updated === 0}
      />
    </Card>
  );
}

/** Step 5: progress, then the report with the refused rows and undo. */
function RunStep({ item, onAgain }: { item: ClientImport; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const undo = useImportAction(item.ulid, 'undo');
  const [confirming, setConfirming] = useState(false);
  const running = isImportRunning(item);
  const percent = item.rows_total ? Math.round((item.rows_done / item.rows_total) * 100) : 0;
  const undoUntil = item.undo_until
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(item.undo_until),
      )
    : null;
  return (
    <Card>
      <div aria-live="polite">
        <p className="mb-2 font-medium text-gray-900">
          {item.status === 'queued'
            ? t('clientImport:run.queued')
            : item.status === 'running'
              ? t('clientImport:run.running', { done: item.rows_done, total: item.rows_total })
              : item.status === 'failed'
                ? t('clientImport:run.failed')
                : item.status === 'undone'
                  ? t('clientImport:run.undone')
                  : t('clientImport:run.done')}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('clientImport:run.progress')}
        aria-valuemin={0}
        aria-valuemax={item.rows_total}
        aria-valuenow={item.rows_done}
        aria-valuetext={t('clientImport:run.running', { done: item.rows_done, total: item.rows_total })}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {running ? <p className="mt-3 text-sm text-gray-600">{t('clientImport:run.leave')}</p> : null}
      {!running ? (
        <div className="mt-6 flex flex-col gap-4">
          <Counts counts={item.counts} tense="did" />
          {item.status === 'undone' && item.undo_kept > 0 ? (
            <p className="text-sm text-gray-700">{t('clientImport:run.undoKept', { count: item.undo_kept })}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {item.counts.refused > 0 ? (
              <Button
                variant="white"
                icon={<Download size={16} aria-hidden />}
                onPress={() =>
                  void downloadRefusedRows(item.ulid, `${item.file_name.replace(/\.[^.]+$/, '')}-refused.csv`)
                }
              >
                {t('clientImport:run.downloadRefused')}
              </Button>
            ) : null}
            {item.status === 'done' && item.undo_until ? (
              <Button variant="white" icon={<Undo2 size={16} aria-hidden />} onPress={() => setConfirming(true)}>
                {t('clientImport:run.undo')}
              </Button>
            ) : null}
          </div>
          {item.status === 'done' && undoUntil ? (
            <p className="text-sm text-gray-600">{t('clientImport:run.undoUntil', { date: undoUntil })}</p>
          ) : null}
          <div className="flex flex-wrap gap-3 border-t border-gray-100 pt-4">
            <Button variant="secondary" onPress={onAgain}>
              {t('clientImport:run.again')}
            </Button>
            <ButtonLink href="/clients" variant="white">
              {t('clientImport:run.backToClients')}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('clientImport:run.undoTitle')}
        message={t('clientImport:run.undoBody')}
        confirmLabel={t('clientImport:run.undoConfirm')}
        cancelLabel={t('clientImport:run.keep')}
        isLoading={undo.isPending}
        onConfirm={async () => {
          await undo.mutateAsync();
          setConfirming(false);
        }}
      />
    </Card>
  );
}

/** The import wizard screen, its texts (`clientImport`, loaded on demand) there. */
function ClientImportScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ulid = params.get('import');
  const query = useClientImport(ulid);
  const item = query.data;
  const step = currentStep(ulid ? item : undefined, params.get('step'));
  const go = (next: { import?: string | null; step?: ImportStep | null }, replace = false) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(next)) {
          if (value) copy.set(key, value);
          else copy.delete(key);
        }
        return copy;
      },
      { replace },
    );

  let body: React.ReactNode;
  if (ulid && query.isPending) {
    body = (
      <Card>
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      </Card>
    );
  } else if (ulid && query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (!item || step === 'upload') {
    body = <UploadStep onUploaded={(uploaded) => go({ import: uploaded.ulid, step: 'sheet' })} />;
  } else if (step === 'sheet') {
    body = (
      <SheetStep item={item} onBack={() => go({ import: null, step: null })} onNext={() => go({ step: 'mapping' })} />
    );
  } else if (step === 'mapping') {
    body = <MappingStep item={item} onBack={() => go({ step: 'sheet' })} onNext={() => go({ step: 'check' })} />;
  } else if (step === 'check') {
    body = <CheckStep item={item} onBack={() => go({ step: 'mapping' })} />;
  } else {
    body = <RunStep item={item} onAgain={() => go({ import: null, step: null })} />;
  }

  return (
    <>
      <PageHeader
        title={t('clientImport:title')}
        description={t('clientImport:description')}
        actions={
          <ButtonLink href="/clients" variant="white" icon={<ArrowLeft size={16} aria-hidden />}>
            {t('clientImport:run.backToClients')}
          </ButtonLink>
        }
      />
      <Stepper step={step} />
      {body}
    </>
  );
}

/** The import wizard screen (`/clients/import`); a spinner while its texts load. */
export const ClientImportPage = withOnDemandTexts(
  'clientImport',
  ClientImportScreen,
  <div className="flex justify-center py-16">
    <Spinner />
  </div>,
);
