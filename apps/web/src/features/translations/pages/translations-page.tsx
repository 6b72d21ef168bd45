/**
 * The translation tool (`/translations`, admin action — issue 14, SPEC §2.2, §2.7 "Translation tool"; the header is
 * hidden there, §2.3): the languages with their progress (counted with each one's plural forms) — add one, delete an
 * added one after confirmation —; the keys with search and filters (to translate, changed, to review, by section)
 * and every language side by side; edit a text of the chosen language or restore its original, with the server's
 * field errors in the admin's language; import a file (dry run first: new, changed and conflicting texts, then
 * apply), export, and "send to the server" (publish: open browsers fetch the texts again). Texts: the `translations`
 * namespace, loaded on demand. On a phone (below `md`, 768 px) the side-by-side table becomes a list of keys, each
 * with its languages stacked (the chosen one first), so that nothing is clipped or scrolls sideways at 390 px.
 */
import {
  TRANSLATION_FORMATS,
  type TranslationImportReport,
  type TranslationKey,
  type TranslationKeysQuery,
} from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, Pencil, Send, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../shared/forms/form-slide-over';
import { mapViolations } from '../../../shared/forms/violations';
import onDemandNamespaces from '../../../shared/i18n/on-demand-namespaces.json';
import { namespaces as bundledNamespaces } from '../../../shared/i18n/resources';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Modal } from '../../../shared/ui/modal';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { SearchInput } from '../../../shared/ui/search-input';
import { Select } from '../../../shared/ui/select';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import {
  downloadExport,
  keysQueryOptions,
  languagesQueryOptions,
  useTranslationMutations,
  versionQueryOptions,
} from '../api/translations-api';

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 250;
const BUNDLED = ['fr', 'en', 'ja', 'it', 'pt'];
const STATUSES = ['all', 'missing', 'overridden', 'stale'] as const;
const ONE_LANGUAGE_FORMATS = new Set(['json', 'po', 'xliff12', 'xliff20']);
/** Every catalogue of packages/i18n: the shell's and start's, the on-demand ones, and the server's mail texts. */
const namespaces = [...new Set([...bundledNamespaces, ...onDemandNamespaces, 'mail'])]
  .filter((ns) => ns !== 'translation')
  .sort();

/** The name of a language in the interface language (`enums:language.*` for the bundled ones, else its code). */
function useLanguageName() {
  const { t } = useTranslation();
  return (code: string) => (BUNDLED.includes(code) ? t(`enums:language.${code}`) : code);
}

/** One language's text of a key: the text (or "missing") and its "to review" or "changed" mark. */
function KeyText({ text }: { text: TranslationKey['texts'][number] | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {text?.value ?? <span className="text-gray-600 italic">{t('translations:table.missing')}</span>}
      {text?.stale ? (
        <span className="ml-1" title={t('translations:table.staleHint')}>
          <Badge tone="amber">{t('translations:table.stale')}</Badge>
        </span>
      ) : text?.override !== null && text?.override !== undefined ? (
        <span className="ml-1">
          <Badge tone="blue">{t('translations:table.overridden')}</Badge>
        </span>
      ) : null}
    </>
  );
}

/** The Edit button of a key (its accessible name names the key). */
function EditKeyButton({ keyName, onPress }: { keyName: string; onPress: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="white"
      size="sm"
      icon={<Pencil size={16} aria-hidden />}
      aria-label={t('translations:table.edit', { key: keyName })}
      onPress={onPress}
    />
  );
}

/**
 * The keys on a phone: one item per key, its languages stacked under it (the chosen language first, highlighted), in
 * place of the side-by-side table.
 */
function KeyList({
  keys,
  codes,
  language,
  onEdit,
}: {
  keys: TranslationKey[];
  codes: string[];
  language: string;
  onEdit: (key: TranslationKey) => void;
}) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const ordered = [language, ...codes.filter((code) => code !== language)];
  return (
    <ul aria-label={t('translations:table.label')} className="divide-y divide-gray-200 md:hidden">
      {keys.map((key) => {
        const keyName = `${key.namespace}:${key.key}`;
        return (
          <li key={keyName} className="flex flex-col gap-2 py-3">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-mono text-xs break-all text-gray-800">{keyName}</p>
              <EditKeyButton keyName={keyName} onPress={() => onEdit(key)} />
            </div>
            <dl className="flex flex-col gap-1.5 text-sm">
              {ordered.map((code) => (
                <div key={code} className={code === language ? 'rounded-md bg-brand-50 px-2 py-1.5' : 'px-2 py-0.5'}>
                  <dt className="text-xs font-medium text-gray-700">{name(code)}</dt>
                  <dd lang={code} className="break-words text-gray-900">
                    <KeyText text={key.texts.find((item) => item.language === code)} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function LanguagesCard({ onDelete }: { onDelete: (code: string) => void }) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const languages = useQuery(languagesQueryOptions);
  const { addLanguage } = useTranslationMutations();
  const [code, setCode] = useState('');
  const error = mapViolations(addLanguage.error, new Set(['code']))?.fields[0]?.[1] ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addLanguage.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        notify({ title: t('translations:languages.added') });
      },
      onError: (failure) => {
        if (!mapViolations(failure, new Set(['code']))) notifyError(failure);
      },
    });
  };

  return (
    <Card title={t('translations:languages.title')}>
      {languages.isPending ? (
        <SkeletonLines lines={5} />
      ) : languages.isError ? (
        <ErrorState error={languages.error} onRetry={() => void languages.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {languages.data['hydra:member'].map((language) => {
            const percent = language.total ? Math.floor((language.translated / language.total) * 100) : 0;
            return (
              <li key={language.code} className="flex flex-col gap-2 rounded-md border border-gray-200 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium text-gray-900">
                    {name(language.code)} <span className="text-gray-600">({language.code})</span>
                  </span>
                  {language.bundled ? (
                    <Badge tone="gray">{t('translations:languages.bundled')}</Badge>
                  ) : (
                    <Button
                      variant="white"
                      size="sm"
                      icon={<Trash2 size={16} aria-hidden />}
                      aria-label={t('translations:languages.delete', { language: name(language.code) })}
                      onPress={() => onDelete(language.code)}
                    />
                  )}
                </div>
                <div
                  role="progressbar"
                  aria-label={t('translations:languages.progressLabel', { language: name(language.code) })}
                  aria-valuemin={0}
                  aria-valuemax={language.total}
                  aria-valuenow={language.translated}
                  className="h-2 overflow-hidden rounded-full bg-gray-200"
                >
                  <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
                </div>
                <p className="text-xs text-gray-700">
                  {t('translations:languages.progress', { translated: language.translated, total: language.total })}
                  {' · '}
                  {t('translations:languages.overridden', { count: language.overridden })}
                  {language.stale > 0 ? ` · ${t('translations:languages.stale', { count: language.stale })}` : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label={t('translations:languages.code')}
          description={t('translations:languages.codeHint')}
          value={code}
          onChange={setCode}
          error={error}
          className="sm:w-80"
        />
        <Button type="submit" variant="white" isLoading={addLanguage.isPending} className="sm:mt-6">
          {t('translations:languages.add')}
        </Button>
      </form>
    </Card>
  );
}

function EditDialog({
  target,
  onClose,
}: {
  target: { key: TranslationKey; language: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const { save, revert } = useTranslationMutations();
  const current = target?.key.texts.find((text) => text.language === target.language);
  const [value, setValue] = useState(current?.value ?? '');
  const errors = mapViolations(save.error, new Set(['value', 'key']));
  const error = errors?.fields[0]?.[1] ?? null;
  // Cancel, Escape, the close button or a click outside ask before dropping a text typed and not saved
  const isSaving = save.isPending || revert.isPending;
  const { guard, dialog } = useUnsavedChangesGuard({ isDirty: value !== (current?.value ?? ''), isSaving });
  if (!target) return null;
  const input = { language: target.language, namespace: target.key.namespace, key: target.key.key };
  return (
    <>
      <Modal
        isOpen
        isDismissable={!isSaving}
        onOpenChange={(open) => (open ? null : guard(onClose))}
        title={t('translations:edit.title')}
        footer={
          <>
            {current?.override !== null && current?.override !== undefined ? (
              <Button
                variant="white"
                isLoading={revert.isPending}
                onPress={() =>
                  revert.mutate(input, {
                    onSuccess: () => {
                      notify({ title: t('translations:edit.reverted') });
                      onClose();
                    },
                    onError: (failure) => notifyError(failure),
                  })
                }
              >
                {t('translations:edit.revert')}
              </Button>
            ) : null}
            <Button variant="white" onPress={() => guard(onClose)} isDisabled={isSaving}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              variant="primary"
              isLoading={save.isPending}
              onPress={() =>
                save.mutate(
                  { ...input, value },
                  {
                    onSuccess: () => {
                      notify({ title: t('translations:edit.saved') });
                      onClose();
                    },
                    onError: (failure) => {
                      if (!mapViolations(failure, new Set(['value', 'key']))) notifyError(failure);
                    },
                  },
                )
              }
            >
              {t('translations:edit.save')}
            </Button>
          </>
        }
      >
        <div className="flex min-w-0 flex-col gap-4">
          <p className="font-mono text-xs break-all text-gray-700">
            {target.key.namespace}:{target.key.key}
          </p>
          <div>
            <p className="text-sm font-medium text-gray-800">{t('translations:edit.english')}</p>
            <p className="text-sm break-words whitespace-pre-wrap text-gray-900">{target.key.english}</p>
          </div>
          <TextArea
            label={t('translations:edit.value', { language: name(target.language) })}
            description={t('translations:edit.valueHint')}
            value={value}
            onChange={setValue}
            error={error}
            rows={3}
            autoFocus
          />
        </div>
      </Modal>
      {dialog}
    </>
  );
}

function ImportCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { importFile } = useTranslationMutations();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TranslationImportReport | null>(null);
  const fileError = mapViolations(importFile.error, new Set(['file', 'language']))?.fields[0]?.[1] ?? null;

  const check = (chosen: File) => {
    setFile(chosen);
    setReport(null);
    importFile.mutate(
      { file: chosen, apply: false, excludeConflicts: false },
      {
        onSuccess: setReport,
        onError: (failure) => {
          if (!mapViolations(failure, new Set(['file', 'language']))) notifyError(failure);
        },
      },
    );
  };
  const apply = (excludeConflicts: boolean) => {
    if (!file) return;
    importFile.mutate(
      { file, apply: true, excludeConflicts },
      {
        onSuccess: () => {
          notify({ title: t('translations:import.applied') });
          setReport(null);
          setFile(null);
        },
        onError: (failure) => notifyError(failure),
      },
    );
  };
  const rows = report
    ? [
        ...report.conflicts.map((entry) => ({ entry, kind: 'conflict' as const })),
        ...report.new.map((entry) => ({ entry, kind: 'new' as const })),
        ...report.changed.map((entry) => ({ entry, kind: 'changed' as const })),
      ]
    : [];

  return (
    <Card title={t('translations:import.title')}>
      <p className="mb-3 text-sm text-gray-700">{t('translations:import.hint')}</p>
      <input
        id={inputId}
        ref={fileInput}
        type="file"
        className="sr-only"
        accept=".zip,.json,.xlf,.xliff,.po,.xlsx"
        aria-label={t('translations:import.choose')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) check(chosen);
          event.target.value = '';
        }}
      />
      <Button variant="white" icon={<Upload size={16} aria-hidden />} onPress={() => fileInput.current?.click()}>
        {t('translations:import.choose')}
      </Button>
      {file ? (
        <span className="mt-2 block text-sm break-all text-gray-700 sm:mt-0 sm:ml-3 sm:inline">{file.name}</span>
      ) : null}
      {importFile.isPending && !report ? (
        <p className="mt-3 text-sm text-gray-700" role="status">
          {t('translations:import.checking')}
        </p>
      ) : null}
      {fileError ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {t(`errors:${fileError}`)}
        </p>
      ) : null}
      {report ? (
        <section aria-label={t('translations:import.report')} className="mt-4 flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-gray-900">{t('translations:import.report')}</h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            <li>
              <Badge tone="green">{t('translations:import.new', { count: report.new.length })}</Badge>
            </li>
            <li>
              <Badge tone="blue">{t('translations:import.changed', { count: report.changed.length })}</Badge>
            </li>
            <li>
              <Badge tone={report.conflicts.length ? 'red' : 'gray'}>
                {t('translations:import.conflicts', { count: report.conflicts.length })}
              </Badge>
            </li>
            <li>
              <Badge tone="gray">{t('translations:import.unchanged', { count: report.unchanged })}</Badge>
            </li>
            {report.unknown.length ? (
              <li>
                <Badge tone="amber">{t('translations:import.unknown', { count: report.unknown.length })}</Badge>
              </li>
            ) : null}
          </ul>
          {rows.length === 0 ? (
            <p className="text-sm text-gray-700">{t('translations:import.nothing')}</p>
          ) : (
            <>
              {/* on a phone: one item per text, its current and imported values stacked */}
              <ul className="divide-y divide-gray-200 md:hidden">
                {rows.slice(0, 200).map(({ entry, kind }) => (
                  <li
                    key={`${kind}/${entry.language}/${entry.namespace}/${entry.key}`}
                    className="flex flex-col gap-1.5 py-3 text-sm"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={kind === 'conflict' ? 'red' : kind === 'new' ? 'green' : 'blue'}>
                        {t(
                          `translations:import.${kind === 'conflict' ? 'kindConflict' : kind === 'new' ? 'kindNew' : 'kindChanged'}`,
                        )}
                      </Badge>
                      <span className="min-w-0 font-mono text-xs break-all text-gray-800">
                        {entry.language}/{entry.namespace}:{entry.key}
                      </span>
                    </div>
                    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                      <dt className="text-xs font-medium text-gray-700">{t('translations:import.current')}</dt>
                      <dd className="break-words text-gray-900">{entry.current}</dd>
                      <dt className="text-xs font-medium text-gray-700">{t('translations:import.value')}</dt>
                      <dd className="break-words text-gray-900">{entry.value}</dd>
                    </dl>
                    {entry.codes.length ? (
                      <p className="text-red-700">{entry.codes.map((code) => t(`errors:${code}`)).join(' ')}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
              <div className="hidden overflow-x-auto md:block">
                <table className="w-full text-left text-sm">
                  <thead className="text-gray-700">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        {t('translations:import.kind')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('translations:table.key')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('translations:import.current')}
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        {t('translations:import.value')}
                      </th>
                      <th scope="col" className="py-2">
                        {t('translations:import.problem')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-200">
                    {rows.slice(0, 200).map(({ entry, kind }) => (
                      <tr key={`${kind}/${entry.language}/${entry.namespace}/${entry.key}`}>
                        <td className="py-2 pr-3">
                          <Badge tone={kind === 'conflict' ? 'red' : kind === 'new' ? 'green' : 'blue'}>
                            {t(
                              `translations:import.${kind === 'conflict' ? 'kindConflict' : kind === 'new' ? 'kindNew' : 'kindChanged'}`,
                            )}
                          </Badge>
                        </td>
                        <td className="py-2 pr-3 font-mono text-xs">
                          {entry.language}/{entry.namespace}:{entry.key}
                        </td>
                        <td className="py-2 pr-3">{entry.current}</td>
                        <td className="py-2 pr-3">{entry.value}</td>
                        <td className="py-2 text-red-700">
                          {entry.codes.map((code) => t(`errors:${code}`)).join(' ')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          {report.conflicts.length ? (
            <p className="text-sm text-gray-800">{t('translations:import.conflictsBlock')}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              isDisabled={report.conflicts.length > 0 || rows.length === 0}
              isLoading={importFile.isPending}
              onPress={() => apply(false)}
            >
              {t('translations:import.apply')}
            </Button>
            {report.conflicts.length ? (
              <Button variant="white" isLoading={importFile.isPending} onPress={() => apply(true)}>
                {t('translations:import.applyExcluding')}
              </Button>
            ) : null}
            <Button
              variant="white"
              onPress={() => {
                setReport(null);
                setFile(null);
              }}
            >
              {t('translations:import.cancel')}
            </Button>
          </div>
        </section>
      ) : null}
    </Card>
  );
}

function ExportCard({ languages }: { languages: string[] }) {
  const { t } = useTranslation();
  const name = useLanguageName();
  const [format, setFormat] = useState<string>('zip');
  const [language, setLanguage] = useState<string>('fr');
  const [busy, setBusy] = useState(false);
  const needsLanguage = ONE_LANGUAGE_FORMATS.has(format);
  return (
    <Card title={t('translations:export.title')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label={t('translations:export.format')}
          options={TRANSLATION_FORMATS.map((id) => ({ id, label: t(`translations:formats.${id}`) }))}
          value={format}
          onChange={setFormat}
          className="sm:w-64"
        />
        {needsLanguage ? (
          <Select
            label={t('translations:export.language')}
            options={languages.map((id) => ({ id, label: name(id) }))}
            value={language}
            onChange={setLanguage}
            className="sm:w-48"
          />
        ) : null}
        <Button
          variant="white"
          icon={<Download size={16} aria-hidden />}
          isLoading={busy}
          onPress={() => {
            setBusy(true);
            downloadExport(format, needsLanguage ? language : null)
              .catch((failure: unknown) => notifyError(failure))
              .finally(() => setBusy(false));
          }}
        >
          {t('translations:export.download')}
        </Button>
      </div>
    </Card>
  );
}

/** The `/translations` screen. */
export function TranslationsPage() {
  const { t } = useTranslation();
  const name = useLanguageName();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [language, setLanguage] = useState('fr');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [namespace, setNamespace] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ key: TranslationKey; language: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { publish, removeLanguage } = useTranslationMutations();
  const version = useQuery(versionQueryOptions);
  const languages = useQuery(languagesQueryOptions);
  const codes = languages.data?.['hydra:member'].map((l) => l.code) ?? BUNDLED;
  const query: Partial<TranslationKeysQuery> = {
    language,
    status,
    page,
    itemsPerPage: PAGE_SIZE,
    ...(namespace ? { namespace } : {}),
    ...(debounced.trim() ? { search: debounced.trim() } : {}),
  };
  const keys = useQuery(keysQueryOptions(query));

  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('translations:title')}
        description={t('translations:description')}
        actions={
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button
              variant="primary"
              icon={<Send size={16} aria-hidden />}
              isLoading={publish.isPending}
              onPress={() =>
                publish.mutate(undefined, {
                  onSuccess: (published) =>
                    notify({
                      title: t('translations:published', { version: published.version }),
                    }),
                  onError: (failure) => notifyError(failure),
                })
              }
            >
              {publish.isPending ? t('translations:publishing') : t('translations:publish')}
            </Button>
            <p className="text-xs text-gray-700">
              {version.data && version.data.version > 0
                ? t('translations:version', { version: version.data.version })
                : t('translations:neverPublished')}
            </p>
          </div>
        }
      />
      <LanguagesCard onDelete={setDeleting} />
      <Card title={t('translations:table.label')}>
        <fieldset className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">{t('translations:filters.label')}</legend>
          <SearchInput
            label={t('translations:filters.search')}
            placeholder={t('translations:filters.searchPlaceholder')}
            value={search}
            onChange={reset(setSearch)}
          />
          <Select
            label={t('translations:filters.language')}
            options={codes.map((id) => ({ id, label: name(id) }))}
            value={language}
            onChange={reset(setLanguage)}
          />
          <Select
            label={t('translations:filters.status')}
            options={STATUSES.map((id) => ({ id, label: t(`translations:status.${id}`) }))}
            value={status}
            onChange={reset((id: string) => setStatus(id as (typeof STATUSES)[number]))}
          />
          <Select
            label={t('translations:filters.namespace')}
            options={[
              { id: 'all', label: t('translations:filters.allNamespaces') },
              ...namespaces.map((id) => ({ id, label: id })),
            ]}
            value={namespace || 'all'}
            onChange={reset((id: string) => setNamespace(id === 'all' ? '' : id))}
          />
        </fieldset>
        {keys.isPending ? (
          <SkeletonLines lines={8} />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data['hydra:totalItems'] === 0 ? (
          <EmptyState message={t('translations:table.empty')} />
        ) : (
          <>
            <KeyList
              keys={keys.data['hydra:member']}
              codes={codes}
              language={language}
              onEdit={(key) => setEditing({ key, language })}
            />
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <caption className="sr-only">{t('translations:table.label')}</caption>
                <thead className="text-gray-700">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {t('translations:table.key')}
                    </th>
                    {codes.map((code) => (
                      <th key={code} scope="col" className="py-2 pr-3" lang={code}>
                        {name(code)}
                      </th>
                    ))}
                    <th scope="col" className="py-2">
                      <span className="sr-only">{t('common:actions.edit')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200 align-top">
                  {keys.data['hydra:member'].map((key) => (
                    <tr key={`${key.namespace}:${key.key}`}>
                      <th
                        scope="row"
                        className="min-w-48 py-2 pr-3 font-mono text-xs font-normal break-all text-gray-800"
                      >
                        {key.namespace}:{key.key}
                      </th>
                      {codes.map((code) => {
                        const text = key.texts.find((item) => item.language === code);
                        return (
                          <td
                            key={code}
                            lang={code}
                            className={code === language ? 'bg-brand-50 py-2 pr-3' : 'py-2 pr-3'}
                          >
                            <KeyText text={text} />
                          </td>
                        );
                      })}
                      <td className="py-2">
                        <EditKeyButton
                          keyName={`${key.namespace}:${key.key}`}
                          onPress={() => setEditing({ key, language })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={keys.data['hydra:totalItems']} pageSize={PAGE_SIZE} onPageChange={setPage} />
          </>
        )}
      </Card>
      <ImportCard />
      <ExportCard languages={codes} />
      {editing ? (
        <EditDialog
          key={`${editing.key.namespace}:${editing.key.key}:${editing.language}`}
          target={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('translations:languages.deleteTitle', { language: deleting ? name(deleting) : '' })}
        message={t('translations:languages.deleteMessage')}
        confirmLabel={t('translations:languages.delete', { language: deleting ? name(deleting) : '' })}
        isLoading={removeLanguage.isPending}
        onConfirm={() => {
          if (!deleting) return;
          removeLanguage.mutate(deleting, {
            onSuccess: () => {
              notify({ title: t('translations:languages.deleted') });
              setDeleting(null);
            },
            onError: (failure) => notifyError(failure),
          });
        }}
      />
    </div>
  );
}
