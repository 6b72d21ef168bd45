/** The synchronisation log entry representation (issue 5; contracts `SyncLogEntry`). */
import { iri, type SyncLogEntry, type UplinkTransport } from '@isoptera/contracts';
import { formatZoned } from '../../platform/time/zoned.js';
import type { SyncLogRow } from './telemetry.repository.js';

/**
 * A log row as the API answers it (`/api/sync_logs/{id}`, its gateway embedded); `received_at` in the actor's time
 * zone, `ulid` the row's sequence number.
 */
export function toSyncLogEntry(row: SyncLogRow, timeZone: string): SyncLogEntry {
  return {
    '@id': iri('sync_logs', String(row.id)),
    '@type': 'SyncLogEntry',
    ulid: String(row.id),
    gateway:
      row.gatewayId && row.gatewaySerialNumber !== null && row.gatewayReference !== null
        ? {
            '@id': iri('equipment', row.gatewayId),
            '@type': 'Equipment',
            ulid: row.gatewayId,
            serial_number: row.gatewaySerialNumber,
            reference: row.gatewayReference,
          }
        : null,
    transport: row.transport as UplinkTransport,
    received_at: formatZoned(row.receivedAt, timeZone),
    accepted: row.accepted,
    duplicates: row.duplicates,
    rejected: row.rejected,
    errors: row.errors as SyncLogEntry['errors'],
  };
}
