/** Alert log entries as the API answers them (issue 5 "Alerts and logs"; dates in the actor's time zone). */
import { type AlertLogEntry, iri, type RuleAlertType } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { AlertLogRow } from './alerts.repository.js';
import { responseClockOf } from './response-clock.js';

/** A person's name as the actor reads it (family name first in Japanese, as elsewhere in the product). */
function personName(person: { firstname: string; lastname: string }, actor: Actor): string {
  const parts = actor.lang === 'ja' ? [person.lastname, person.firstname] : [person.firstname, person.lastname];
  return parts.filter((part) => part.trim() !== '').join(' ');
}

/** An {@link AlertLogEntry} of `row` for `actor`; its clock read at `now`. */
export function alertLogEntry(row: AlertLogRow, actor: Actor, now = new Date()): AlertLogEntry {
  const clock = responseClockOf({ ...row, ...row.clock }, now);
  return {
    '@id': iri('alerts', row.id),
    '@type': 'Alert',
    ulid: row.id,
    type: row.type as RuleAlertType,
    priority: row.priority,
    site: { '@id': iri('sites', row.site.id), '@type': 'Site', ulid: row.site.id, name: row.site.name },
    equipment: row.equipment
      ? {
          '@id': iri('equipment', row.equipment.id),
          '@type': 'Equipment',
          ulid: row.equipment.id,
          reference: row.equipment.reference,
          kind: row.equipment.kind,
        }
      : null,
    opened_at: formatZoned(row.openedAt, actor.timezone),
    closed_at: row.closedAt ? formatZoned(row.closedAt, actor.timezone) : null,
    close_reason: row.closeReason,
    acknowledged_by: row.acknowledgedBy ? personName(row.acknowledgedBy, actor) : null,
    details: (row.details ?? {}) as Record<string, unknown>,
    response: {
      state: clock.state,
      target_hours: clock.targetHours,
      due_at: formatZoned(clock.dueAt, actor.timezone),
      responded_at: clock.respondedAt ? formatZoned(clock.respondedAt, actor.timezone) : null,
      response_seconds: clock.responseSeconds,
      missed: clock.missed,
    },
  };
}
