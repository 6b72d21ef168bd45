/**
 * Test helpers of the alerts feature (component tests only): entries of the alert and synchronisation logs, reading
 * points, the current user of a PCO owner, and a renderer mounting an element under its route with its session,
 * TanStack Query (returned, to watch its cache) and the notifications viewport.
 */
import type {
  AlertLogEntry,
  CurrentUser,
  Equipment,
  HydraCollection,
  ReadingPoint,
  SyncLogEntry,
} from '@isoptera/contracts';
import type { ReactNode } from 'react';
import { locationText, pcoUser, renderInSession } from '../../test/screen-harness';

export const SITE = '01JS0000000000000000000001';
export const STATION = '01JE0000000000000000000007';
export const GATEWAY = '01JE0000000000000000000001';

/** The station `ulid` (kind `igs`) as an alert of the log embeds it. */
export function stationOf(ulid: string, reference: string): NonNullable<AlertLogEntry['equipment']> {
  return { '@id': `/api/equipment/${ulid}`, '@type': 'Equipment', ulid, reference, kind: 'igs' };
}

/** An alert of the log: an open termite alert of IGS-07 by default. */
export function alertEntry(ulid: string, extra: Partial<AlertLogEntry> = {}): AlertLogEntry {
  return {
    '@id': `/api/alerts/${ulid}`,
    '@type': 'Alert',
    ulid,
    type: 'TYPE_TERMITE_ALERT',
    priority: 20,
    site: { '@id': `/api/sites/${SITE}`, '@type': 'Site', ulid: SITE, name: 'Résidence Les Acacias' },
    equipment: stationOf(STATION, 'IGS-07'),
    opened_at: '2026-03-12T10:00:00+01:00',
    closed_at: null,
    close_reason: null,
    acknowledged_by: null,
    details: { termite_activity: 72, threshold: 30, measured_at: '2026-03-12T09:55:00+01:00' },
    response: {
      state: 'running',
      target_hours: 72,
      due_at: '2026-03-15T10:00:00+01:00',
      responded_at: null,
      response_seconds: null,
      missed: true,
    },
    ...extra,
  };
}

/** An uplink of the gateway BOX-01 over HTTP, every reading accepted. */
export function syncEntry(ulid: string, extra: Partial<SyncLogEntry> = {}): SyncLogEntry {
  return {
    '@id': `/api/sync_logs/${ulid}`,
    '@type': 'SyncLogEntry',
    ulid,
    gateway: {
      '@id': `/api/equipment/${GATEWAY}`,
      '@type': 'Equipment',
      ulid: GATEWAY,
      serial_number: 'GW-0001',
      reference: 'BOX-01',
    },
    transport: 'http',
    received_at: '2026-03-12T10:00:00+01:00',
    accepted: 12,
    duplicates: 0,
    rejected: 0,
    errors: [],
    ...extra,
  };
}

/** A reading at `measured_at`. */
export function readingPoint(measuredAt: string, extra: Partial<ReadingPoint> = {}): ReadingPoint {
  return {
    measured_at: measuredAt,
    termite_activity: 10,
    bait_consumption: 0,
    battery_percent: 80,
    signal_level: -95,
    state: 1,
    ...extra,
  };
}

/** An equipment of the site (a station of kind `igs` unless said). */
export function equipment(ulid: string, reference: string, extra: Partial<Equipment> = {}): Equipment {
  return {
    '@id': `/api/equipment/${ulid}`,
    '@type': 'Equipment',
    ulid,
    site_ulid: SITE,
    kind: 'igs',
    reference,
    serial_number: `SN-${reference}`,
    trap_type: 'exterior',
    treatment_type: 'TYPE_PREVENTION',
    state: 1,
    masonry: 0,
    installed_at: null,
    firmware_version: null,
    gps_position: null,
    signal_level: -90,
    battery_level: 'Operational',
    battery_percent: 90,
    gateway_ulid: null,
    pictures: [],
    last_update_at: null,
    alert_since: null,
    alerts: [],
    ...extra,
  };
}

/** A hydra collection at `path` of `members` of the class `type` (total: their number unless given). */
export function collection<T>(type: string, path: string, members: T[], total = members.length): HydraCollection<T> {
  return {
    '@context': `/api/contexts/${type}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
  };
}

/** The owner of a PCO (or its manager, or a dealer owner). */
export function currentUser(kind: 'owner' | 'manager' | 'dealer' = 'owner'): CurrentUser {
  if (kind !== 'dealer') return pcoUser({ role: kind === 'owner' ? 'ROLE_PCO_SPACE_OWNER' : 'ROLE_PCO_SPACE_MANAGER' });
  return pcoUser({
    user_type: 'dealer',
    role: 'ROLE_DEALER_SPACE_OWNER',
    have_user_dealer_space: true,
    have_user_pco_space: false,
    space_names: { admin: null, dealer: null, pco: null },
    dealer: { '@id': '/api/dealers/D1', '@type': 'Dealer', ulid: 'D1', name: 'Isoptera Sud', logo: null },
    pco: null,
  });
}

/** Renders `element` at `path` (its route being `routePath`) for `me`; answers the query client. */
export function renderScreen(
  element: ReactNode,
  { path = '/', routePath = '*', me = currentUser() }: { path?: string; routePath?: string; me?: CurrentUser } = {},
) {
  return renderInSession(element, { me, path, routePath });
}

export { locationText };
