/**
 * Equipment of a site (SPEC §3 "Equipment"; issue 5 "A PCO registers equipment on a site … and removes it; each
 * gateway gets a device credential, shown once"): the space's list (issue 11), the site's list, one item, registration, correction, removal and
 * the rotation of a gateway's credential. Pictures and readings have their own services.
 */
import type {
  Equipment,
  EquipmentCreated,
  EquipmentListQuery,
  equipmentInput,
  equipmentUpdateInput,
  HydraCollection,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { issueDeviceCredential } from '../../platform/auth/device-credential.js';
import { AppError, notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import type { ImageStore } from '../../platform/images/images.js';
import { parseZoned } from '../../platform/time/zoned.js';
import type { EquipmentItemRow, EquipmentRepository, EquipmentValues } from './equipment.repository.js';
import { equipmentItem, equipmentItems, pictureUrl } from './equipment.resource.js';

type RegisterBody = z.output<typeof equipmentInput>;
type UpdateBody = z.output<typeof equipmentUpdateInput>;

export interface EquipmentServiceDeps {
  repository: EquipmentRepository;
  /** Where the installation pictures live (their files go with a removed equipment). */
  pictures: ImageStore;
  /** Recomputes `priority_sum` / `main_alert_type` of sites (the alert engine's `refreshSites`). */
  refreshSites(siteIds: readonly string[]): Promise<void>;
  now?: () => Date;
}

/** 409 `serial_number_already_exist`, with the violation on `serial_number` for the form. */
const serialTaken = () =>
  new AppError('serial_number_already_exist', {
    violations: [{ propertyPath: 'serial_number', code: 'serial_number_already_exist' }],
  });

export function createEquipmentService({
  repository,
  pictures,
  refreshSites,
  now = () => new Date(),
}: EquipmentServiceDeps) {
  /** The equipment `id` of the actor's space as an answer. Throws 404 `equipment_not_found`. */
  async function item(actor: Actor, id: string): Promise<Equipment> {
    const rows = await repository.findItem(actor.spaceId, id);
    const row = rows.rows[0];
    if (!row) throw notFound('equipment_not_found');
    return equipmentItem(row, rows.alerts, rows.pictures, actor.timezone);
  }

  /**
   * The station rules on the final values of an equipment (registration or correction): a station has a trap type
   * and a treatment type, its gateway is a gateway of the same site, a gateway has none; a position has both
   * coordinates. Throws 422 with every violation.
   */
  async function checkValues(
    actor: Actor,
    target: { siteId: string; kind: string; id?: string },
    values: EquipmentValues,
  ): Promise<void> {
    const violations: RawViolation[] = [];
    if (target.kind !== 'gateway') {
      if (!values.trapType) violations.push({ propertyPath: 'trap_type', code: 'trap_type_required' });
      if (!values.treatmentType) violations.push({ propertyPath: 'treatment_type', code: 'treatment_type_required' });
    }
    if (values.gatewayId) {
      const valid =
        target.kind !== 'gateway' &&
        values.gatewayId !== target.id &&
        (await repository.isGatewayOfSite(actor.spaceId, target.siteId, values.gatewayId));
      if (!valid) violations.push({ propertyPath: 'gateway', code: 'gateway_invalid' });
    }
    if ((values.latitude == null) !== (values.longitude == null)) {
      const missing = values.latitude == null ? 'latitude' : 'longitude';
      violations.push({ propertyPath: missing, code: `${missing}_invalid` });
    }
    if (violations.length) throw validationFailed(...violations);
  }

  /** A field of a correction: left out keeps the stored value, anything else (null included) replaces it. */
  const keep = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
  const dateOf = (value: string | null | undefined, timeZone: string) =>
    value == null ? null : parseZoned(value, timeZone);

  return {
    /**
     * `GET /api/equipment?page&itemsPerPage&site.ulid&kind&reference`: the equipment of the actor's space by reference
     * then ULID, each with its open alerts and pictures, as a hydra collection (totals exact up to 1 000, then
     * estimated). A site filter of another space matches nothing.
     */
    async list(actor: Actor, query: EquipmentListQuery, url: string): Promise<HydraCollection<Equipment>> {
      const window = pageWindow(query);
      const page = await repository.listPage(
        actor.spaceId,
        {
          siteId: query['site.ulid']?.trim() || undefined,
          kind: query.kind,
          reference: query.reference?.trim() || undefined,
        },
        window,
      );
      return hydraCollection(url, equipmentItems(page, actor.timezone), page.total, window, 'Equipment', {
        hasNext: page.hasNext,
      });
    },

    /**
     * `GET /api/sites/{id}/equipment`: a hydra collection of every equipment of the site (gateways first, then by
     * reference) with open alerts and pictures, in three queries. Throws 404 `site_not_found` for a site of another
     * space.
     */
    async listOfSite(actor: Actor, siteId: string, url: string): Promise<HydraCollection<Equipment>> {
      const rows = await repository.listOfSite(actor.spaceId, siteId);
      if (!rows.rows.length && !(await repository.siteExists(actor.spaceId, siteId))) {
        throw notFound('site_not_found');
      }
      const members = equipmentItems(rows, actor.timezone);
      return hydraCollection(
        url,
        members,
        members.length,
        { page: 1, limit: Math.max(1, members.length), offset: 0 },
        'Equipment',
      );
    },

    /** `GET /api/equipment/{ulid}`. Throws 404 `equipment_not_found`. */
    detail: item,

    /**
     * `POST /api/sites/{id}/equipment`: registers a gateway or a station on the site; a gateway gets a device
     * credential, answered this once (`device_credential`; only its hash is kept). A gateway keeps no trap, treatment
     * or masonry values. Throws 404 `site_not_found`; 409 `serial_number_already_exist` (any space, without saying
     * which); 422 `gateway_invalid`, `trap_type_required`, `treatment_type_required`, `latitude_invalid`/`longitude_invalid`
     * (one coordinate without the other).
     */
    async register(actor: Actor, siteId: string, body: RegisterBody): Promise<EquipmentCreated> {
      if (!(await repository.siteExists(actor.spaceId, siteId))) throw notFound('site_not_found');
      const station = body.kind !== 'gateway';
      const values: EquipmentValues = {
        gatewayId: body.gateway ?? null,
        reference: body.reference,
        trapType: station ? (body.trap_type ?? null) : null,
        treatmentType: station ? (body.treatment_type ?? null) : null,
        masonry: station ? (body.masonry ?? null) : null,
        installedAt: dateOf(body.installed_at, actor.timezone),
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
      };
      await checkValues(actor, { siteId, kind: body.kind }, values);
      const id = newUlid();
      const credential = station ? null : issueDeviceCredential(id);
      const outcome = await repository.insert({
        ...values,
        id,
        spaceId: actor.spaceId,
        siteId,
        kind: body.kind,
        serialNumber: body.serial_number,
        credentialHash: credential?.hash ?? null,
      });
      if (outcome === 'serial_taken') throw serialTaken();
      const created: EquipmentCreated = await item(actor, id);
      if (credential) created.device_credential = credential.credential;
      return created;
    },

    /**
     * `PUT /api/equipment/{ulid}`: corrects reference, trap and treatment types, masonry, position, installed_at and a
     * station's gateway; a field left out keeps its value, `null` clears it. Throws 404 `equipment_not_found`; 422 as
     * `register`.
     */
    async update(actor: Actor, id: string, body: UpdateBody): Promise<Equipment> {
      const current = await repository.find(actor.spaceId, id);
      if (!current) throw notFound('equipment_not_found');
      const station = current.kind !== 'gateway';
      const values: EquipmentValues = {
        gatewayId: keep(body.gateway, current.gatewayId),
        reference: body.reference ?? current.reference,
        trapType: station ? keep(body.trap_type, current.trapType) : null,
        treatmentType: station ? keep(body.treatment_type, current.treatmentType) : null,
        masonry: station ? keep(body.masonry, current.masonry) : null,
        installedAt: body.installed_at === undefined ? current.installedAt : dateOf(body.installed_at, actor.timezone),
        latitude: keep(body.latitude, current.latitude),
        longitude: keep(body.longitude, current.longitude),
      };
      await checkValues(actor, { siteId: current.siteId, kind: current.kind, id }, values);
      if (!(await repository.update(actor.spaceId, id, values, now()))) throw notFound('equipment_not_found');
      return item(actor, id);
    },

    /**
     * `DELETE /api/equipment/{ulid}`: removes the equipment with its readings, alerts and pictures; the stations of a
     * removed gateway stay, without gateway; the site's `priority_sum` and `main_alert_type` are recomputed. Throws
     * 404 `equipment_not_found`.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const removed = await repository.remove(actor.spaceId, id);
      if (!removed) throw notFound('equipment_not_found');
      await Promise.all(removed.files.map((file) => pictures.remove(pictureUrl(file))));
      await refreshSites([removed.siteId]);
    },

    /**
     * `POST /api/equipment/{ulid}/credential`: a new device credential for a gateway, answered this once; the previous
     * one stops working at once. Throws 404 `equipment_not_found`; 409 `equipment_not_a_gateway` for a station.
     */
    async rotateCredential(actor: Actor, id: string): Promise<{ device_credential: string }> {
      const current: EquipmentItemRow | null = await repository.find(actor.spaceId, id);
      if (!current) throw notFound('equipment_not_found');
      if (current.kind !== 'gateway') throw new AppError('equipment_not_a_gateway');
      const { credential, hash } = issueDeviceCredential(id);
      if (!(await repository.setCredentialHash(actor.spaceId, id, hash, now()))) throw notFound('equipment_not_found');
      return { device_credential: credential };
    },
  };
}
export type EquipmentService = ReturnType<typeof createEquipmentService>;
