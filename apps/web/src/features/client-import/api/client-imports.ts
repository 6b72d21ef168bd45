/**
 * Calls of the client import (issue 13; docs/decisions/012): upload (multipart), read (polled while the job runs),
 * settings with their dry run, start, undo, and the two CSV downloads (refused rows, template), fetched with the
 * API's headers and handed to the browser as a file.
 */
import { clientImportEndpoints as api, type ClientImport, type ClientImportSettingsBody } from '@isoptera/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, fillPath } from '../../../shared/api/endpoint-client';
import { http } from '../../../shared/api/http-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';

/** Query keys of imports. */
export const importKeys = {
  all: ['client-imports'] as const,
  detail: (ulid: string) => ['client-imports', ulid] as const,
};

/** While the job works, the import is read again this often (ms). */
export const IMPORT_POLL_MS = 1000;

/** `true` while the job has not ended. */
export const isImportRunning = (item: ClientImport | undefined) =>
  item?.status === 'queued' || item?.status === 'running';

/** The import `ulid`, polled every second while it is queued or running (a reload shows the same progress). */
export function useClientImport(ulid: string | null) {
  return useQuery({
    queryKey: importKeys.detail(ulid ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(api.get, { params: { ulid: ulid ?? '' }, signal, redirectOnError: false }) as Promise<ClientImport>,
    enabled: ulid !== null,
    refetchInterval: (query) => (isImportRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** Uploads a file: the draft import. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  // ADR 027: a double drop or a retried upload of the same file makes one draft import
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return callEndpoint(api.upload, {
        body,
        idempotencyKey: keys.keyFor(body),
        redirectOnError: false,
      }) as Promise<ClientImport>;
    },
    onSuccess: (item) => {
      keys.renew();
      queryClient.setQueryData(importKeys.detail(item.ulid), item);
    },
  });
}

/** Changes the settings of a draft; the answer (with its dry run) replaces the cached import. */
export function useUpdateImport(ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientImportSettingsBody) =>
      callEndpoint(api.update, { params: { ulid }, body, redirectOnError: false }) as Promise<ClientImport>,
    onSuccess: (item) => queryClient.setQueryData(importKeys.detail(ulid), item),
    // a refused change: show the settings the server holds
    onError: () => void queryClient.invalidateQueries({ queryKey: importKeys.detail(ulid) }),
  });
}

/** Starts the import, or undoes it: the answer replaces the cached import; the clients lists are refreshed. */
export function useImportAction(ulid: string, action: 'start' | 'undo') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(action === 'start' ? api.start : api.undo, {
        params: { ulid },
        redirectOnError: false,
      }) as Promise<ClientImport>,
    onSuccess: (item) => {
      queryClient.setQueryData(importKeys.detail(ulid), item);
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
    },
  });
}

/** Hands `text` to the browser as a CSV file named `name`. */
function saveCsv(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the refused rows of an import (error column in the interface language). */
export async function downloadRefusedRows(ulid: string, name: string): Promise<void> {
  const text = await http.get<string>(fillPath(api.refused.path, { ulid }), { redirectOnError: false });
  saveCsv(text ?? '', name);
}

/** Downloads the CSV template with headings in `lang`. */
export async function downloadTemplate(lang: string, name: string): Promise<void> {
  const text = await http.get<string>(api.template.path, { query: { lang }, redirectOnError: false });
  saveCsv(text ?? '', name);
}
