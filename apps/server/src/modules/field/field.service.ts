/**
 * The technician API's reads and visit writes (issue 12 "The technician API"; docs/decisions/011-technician-api.md).
 * Every call is scoped to the actor's space and to the interventions the actor is an intervener of: another one, or
 * a site of none of them, answers 404. Dates of answers are ISO 8601 with the offset of the actor's time zone; the
 * agenda's days are the actor's. Visit writes go to the reports module (its report in progress, ADR 010's rules at
 * completion) and, for stations, to the equipment module's service (the site's equipment changes at once).
 */
import {
  FIELD_AGENDA_MAX_DAYS,
  FIELD_CHANGES_WEEKS_AHEAD,
  type FieldIntervention,
  type FieldPhoto,
  type FieldStation,
  type fieldCheckBody,
  type fieldCompleteBody,
  type fieldInstallBody,
  type fieldProductUseBody,
  type fieldReplaceBody,
  type fieldStationCheckBody,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import type { UploadedForm } from '../../platform/http/multipart.js';
import { formatZoned, parseDateTimeInput, startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';
import type { EquipmentService } from '../equipment/equipment.service.js';
import type { DraftState, ReportDraftsService } from '../reports/report-drafts.service.js';
import type { FieldRepository } from './field.repository.js';

const DAY_MS = 86_400_000;
/** How far back a changes cursor reads, to cover writes whose clock lagged or whose transaction committed late. */
const CURSOR_MARGIN_MS = 5 * 60_000;
/** How far back the changes window reaches, in days: a visit of the last days may still be completed offline. */
const CHANGES_DAYS_BACK = 7;

type Row = Awaited<ReturnType<FieldRepository['agenda']>>[number];

/** The calendar day after `date` (`YYYY-MM-DD`), and `n` days after. */
function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The opaque cursor of a database instant, and back (undefined when unreadable). */
const encodeCursor = (at: Date) => Buffer.from(JSON.stringify({ v: 1, t: at.toISOString() })).toString('base64url');
function decodeCursor(cursor: string | undefined): Date | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { v?: unknown; t?: unknown };
    const at = typeof parsed.t === 'string' && parsed.v === 1 ? new Date(parsed.t) : undefined;
    return at && Number.isFinite(at.getTime()) ? at : undefined;
  } catch {
    return undefined;
  }
}

/** A serial number from a typed one or a QR code's text (its last segment after `/`, `:` or `=`); 422 otherwise. */
export function serialFrom(body: { serial_number?: string | undefined; qr?: string | undefined }): string | undefined {
  const raw =
    body.serial_number ||
    (body.qr
      ? body.qr
          .split(/[/:=?&#]/)
          .filter(Boolean)
          .at(-1)
      : undefined);
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9._-]{4,64}$/.test(raw)) {
    throw validationFailed({
      propertyPath: body.serial_number ? 'serial_number' : 'qr',
      code: 'serial_number_invalid',
    });
  }
  return raw;
}

/** Creates the service on its repository, the reports module's drafts service and the equipment service. */
export function createFieldService(deps: {
  repository: FieldRepository;
  drafts: ReportDraftsService;
  equipment: Pick<EquipmentService, 'register' | 'update' | 'remove'>;
  now?: () => Date;
}) {
  const { repository, drafts, equipment, now = () => new Date() } = deps;

  const iso = (actor: Actor, at: Date) => formatZoned(at, actor.timezone);
  const isoOrNull = (actor: Actor, at: Date | null) => (at ? iso(actor, at) : null);

  const alertOf = (actor: Actor, a: Awaited<ReturnType<FieldRepository['openAlerts']>>[number]) => ({
    ulid: a.id,
    type: a.type,
    priority: a.priority,
    opened_at: iso(actor, a.openedAt),
    station_ulid: a.equipmentId,
  });

  const siteSummary = (row: Pick<Row, 'site' | 'contactFirstname' | 'contactLastname' | 'contactPhone'>) => ({
    ulid: row.site.id,
    name: row.site.name,
    status: row.site.status,
    address_label: row.site.addressLabel,
    street: row.site.street,
    postal_code: row.site.postalCode,
    city: row.site.city,
    country: row.site.country,
    latitude: row.site.latitude,
    longitude: row.site.longitude,
    notes: row.site.notes,
    contact:
      row.contactPhone !== null
        ? { name: `${row.contactFirstname ?? ''} ${row.contactLastname ?? ''}`.trim(), phone: row.contactPhone }
        : null,
  });

  const visitStatus = (state: DraftState | undefined): FieldIntervention['status'] => {
    if (!state) return 'planned';
    if (state.status !== 'in_progress') return 'completed';
    if (state.checkedOutAt) return 'checked_out';
    return state.checkedInAt ? 'checked_in' : 'planned';
  };

  /** The agenda items of `rows`, with interveners, visit states and open alerts (three queries). */
  async function items(actor: Actor, rows: Row[]): Promise<FieldIntervention[]> {
    const ids = rows.map((r) => r.id);
    const [people, states, alerts] = await Promise.all([
      repository.interveners(ids),
      drafts.states(actor, ids),
      repository.openAlerts(
        actor.spaceId,
        rows.map((r) => r.site.id),
      ),
    ]);
    return rows.map((row) => {
      const state = states.find((s) => s.interventionId === row.id);
      const updated = row.site.updatedAt > row.updatedAt ? row.site.updatedAt : row.updatedAt;
      return {
        ulid: row.id,
        type: row.type,
        description: row.description,
        start_at: iso(actor, row.startAt),
        end_at: iso(actor, row.endAt),
        status: visitStatus(state),
        checked_in_at: isoOrNull(actor, state?.checkedInAt ?? null),
        checked_out_at: isoOrNull(actor, state?.checkedOutAt ?? null),
        report_ulid: state && state.status !== 'in_progress' ? state.reportId : null,
        client: { ulid: row.clientId, name: row.clientName },
        site: siteSummary(row),
        interveners: people
          .filter((p) => p.interventionId === row.id)
          .map((p) => ({ ulid: p.membershipId, firstname: p.firstname, lastname: p.lastname })),
        open_alerts: alerts.filter((a) => a.siteId === row.site.id).map((a) => alertOf(actor, a)),
        updated_at: iso(actor, updated),
      };
    });
  }

  /** Throws 404 `intervention_not_found` unless the actor is an intervener of intervention `id` of its space. */
  async function mine(actor: Actor, id: string): Promise<void> {
    if (!(await repository.isMine(actor.spaceId, actor.membershipId, id))) throw notFound('intervention_not_found');
  }

  const visitAnswer = (actor: Actor, interventionId: string, state: DraftState) => ({
    intervention_ulid: interventionId,
    report_ulid: state.reportId,
    status: visitStatus(state),
    checked_in_at: isoOrNull(actor, state.checkedInAt),
    checked_out_at: isoOrNull(actor, state.checkedOutAt),
  });

  const checkAnswer = (check: Awaited<ReturnType<ReportDraftsService['putCheck']>>) => ({
    station_ulid: check.equipmentId,
    reference: check.reference,
    result: check.result as z.output<typeof fieldStationCheckBody>['result'],
    action: check.action as z.output<typeof fieldStationCheckBody>['action'],
    bait_consumed: check.baitConsumed as z.output<typeof fieldStationCheckBody>['bait_consumed'],
    note: check.note,
  });

  /** Station `stationId` of the visit's site as the site view shows it, or null once gone. */
  async function stationOf(actor: Actor, siteId: string, stationId: string): Promise<FieldStation | null> {
    const site = await siteView(actor, siteId);
    return site.stations.find((s) => s.ulid === stationId) ?? null;
  }

  /** The site view (no scope check: callers check it). */
  async function siteView(actor: Actor, siteId: string) {
    const row = await repository.site(actor.spaceId, siteId);
    if (!row) throw notFound('site_not_found');
    const stations = await repository.stations(actor.spaceId, siteId);
    const [alerts, checks] = await Promise.all([
      repository.openAlerts(actor.spaceId, [siteId]),
      drafts.lastChecks(
        actor,
        stations.map((s) => s.id),
      ),
    ]);
    return {
      ...siteSummary(row),
      client: { ulid: row.clientId, name: row.clientName },
      stations: stations.map((s) => {
        const check = checks.find((c) => c.equipmentId === s.id);
        return {
          ulid: s.id,
          kind: s.kind as FieldStation['kind'],
          reference: s.reference,
          serial_number: s.serialNumber,
          trap_type: s.trapType,
          latitude: s.latitude,
          longitude: s.longitude,
          installed_at: isoOrNull(actor, s.installedAt),
          state: s.state,
          battery_level: s.batteryLevel,
          last_update_at: isoOrNull(actor, s.lastUpdateAt),
          last_check: check
            ? {
                report_ulid: check.reportId,
                visit_ended_at: iso(actor, check.visitEndedAt),
                result: check.result as NonNullable<FieldStation['last_check']>['result'],
                action: check.action as NonNullable<FieldStation['last_check']>['action'],
                bait_consumed: check.baitConsumed as NonNullable<FieldStation['last_check']>['bait_consumed'],
                note: check.note,
              }
            : null,
          open_alerts: alerts.filter((a) => a.equipmentId === s.id).map((a) => alertOf(actor, a)),
        };
      }),
      open_alerts: alerts.map((a) => alertOf(actor, a)),
    };
  }

  const productOf = (actor: Actor, p: Awaited<ReturnType<FieldRepository['products']>>[number]) => ({
    ulid: p.id,
    name: p.name,
    active_ingredients: p.activeIngredients,
    registration_number: p.registrationNumber,
    register: p.register as 'epa' | 'fr_biocide' | 'eu_biocide' | 'jp' | null,
    unit: p.unit as 'g' | 'kg' | 'ml' | 'l' | 'unit',
    is_bait: p.isBait,
    updated_at: iso(actor, p.updatedAt),
  });

  /** Parses an optional request date-time in the actor's zone; 422 `code` at `path` when it names no instant. */
  function instant(actor: Actor, value: string | undefined, path: string, code: string): Date | null {
    if (!value) return null;
    const at = parseDateTimeInput(value, actor.timezone);
    if (!at) throw validationFailed({ propertyPath: path, code });
    return at;
  }

  return {
    /** `GET /agenda`: my interventions starting on days `from`..`to` (actor's zone). 400 over 62 days or reversed. */
    async agenda(actor: Actor, from: string, to: string) {
      const start = startOfZonedDay(from, actor.timezone);
      const end = startOfZonedDay(addDays(to, 1), actor.timezone);
      const days = (end.getTime() - start.getTime()) / DAY_MS;
      if (days <= 0 || days > FIELD_AGENDA_MAX_DAYS + 1) throw new AppError('bad_request', { status: 400 });
      const rows = await repository.agenda(actor.spaceId, actor.membershipId, start, end);
      return { from, to, time_zone: actor.timezone, interventions: await items(actor, rows) };
    },

    /** `GET /sites/{ulid}`: a site of one of my interventions. Throws 404 `site_not_found` otherwise. */
    async site(actor: Actor, siteId: string) {
      if (!(await repository.isMySite(actor.spaceId, actor.membershipId, siteId))) throw notFound('site_not_found');
      return siteView(actor, siteId);
    },

    /** `GET /products`: the catalogue without archived products, by name. */
    async products(actor: Actor) {
      return { products: (await repository.products(actor.spaceId)).map((p) => productOf(actor, p)) };
    },

    /**
     * `GET /changes`: my interventions of the window (a week back to {@link FIELD_CHANGES_WEEKS_AHEAD} weeks ahead, days
     * of the actor's zone)
     * changed since the cursor (all without one), the ids of all of them, and the products changed (all without a
     * cursor). The next cursor is the database's clock; reads go back {@link CURSOR_MARGIN_MS} before the cursor.
     */
    async changes(actor: Actor, since: string | undefined) {
      const cursorAt = decodeCursor(since);
      const dbNow = await repository.databaseNow();
      const sinceAt = cursorAt ? new Date(cursorAt.getTime() - CURSOR_MARGIN_MS) : null;
      const today = zonedDate(now(), actor.timezone);
      const first = addDays(today, -CHANGES_DAYS_BACK);
      const last = addDays(today, FIELD_CHANGES_WEEKS_AHEAD * 7);
      const from = startOfZonedDay(first, actor.timezone);
      const to = startOfZonedDay(addDays(last, 1), actor.timezone);
      const [changed, all, products] = await Promise.all([
        repository.changed(actor.spaceId, actor.membershipId, from, to, sinceAt),
        repository.agenda(actor.spaceId, actor.membershipId, from, to),
        repository.products(actor.spaceId, sinceAt),
      ]);
      return {
        cursor: encodeCursor(dbNow),
        full: !cursorAt,
        interventions: await items(actor, changed),
        intervention_ulids: all.map((r) => r.id),
        window: { from: first, to: last },
        products: products.filter((p) => !p.archivedAt).map((p) => productOf(actor, p)),
        removed_products: products.filter((p) => p.archivedAt).map((p) => p.id),
      };
    },

    /** `POST …/check-in` or `…/check-out`. Throws 404 `intervention_not_found`, 409 `visit_completed`, 422 `at_invalid`. */
    async check(actor: Actor, interventionId: string, which: 'in' | 'out', body: z.output<typeof fieldCheckBody>) {
      await mine(actor, interventionId);
      const at = instant(actor, body.at, 'at', 'at_invalid') ?? now();
      const position = body.position
        ? { lat: body.position.lat, lng: body.position.lng, accuracy: body.position.accuracy ?? null }
        : null;
      const state = await drafts.check(actor, interventionId, which, at, position);
      return visitAnswer(actor, interventionId, state);
    },

    /** `PUT …/station-checks/{stationUlid}`. Throws 404 `intervention_not_found`, `equipment_not_found`; 409. */
    async putCheck(
      actor: Actor,
      interventionId: string,
      stationId: string,
      body: z.output<typeof fieldStationCheckBody>,
    ) {
      await mine(actor, interventionId);
      const check = await drafts.putCheck(actor, interventionId, stationId, {
        result: body.result,
        action: body.action,
        baitConsumed: body.bait_consumed,
        note: body.note,
      });
      return checkAnswer(check);
    },

    /**
     * `POST …/stations`: registers the station on the visit's site at once (equipment rules: 409
     * `serial_number_already_exist`, 422 …) and records an `installed` check (no activity). 422
     * `serial_number_required` without a serial.
     */
    async install(actor: Actor, interventionId: string, body: z.output<typeof fieldInstallBody>) {
      await mine(actor, interventionId);
      await drafts.open(actor, interventionId);
      const serial = serialFrom(body);
      if (!serial) throw validationFailed({ propertyPath: 'serial_number', code: 'serial_number_required' });
      const siteId = await siteIdOf(actor, interventionId);
      const created = await equipment.register(actor, siteId, {
        kind: body.kind,
        reference: body.reference,
        serial_number: serial,
        trap_type: body.trap_type,
        treatment_type: body.treatment_type,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        gateway: body.gateway ?? null,
        installed_at: now().toISOString(),
      } as Parameters<EquipmentService['register']>[2]);
      const check = await drafts.putCheck(actor, interventionId, created.ulid, {
        result: 'no_activity',
        action: 'installed',
        baitConsumed: null,
        note: body.note,
      });
      return { station: await stationOf(actor, siteId, created.ulid), check: checkAnswer(check) };
    },

    /**
     * `POST …/stations/{stationUlid}/replace`: with a new serial, the old device is removed and a new one registered
     * with its reference, types and position; without, its installation time becomes now. Records a
     * `station_replaced` check (on the new station). Throws 404 `equipment_not_found`, 409 as `install`.
     */
    async replace(actor: Actor, interventionId: string, stationId: string, body: z.output<typeof fieldReplaceBody>) {
      await mine(actor, interventionId);
      await drafts.open(actor, interventionId);
      const siteId = await siteIdOf(actor, interventionId);
      const old = await stationOf(actor, siteId, stationId);
      if (!old || old.kind === 'gateway') throw notFound('equipment_not_found');
      const serial = serialFrom(body);
      let stationUlid = stationId;
      if (serial && serial !== old.serial_number) {
        const stations = await repository.stations(actor.spaceId, siteId);
        const current = stations.find((s) => s.id === stationId);
        // the new device first: a serial already taken (409) leaves the old one in place
        const created = await equipment.register(actor, siteId, {
          kind: old.kind,
          reference: old.reference,
          serial_number: serial,
          trap_type: current?.trapType ?? 'exterior',
          treatment_type: current?.treatmentType ?? 'TYPE_PREVENTION',
          latitude: old.latitude,
          longitude: old.longitude,
          gateway: current?.gatewayId ?? null,
          installed_at: now().toISOString(),
        } as Parameters<EquipmentService['register']>[2]);
        await equipment.remove(actor, stationId);
        stationUlid = created.ulid;
      } else {
        await equipment.update(actor, stationId, { installed_at: now().toISOString() } as Parameters<
          EquipmentService['update']
        >[2]);
      }
      const check = await drafts.putCheck(actor, interventionId, stationUlid, {
        result: 'no_activity',
        action: 'station_replaced',
        baitConsumed: null,
        note: body.note,
      });
      return { station: await stationOf(actor, siteId, stationUlid), check: checkAnswer(check) };
    },

    /**
     * `POST …/stations/{stationUlid}/remove`: records a `removed` check (the station's snapshot), then removes the
     * station from the site (its readings and alerts with it). Throws 404 `equipment_not_found`.
     */
    async remove(actor: Actor, interventionId: string, stationId: string, body: { note: string | null }) {
      await mine(actor, interventionId);
      const check = await drafts.putCheck(actor, interventionId, stationId, {
        result: 'no_activity',
        action: 'removed',
        baitConsumed: null,
        note: body.note,
      });
      await equipment.remove(actor, stationId);
      return { station: null, check: { ...checkAnswer(check), station_ulid: null } };
    },

    /** `POST …/photos` (multipart). Throws 404, 409, 422 `photo_invalid`, `client_id_invalid`. */
    async uploadPhoto(actor: Actor, interventionId: string, read: () => Promise<UploadedForm>) {
      await mine(actor, interventionId);
      const { photo, created } = await drafts.uploadPhoto(actor, interventionId, read);
      return {
        created,
        photo: {
          ulid: photo.id,
          client_id: photo.clientId ?? '',
          kind: photo.kind as FieldPhoto['kind'],
          station_ulid: photo.equipmentId,
          taken_at: isoOrNull(actor, photo.takenAt),
        },
      };
    },

    /** `PUT …/product-uses/{clientId}`. Throws 404, 409, 422 `product_invalid`. */
    async putProductUse(
      actor: Actor,
      interventionId: string,
      clientId: string,
      body: z.output<typeof fieldProductUseBody>,
    ) {
      await mine(actor, interventionId);
      const use = await drafts.putProductUse(actor, interventionId, clientId, {
        product: body.product,
        quantity: body.quantity,
        unit: body.unit,
        concentration: body.concentration,
        method: body.method,
        areaTreated: body.area_treated,
        targetSpecies: body.target_species,
        lot: body.lot,
      });
      return {
        client_id: clientId,
        product_ulid: use.productId,
        product_name: use.productName,
        quantity: use.quantity,
        unit: use.unit,
      };
    },

    /** `POST …/complete`: the report to process. Throws 404, 409 `visit_completed`, 422 (see the drafts service). */
    async complete(actor: Actor, interventionId: string, body: z.output<typeof fieldCompleteBody>) {
      await mine(actor, interventionId);
      const png = (value: string | null | undefined) =>
        value ? Buffer.from(value.replace(/^data:image\/png;base64,/, '').replace(/\s/g, ''), 'base64') : null;
      const reportId = await drafts.complete(actor, interventionId, {
        visitStartedAt: instant(actor, body.visit_started_at, 'visit_started_at', 'visit_started_at_invalid'),
        visitEndedAt: instant(actor, body.visit_ended_at, 'visit_ended_at', 'visit_ended_at_invalid'),
        summary: body.summary,
        recommendations: body.recommendations,
        conduciveConditions: body.conducive_conditions,
        customerAbsent: body.customer_absent,
        customerSignatureName: body.customer_signature_name,
        customerSignature: png(body.customer_signature),
        technicianSignature: png(body.technician_signature),
      });
      return { intervention_ulid: interventionId, report_ulid: reportId, status: 'to_process' as const };
    },
  };

  /** The site of intervention `id` (already checked mine). */
  async function siteIdOf(actor: Actor, interventionId: string): Promise<string> {
    const siteId = await repository.siteOfIntervention(actor.spaceId, interventionId);
    if (!siteId) throw notFound('intervention_not_found');
    return siteId;
  }
}
export type FieldService = ReturnType<typeof createFieldService>;
