/**
 * The automatic reports' schedule (issue 15; docs/decisions/018; contract `automaticReportEndpoints`): the PCO's
 * (`GET` PCO action, `PUT` PCO owner) and a site's own (`GET|PUT /api/sites/{id}/automatic_report_settings`, PCO
 * action; 404 for another space's site).
 */
import {
  type AutomaticReportSettings,
  automaticReportEndpoints,
  type SiteAutomaticReportSettingsInput,
} from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

export const pcoScheduleKey = ['automatic-reports', 'settings'] as const;
export const siteScheduleKey = (siteUlid: string) => ['automatic-reports', 'site', siteUlid] as const;

/** The PCO's schedule (off until the owner saves one). */
export function usePcoSchedule() {
  return useQuery({
    queryKey: pcoScheduleKey,
    queryFn: ({ signal }) => callEndpoint(automaticReportEndpoints.get, { signal, redirectOnError: false }),
  });
}

/** Saves the PCO's schedule; answers it as stored. */
export function savePcoSchedule(body: AutomaticReportSettings) {
  return callEndpoint(automaticReportEndpoints.update, { body });
}

/** A site's schedule: the PCO's or its own. */
export function useSiteSchedule(siteUlid: string) {
  return useQuery({
    queryKey: siteScheduleKey(siteUlid),
    queryFn: ({ signal }) =>
      callEndpoint(automaticReportEndpoints.getSite, { params: { id: siteUlid }, signal, redirectOnError: false }),
  });
}

/** Gives the site the PCO's schedule or its own; answers the site's schedule. */
export function saveSiteSchedule(siteUlid: string, body: SiteAutomaticReportSettingsInput) {
  return callEndpoint(automaticReportEndpoints.updateSite, { params: { id: siteUlid }, body });
}
