/**
 * Equipment of sites and its installation pictures (SPEC §3 "Equipment"), every query scoped to one space
 * (ARCHITECTURE §4 rule 2). Coordinates are numeric(12, 9) read back as decimal text. The one query that looks beyond
 * the space is the platform-wide serial-number uniqueness, enforced by the unique index and reported without saying
 * which space holds the serial.
 */
import { and, asc, eq, inArray, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import { FOLD_NAME_FUNCTION } from '../../db/schema/columns.js';
import { alerts, equipment, equipmentPictures, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { boundedCount, createEstimateCache, estimateRows, type Page, resolvePage } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/db/text-search.js';

/** The columns an answer shows (never the credential hash). */
const equipmentColumns = {
  id: equipment.id,
  siteId: equipment.siteId,
  gatewayId: equipment.gatewayId,
  kind: equipment.kind,
  reference: equipment.reference,
  serialNumber: equipment.serialNumber,
  trapType: equipment.trapType,
  treatmentType: equipment.treatmentType,
  state: equipment.state,
  masonry: equipment.masonry,
  installedAt: equipment.installedAt,
  firmwareVersion: equipment.firmwareVersion,
  latitude: equipment.latitude,
  longitude: equipment.longitude,
  signalLevel: equipment.signalLevel,
  batteryLevel: equipment.batteryLevel,
  batteryPercent: equipment.batteryPercent,
  lastUpdateAt: equipment.lastUpdateAt,
};
export type EquipmentItemRow = {
  [K in keyof typeof equipmentColumns]: (typeof equipment.$inferSelect)[K];
};
export interface OpenAlertRow {
  id: string;
  equipmentId: string;
  type: string;
  openedAt: Date;
}
export interface PictureRow {
  id: string;
  equipmentId: string;
  file: string;
}
/** Equipment rows with their open alerts and pictures (oldest first). */
export interface EquipmentRows {
  rows: EquipmentItemRow[];
  alerts: OpenAlertRow[];
  pictures: PictureRow[];
}

/** The columns a registration or a correction writes. */
export type EquipmentValues = Pick<
  typeof equipment.$inferInsert,
  'gatewayId' | 'reference' | 'trapType' | 'treatmentType' | 'masonry' | 'installedAt' | 'latitude' | 'longitude'
>;

/** `true` when `error` is the PostgreSQL error `code` (e.g. 23505), whichever driver raised it and however wrapped. */
function isPgError(error: unknown, code: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === code) return true;
  }
  return false;
}

/** Gateways first, then by reference (case-insensitive, the same on PGlite and PostgreSQL). */
const listOrder = [
  sql`case when ${equipment.kind} = 'gateway' then 0 else 1 end`,
  sql`lower(${equipment.reference})`,
  asc(equipment.id),
];

/** The filters of `GET /api/equipment` (a site ULID of another space matches nothing). */
export interface EquipmentListFilters {
  siteId?: string | undefined;
  kind?: 'gateway' | 'igs' | 'ags' | undefined;
  /** Part of the reference, matched ignoring case and accents. */
  reference?: string | undefined;
}

export function createEquipmentRepository(db: Db) {
  /** The equipment matching `where` with its open alerts and pictures: three queries, run together. */
  async function load(where: SQL, alertsWhere: SQL, picturesWhere: SQL): Promise<EquipmentRows> {
    const [rows, openAlerts, pictures] = await Promise.all([
      db
        .select(equipmentColumns)
        .from(equipment)
        .where(where)
        .orderBy(...listOrder),
      db
        .select({ id: alerts.id, equipmentId: alerts.equipmentId, type: alerts.type, openedAt: alerts.openedAt })
        .from(alerts)
        .where(and(alertsWhere, isNull(alerts.closedAt), isNotNull(alerts.equipmentId)))
        .orderBy(asc(alerts.openedAt), asc(alerts.id)),
      db
        .select({ id: equipmentPictures.id, equipmentId: equipmentPictures.equipmentId, file: equipmentPictures.file })
        .from(equipmentPictures)
        .innerJoin(equipment, eq(equipment.id, equipmentPictures.equipmentId))
        .where(picturesWhere)
        .orderBy(asc(equipmentPictures.createdAt), asc(equipmentPictures.id)),
    ]);
    return { rows, alerts: openAlerts as OpenAlertRow[], pictures };
  }

  const estimates = createEstimateCache();

  return {
    /**
     * A page of the equipment of the space matching `filters`, by reference (case-insensitive) then id
     * (`equipment_space_reference_idx`), with the open alerts and pictures of its rows: the page and its bounded count
     * in one statement, then the alerts and pictures of the page together. The total as `resolvePage` settles it.
     */
    async listPage(
      spaceId: string,
      filters: EquipmentListFilters,
      window: { limit: number; offset: number },
    ): Promise<EquipmentRows & Omit<Page<EquipmentItemRow>, 'rows'>> {
      const where = and(
        eq(equipment.spaceId, spaceId),
        filters.siteId === undefined ? undefined : eq(equipment.siteId, filters.siteId),
        filters.kind === undefined ? undefined : eq(equipment.kind, filters.kind),
        filters.reference === undefined
          ? undefined
          : like(
              sql`${sql.raw(FOLD_NAME_FUNCTION)}(${equipment.reference})`,
              sql`'%' || ${sql.raw(FOLD_NAME_FUNCTION)}(${escapeLike(filters.reference)}) || '%'`,
            ),
      );
      const found = await db
        .select({ ...equipmentColumns, bounded: boundedCount(sql`${equipment}`, where) })
        .from(equipment)
        .where(where)
        .orderBy(sql`lower(${equipment.reference})`, asc(equipment.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const page = await resolvePage(
        { rows: found, bounded: found[0]?.bounded },
        {
          ...window,
          count: async () => {
            const result = (await db.execute(sql`select ${boundedCount(sql`${equipment}`, where)} as n`)) as {
              rows: { n: number }[];
            };
            return Number(result.rows[0]?.n ?? 0);
          },
          estimate: () =>
            estimateRows(db, estimates, `equipment:${spaceId}:${JSON.stringify(filters)}`, () =>
              db.select({ one: sql`1` }).from(equipment).where(where).getSQL(),
            ),
        },
      );
      const rows = page.rows.map(({ bounded: _, ...row }) => row);
      const ids = rows.map((row) => row.id);
      if (!ids.length) return { rows, alerts: [], pictures: [], total: page.total, hasNext: page.hasNext };
      const [openAlerts, pictures] = await Promise.all([
        db
          .select({ id: alerts.id, equipmentId: alerts.equipmentId, type: alerts.type, openedAt: alerts.openedAt })
          .from(alerts)
          .where(and(eq(alerts.spaceId, spaceId), inArray(alerts.equipmentId, ids), isNull(alerts.closedAt)))
          .orderBy(asc(alerts.openedAt), asc(alerts.id)),
        db
          .select({
            id: equipmentPictures.id,
            equipmentId: equipmentPictures.equipmentId,
            file: equipmentPictures.file,
          })
          .from(equipmentPictures)
          .where(and(eq(equipmentPictures.spaceId, spaceId), inArray(equipmentPictures.equipmentId, ids)))
          .orderBy(asc(equipmentPictures.createdAt), asc(equipmentPictures.id)),
      ]);
      return { rows, alerts: openAlerts as OpenAlertRow[], pictures, total: page.total, hasNext: page.hasNext };
    },

    /** `true` when site `siteId` belongs to the space. */
    async siteExists(spaceId: string, siteId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)));
      return Boolean(row);
    },

    /** Every equipment of a site of the space (gateways first, then by reference), with open alerts and pictures. */
    listOfSite(spaceId: string, siteId: string): Promise<EquipmentRows> {
      return load(
        and(eq(equipment.spaceId, spaceId), eq(equipment.siteId, siteId)) as SQL,
        and(eq(alerts.spaceId, spaceId), eq(alerts.siteId, siteId)) as SQL,
        and(eq(equipmentPictures.spaceId, spaceId), eq(equipment.siteId, siteId)) as SQL,
      );
    },

    /** One equipment of the space with its open alerts and pictures; `rows` is empty when there is none. */
    findItem(spaceId: string, id: string): Promise<EquipmentRows> {
      return load(
        and(eq(equipment.spaceId, spaceId), eq(equipment.id, id)) as SQL,
        and(eq(alerts.spaceId, spaceId), eq(alerts.equipmentId, id)) as SQL,
        and(eq(equipmentPictures.spaceId, spaceId), eq(equipmentPictures.equipmentId, id)) as SQL,
      );
    },

    /** The equipment `id` of the space as stored (without its credential hash), or null. */
    async find(spaceId: string, id: string): Promise<EquipmentItemRow | null> {
      const [row] = await db
        .select(equipmentColumns)
        .from(equipment)
        .where(and(eq(equipment.spaceId, spaceId), eq(equipment.id, id)));
      return row ?? null;
    },

    /** `true` when `gatewayId` is a gateway of site `siteId` of the space. */
    async isGatewayOfSite(spaceId: string, siteId: string, gatewayId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: equipment.id })
        .from(equipment)
        .where(
          and(
            eq(equipment.spaceId, spaceId),
            eq(equipment.siteId, siteId),
            eq(equipment.id, gatewayId),
            eq(equipment.kind, 'gateway'),
          ),
        );
      return Boolean(row);
    },

    /**
     * Inserts an equipment. Answers `serial_taken` when another equipment of any space holds `serialNumber` (the
     * unique index decides, so two concurrent registrations cannot both win).
     */
    async insert(
      values: EquipmentValues & {
        id: string;
        spaceId: string;
        siteId: string;
        kind: 'gateway' | 'igs' | 'ags';
        serialNumber: string;
        credentialHash: string | null;
      },
    ): Promise<'ok' | 'serial_taken'> {
      try {
        await db.insert(equipment).values(values);
        return 'ok';
      } catch (error) {
        if (isPgError(error, '23505')) return 'serial_taken';
        throw error;
      }
    },

    /** Writes a correction. Answers false when the equipment is not (or no longer) in the space. */
    async update(spaceId: string, id: string, values: EquipmentValues, now: Date): Promise<boolean> {
      const rows = await db
        .update(equipment)
        .set({ ...values, updatedAt: now })
        .where(and(eq(equipment.spaceId, spaceId), eq(equipment.id, id)))
        .returning({ id: equipment.id });
      return rows.length > 0;
    },

    /** Replaces a gateway's credential hash (the previous credential stops working). False when no such gateway. */
    async setCredentialHash(spaceId: string, id: string, hash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(equipment)
        .set({ credentialHash: hash, updatedAt: now })
        .where(and(eq(equipment.spaceId, spaceId), eq(equipment.id, id), eq(equipment.kind, 'gateway')))
        .returning({ id: equipment.id });
      return rows.length > 0;
    },

    /**
     * Deletes an equipment with its readings, alerts and picture rows (foreign-key cascades); the stations of a
     * removed gateway keep existing without gateway. Answers its site and the picture files to delete, or null.
     */
    async remove(spaceId: string, id: string): Promise<{ siteId: string; files: string[] } | null> {
      return db.transaction(async (tx) => {
        const pictures = await tx
          .select({ file: equipmentPictures.file })
          .from(equipmentPictures)
          .where(and(eq(equipmentPictures.spaceId, spaceId), eq(equipmentPictures.equipmentId, id)));
        const [row] = await tx
          .delete(equipment)
          .where(and(eq(equipment.spaceId, spaceId), eq(equipment.id, id)))
          .returning({ siteId: equipment.siteId });
        return row ? { siteId: row.siteId, files: pictures.map((p) => p.file) } : null;
      });
    },

    /** Adds a picture row to an equipment of the space. False when the equipment is gone. */
    async addPicture(spaceId: string, equipmentId: string, picture: { id: string; file: string }): Promise<boolean> {
      const [owner] = await db
        .select({ id: equipment.id })
        .from(equipment)
        .where(and(eq(equipment.spaceId, spaceId), eq(equipment.id, equipmentId)));
      if (!owner) return false;
      try {
        await db.insert(equipmentPictures).values({ ...picture, spaceId, equipmentId });
        return true;
      } catch (error) {
        // the equipment was deleted between the check and the insert (foreign-key violation)
        if (isPgError(error, '23503')) return false;
        throw error;
      }
    },

    /** Deletes a picture of an equipment of the space; answers its file, or null when there is no such picture. */
    async removePicture(spaceId: string, equipmentId: string, pictureId: string): Promise<string | null> {
      const [row] = await db
        .delete(equipmentPictures)
        .where(
          and(
            eq(equipmentPictures.spaceId, spaceId),
            eq(equipmentPictures.equipmentId, equipmentId),
            eq(equipmentPictures.id, pictureId),
          ),
        )
        .returning({ file: equipmentPictures.file });
      return row?.file ?? null;
    },

    /** `true` when `file` is a picture of an equipment of the space. */
    async pictureInSpace(spaceId: string, file: string): Promise<boolean> {
      const [row] = await db
        .select({ id: equipmentPictures.id })
        .from(equipmentPictures)
        .where(and(eq(equipmentPictures.spaceId, spaceId), eq(equipmentPictures.file, file)));
      return Boolean(row);
    },
  };
}
export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>;
