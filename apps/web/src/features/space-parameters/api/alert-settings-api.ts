/**
 * Alert thresholds of the current PCO space (issue 5 "Thresholds are PCO settings with sensible defaults"; contract
 * `alertEndpoints.getSettings` / `updateSettings`): `GET /api/alert_settings` (PCO action); `PUT /api/alert_settings`
 * (PCO owner) → the stored settings, 422 `threshold_invalid` violations per field.
 */
import { type AlertSettings, type AlertSettingsResource, alertEndpoints } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

export const alertSettingsKey = ['space-parameters', 'alert-settings'] as const;

/** The thresholds of the current space (the defaults until an owner saves them). */
export function useAlertSettings() {
  return useQuery({
    queryKey: alertSettingsKey,
    queryFn: ({ signal }) => callEndpoint(alertEndpoints.getSettings, { signal, redirectOnError: false }),
  });
}

/** Saves every threshold; answers the stored settings. */
export function saveAlertSettings(body: AlertSettings): Promise<AlertSettingsResource> {
  return callEndpoint(alertEndpoints.updateSettings, { body });
}
