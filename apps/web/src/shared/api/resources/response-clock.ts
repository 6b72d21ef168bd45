/**
 * The response clock's calls (issue 15 "Alert → visit on a response clock"; contract `responseClockEndpoints`,
 * docs/decisions/019): Home's running clocks, an alert's proposed visit, accepting it with the intervention panel's
 * body (201: the planned intervention, linked to the alert) and dismissing it with a reason. Their keys live under
 * `['alerts']`: a live alert event, an acknowledgement or a decision refreshes them.
 */
import {
  type Intervention,
  type InterventionBody,
  responseClockEndpoints,
  type VisitDismissBody,
  type VisitProposal,
} from '@isoptera/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import { callEndpoint } from '../endpoint-client';
import { alertKeys } from './alerts';
import { invalidateResource } from './invalidation';

/** `GET /api/alert_clocks`: the running clocks of the space, soonest due first. Refetched every minute. */
export function alertClocksQueryOptions() {
  return queryOptions({
    queryKey: alertKeys.clocks,
    queryFn: ({ signal }) => callEndpoint(responseClockEndpoints.clocks, { signal, redirectOnError: false }),
    refetchInterval: 60_000,
  });
}

/** `GET /api/alerts/{ulid}/visit_proposal`: the alert's proposed visit, or null when it has none (404). */
export function visitProposalQueryOptions(alertUlid: string) {
  return queryOptions({
    queryKey: alertKeys.proposal(alertUlid),
    queryFn: async ({ signal }): Promise<VisitProposal | null> => {
      try {
        return await callEndpoint(responseClockEndpoints.getProposal, {
          params: { ulid: alertUlid },
          signal,
          redirectOnError: false,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** `POST /api/alerts/{ulid}/visit_proposal/accept` with the panel's body: the planned intervention. */
export function acceptVisitProposal(alertUlid: string, body: InterventionBody): Promise<Intervention> {
  return callEndpoint(responseClockEndpoints.acceptProposal, {
    params: { ulid: alertUlid },
    body,
    redirectOnError: false,
  });
}

/** `POST /api/alerts/{ulid}/visit_proposal/dismiss`: the dismissed proposal (422 on a missing reason or note). */
export function dismissVisitProposal(alertUlid: string, body: VisitDismissBody): Promise<VisitProposal> {
  return callEndpoint(responseClockEndpoints.dismissProposal, {
    params: { ulid: alertUlid },
    body,
    redirectOnError: false,
  });
}

/** The dismissal; the clocks and the alert logs refresh after it (also after a failure: 409 already decided). */
export function useDismissVisitProposal() {
  const queryClient = useQueryClient();
  const refresh = () => invalidateResource(queryClient, 'alerts');
  return useMutation({
    mutationFn: ({ alertUlid, body }: { alertUlid: string; body: VisitDismissBody }) =>
      dismissVisitProposal(alertUlid, body),
    onSettled: () => void refresh(),
  });
}
