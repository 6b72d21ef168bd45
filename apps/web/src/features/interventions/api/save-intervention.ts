/**
 * `POST /api/interventions` (201) and `PUT /api/interventions/{ulid}` (200) with `{interveners, client, site, type,
 * start_at, end_at, description, send_mail}`; references are IRIs, dates `YYYY-MM-DD HH:mm:ss` (SPEC §7).
 */
import type { Intervention, InterventionBody, interventionEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { ifMatch } from '../../../shared/api/http-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { interventionKeys } from '../../../shared/api/resources/interventions';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { acceptVisitProposal } from '../../../shared/response-clock/response-clock';

export interface SaveInterventionInput {
  /** The intervention to update; absent to create one. */
  ulid?: string;
  /** Creating the visit proposed for this alert (issue 15): it is planned through the proposal's acceptance. */
  alertUlid?: string;
  body: InterventionBody;
  /** The `ETag` of the visit as the form loaded it: sent as `If-Match` (412 `edit_conflict` if it changed since). */
  entityTag?: string;
}

/**
 * Creates or updates an intervention; failures stay in the panel (no Error screen). A create sends
 * `idempotencyKey` (ADR 027), an update `If-Match` with `entityTag` (ADR 024).
 */
export function saveIntervention(
  { ulid, alertUlid, body, entityTag }: SaveInterventionInput,
  idempotencyKey?: string,
): Promise<Intervention> {
  if (!ulid && alertUlid) return acceptVisitProposal(alertUlid, body, idempotencyKey);
  return ulid
    ? callEndpoint<typeof interventionEndpoints.update>(
        { method: 'PUT', path: '/api/interventions/:id' },
        { params: { id: ulid }, body, headers: ifMatch(entityTag), redirectOnError: false },
      )
    : callEndpoint<typeof interventionEndpoints.create>(
        { method: 'POST', path: '/api/interventions' },
        { body, idempotencyKey, redirectOnError: false },
      );
}

/**
 * The save mutation of the intervention panel: the answer becomes the cached visit, and every view of visits and of
 * sites (status and planned date, ADR 004) refreshes.
 */
export function useSaveIntervention() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: SaveInterventionInput) =>
      saveIntervention(input, input.ulid ? undefined : keys.keyFor([input.alertUlid ?? null, input.body])),
    onSuccess: (saved, input) => {
      keys.renew();
      queryClient.setQueryData(interventionKeys.detail(saved.ulid), saved);
      // an accepted proposal also changes the alert's clocks and proposal (issue 15)
      if (input.alertUlid) void invalidateResource(queryClient, 'alerts');
      return invalidateResource(queryClient, 'interventions', { keep: [interventionKeys.detail(saved.ulid)] });
    },
  });
}
