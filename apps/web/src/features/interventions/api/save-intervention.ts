/**
 * `POST /api/interventions` (201) and `PUT /api/interventions/{ulid}` (200) with `{interveners, client, site, type,
 * start_at, end_at, description, send_mail}`; references are IRIs, dates `YYYY-MM-DD HH:mm:ss` (SPEC §7).
 */
import type { Intervention, InterventionBody } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

export interface SaveInterventionInput {
  /** The intervention to update; absent to create one. */
  ulid?: string;
  body: InterventionBody;
}

/** Creates or updates an intervention; failures stay in the panel (no Error screen). */
export function saveIntervention({ ulid, body }: SaveInterventionInput): Promise<Intervention> {
  return ulid
    ? http.put<Intervention>(`/api/interventions/${encodeURIComponent(ulid)}`, body, { redirectOnError: false })
    : http.post<Intervention>('/api/interventions', body, { redirectOnError: false });
}

/** The save mutation of the intervention panel. */
export function useSaveIntervention() {
  return useMutation({ mutationFn: saveIntervention });
}
