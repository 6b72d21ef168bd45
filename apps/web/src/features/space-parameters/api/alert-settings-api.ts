/**
 * Alert thresholds of the current PCO space (issue 5 "Thresholds are PCO settings with sensible defaults"; contract
 * `alertSettingsInput`): `GET /api/alert_settings` (PCO action) → AlertSettings; `PUT /api/alert_settings` (PCO owner)
 * → 200 AlertSettings, 422 `threshold_invalid` violations per field.
 */
import type { AlertSettings } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

const PATH = '/api/alert_settings';

export const alertSettingsKey = ['space-parameters', 'alert-settings'] as const;

/** The thresholds of the current space (the defaults until an owner saves them). */
export function useAlertSettings() {
  return useQuery({
    queryKey: alertSettingsKey,
    queryFn: ({ signal }) => http.get<AlertSettings>(PATH, { signal, redirectOnError: false }),
  });
}

/** Saves every threshold; answers the stored settings. */
export function saveAlertSettings(body: AlertSettings): Promise<AlertSettings> {
  return http.put<AlertSettings>(PATH, body);
}
