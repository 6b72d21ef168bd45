/**
 * `POST /api/alerts/{ulid}/acknowledge` (PCO action): closes an open alert (200 `AlertLogEntry` with
 * `close_reason: 'acknowledged'`; 409 `alert_already_closed`; 404 `alert_not_found`).
 */
import { type AlertLogEntry, alertEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { alertKeys } from '../../../shared/api/resources/alerts';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Acknowledges the alert `alertUlid`; answers the closed entry. */
export function acknowledgeAlert(alertUlid: string): Promise<AlertLogEntry> {
  return callEndpoint(alertEndpoints.acknowledge, { params: { ulid: alertUlid }, redirectOnError: false });
}

/**
 * The acknowledgement: the closed entry replaces the open one in every cached page of the log at once, then the
 * logs, the site (its priority and status), the sites list and the equipment refresh. A failure (e.g. already closed)
 * refreshes them too, so that the row shows what the server holds.
 */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  const refresh = () => invalidateResource(queryClient, 'alerts');
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: (closed) => {
      queryClient.setQueriesData<{ 'hydra:member': AlertLogEntry[] }>({ queryKey: alertKeys.all }, (page) =>
        page && Array.isArray(page['hydra:member'])
          ? {
              ...page,
              'hydra:member': page['hydra:member'].map((entry) => (entry.ulid === closed.ulid ? closed : entry)),
            }
          : page,
      );
      void refresh();
    },
    onError: () => void refresh(),
  });
}
