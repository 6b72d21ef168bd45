/**
 * The translation tool's calls (issue 14; contracts `translationEndpoints`, docs/decisions/014): the keys (filtered
 * for one language, 50 a page), the languages with their progress, set/revert a key, add/delete a language, the
 * import (dry run, then apply), the export (downloaded as a file) and the publication. Admin action only.
 */
import {
  translationEndpoints as api,
  type TranslationImportReport,
  type TranslationKey,
  type TranslationKeyCollection,
  type TranslationKeysQuery,
  type TranslationLanguage,
  type TranslationLanguageCollection,
  type TranslationVersion,
} from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { http } from '../../../shared/api/http-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';

export const translationKeys = {
  all: ['translations'] as const,
  keys: (query: Partial<TranslationKeysQuery>) => ['translations', 'keys', query] as const,
  languages: ['translations', 'languages'] as const,
  version: ['translations', 'version'] as const,
};

/** `GET /api/translations/keys` for `query`; the previous page stays on screen while the next one loads. */
export function keysQueryOptions(query: Partial<TranslationKeysQuery>) {
  return queryOptions({
    queryKey: translationKeys.keys(query),
    queryFn: ({ signal }): Promise<TranslationKeyCollection> =>
      callEndpoint(api.keys, { query: query as TranslationKeysQuery, signal, redirectOnError: false }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/translations/languages`: each language and its progress. */
export const languagesQueryOptions = queryOptions({
  queryKey: translationKeys.languages,
  queryFn: ({ signal }): Promise<TranslationLanguageCollection> =>
    callEndpoint(api.languages, { signal, redirectOnError: false }),
});

/** `GET /api/translations/version`: the published version. */
export const versionQueryOptions = queryOptions({
  queryKey: translationKeys.version,
  queryFn: ({ signal }): Promise<TranslationVersion> => callEndpoint(api.version, { signal, redirectOnError: false }),
});

/** The tool's writes; each refreshes the keys, the languages and the version. */
export function useTranslationMutations() {
  const queryClient = useQueryClient();
  // ADR 027: adding a language is a create; a double submit adds it once
  const languageKeys = useIdempotencyKey();
  const refresh = () => queryClient.invalidateQueries({ queryKey: translationKeys.all });
  return {
    save: useMutation({
      mutationFn: (input: {
        language: string;
        namespace: string;
        key: string;
        value: string;
      }): Promise<TranslationKey> =>
        callEndpoint(api.setOverride, {
          params: { language: input.language, namespace: input.namespace, key: input.key },
          body: { value: input.value },
          redirectOnError: false,
        }),
      onSuccess: refresh,
    }),
    revert: useMutation({
      mutationFn: (input: { language: string; namespace: string; key: string }): Promise<TranslationKey> =>
        callEndpoint(api.removeOverride, { params: input, redirectOnError: false }),
      onSuccess: refresh,
    }),
    addLanguage: useMutation({
      mutationFn: (code: string): Promise<TranslationLanguage> =>
        callEndpoint(api.addLanguage, {
          body: { code },
          idempotencyKey: languageKeys.keyFor({ code }),
          redirectOnError: false,
        }),
      onSuccess: async () => {
        languageKeys.renew();
        await refresh();
      },
    }),
    removeLanguage: useMutation({
      mutationFn: (language: string) =>
        callEndpoint(api.removeLanguage, { params: { language }, redirectOnError: false }),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: (): Promise<TranslationVersion> => callEndpoint(api.publish, { redirectOnError: false }),
      onSuccess: refresh,
    }),
    importFile: useMutation({
      mutationFn: (input: {
        file: File;
        apply: boolean;
        excludeConflicts: boolean;
      }): Promise<TranslationImportReport> => {
        const body = new FormData();
        body.append('file', input.file, input.file.name);
        return callEndpoint(api.importFile, {
          body,
          query: {
            dry_run: input.apply ? 'false' : 'true',
            exclude_conflicts: input.excludeConflicts ? 'true' : 'false',
          },
          redirectOnError: false,
        });
      },
      onSuccess: (report) => {
        if (report.applied) void refresh();
      },
    }),
  };
}

/** Downloads the export of `format` (`language` for the one-language formats) as a file. */
export async function downloadExport(format: string, language: string | null): Promise<void> {
  const query: Record<string, string> = { format };
  if (language) query.language = language;
  const url = http.url(api.exportFile.path, query);
  const response = await fetch(url, { credentials: 'include', headers: { 'client-type': 'webapp' } });
  if (!response.ok) throw new Error(`export ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `translations.${format}`;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
