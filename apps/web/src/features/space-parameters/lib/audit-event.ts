/**
 * Readable parts of an audit trail entry (issue 4 "Audit trail"; contract `AuditEvent`): `action` is `METHOD
 * /route/pattern` (e.g. `POST /api/client_contacts`, `PUT /api/clients/:ulid`) and `changes` the request body sent
 * (secrets removed by the server), or null.
 */
import type { AuditEvent } from '@isoptera/contracts';

/** What kind of change an entry records. */
export type AuditKind = 'create' | 'update' | 'delete' | 'action';

/** The method and the route of an action (`POST /api/clients` → `{method: 'POST', route: '/api/clients'}`). */
export function splitAction(action: string): { method: string; route: string } {
  const [method = '', ...rest] = action.trim().split(/\s+/);
  return { method: method.toUpperCase(), route: rest.join(' ') };
}

/**
 * The kind of change: PUT/PATCH update, DELETE delete, POST on a collection (`/api/<name>`) create, any other POST
 * (e.g. `/api/space_parameters/transfer`) an action.
 */
export function auditKind(event: Pick<AuditEvent, 'action'>): AuditKind {
  const { method, route } = splitAction(event.action);
  if (method === 'PUT' || method === 'PATCH') return 'update';
  if (method === 'DELETE') return 'delete';
  if (method === 'POST' && /^\/api\/[^/]+$/.test(route)) return 'create';
  return 'action';
}

/** The top-level names of the fields sent (`{name, address: {…}}` → `['name', 'address']`); [] when none. */
export function changedFields(changes: unknown): string[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.keys(changes);
}

/** The changes as indented JSON, or null when nothing was sent. */
export function changesJson(changes: unknown): string | null {
  if (changes === null || changes === undefined) return null;
  if (typeof changes === 'object' && Object.keys(changes).length === 0) return null;
  return JSON.stringify(changes, null, 2);
}
