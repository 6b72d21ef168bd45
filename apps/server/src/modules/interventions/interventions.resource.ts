/**
 * Intervention rows → JSON-LD items (SPEC §3 "Intervention"); date-times in the actor's time zone with offset; the
 * visit's report as `{@id, @type, ulid, status}` or null (issue 12).
 */
import {
  type Intervention,
  type InterventionType,
  iri,
  type MemberLight,
  type ReportStatus,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { HydratedIntervention, IntervenerRow } from './interventions.repository.js';

/** A member as chips show it: `/api/user_<type>s/{ulid}`, names and colour. */
function intervenerResource(row: IntervenerRow): MemberLight {
  return {
    '@id': iri(`user_${row.spaceType}s`, row.id),
    '@type': 'User',
    ulid: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    color: row.color,
  };
}

/** The `Intervention` item of `row`, `start_at`/`end_at` ISO 8601 with the offset of `actor.timezone`. */
export function interventionResource(row: HydratedIntervention, actor: Actor): Intervention {
  return {
    '@id': iri('interventions', row.id),
    '@type': 'Intervention',
    ulid: row.id,
    type: row.type as InterventionType,
    description: row.description,
    start_at: formatZoned(row.startAt, actor.timezone),
    end_at: formatZoned(row.endAt, actor.timezone),
    send_mail: row.sendMail,
    client_ulid: row.clientId,
    site_ulid: row.siteId,
    interveners_ulids: row.interveners.map((i) => i.id),
    site: {
      '@id': iri('sites', row.siteId),
      '@type': 'Site',
      ulid: row.siteId,
      name: row.siteName,
      client: { '@id': iri('clients', row.clientId), '@type': 'Client', ulid: row.clientId, name: row.clientName },
    },
    interveners: row.interveners.map(intervenerResource),
    report: row.report
      ? {
          '@id': iri('reports', row.report.id),
          '@type': 'Report',
          ulid: row.report.id,
          status: row.report.status as ReportStatus,
        }
      : null,
  };
}
