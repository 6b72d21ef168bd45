/**
 * "Record the visit" (issue 12 "Lifecycle"; docs/decisions/010): `POST /api/interventions/{id}/report` creates the
 * report, to process, of a past visit done on paper (201 with the report). Errors stay with the caller: 409
 * `report_already_exists`, 422 `intervention_not_past` (the visit has not started), 404 `intervention_not_found`.
 */
import type { Intervention, Report, reportEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { interventionKeys } from '../../../shared/api/resources/interventions';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Creates the report of visit `interventionUlid`; resolves with the report. */
export function recordVisit(interventionUlid: string, idempotencyKey?: string): Promise<Report> {
  return callEndpoint<typeof reportEndpoints.recordVisit>(
    { method: 'POST', path: '/api/interventions/:id/report' },
    { params: { id: interventionUlid }, idempotencyKey, redirectOnError: false },
  );
}

/**
 * The "record the visit" mutation: the visit's cached detail gets its report mark at once, then the reports and every
 * view that shows them (the visit's mark, the site's status, Home's to-process list) refresh.
 */
export function useRecordVisit() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (interventionUlid: string) => recordVisit(interventionUlid, keys.keyFor(interventionUlid)),
    onSuccess: (report, interventionUlid) => {
      keys.renew();
      queryClient.setQueryData<Intervention>(interventionKeys.detail(interventionUlid), (visit) =>
        visit
          ? { ...visit, report: { '@id': report['@id'], '@type': 'Report', ulid: report.ulid, status: report.status } }
          : visit,
      );
      return invalidateResource(queryClient, 'reports');
    },
  });
}
