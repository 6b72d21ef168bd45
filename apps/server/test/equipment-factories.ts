/**
 * Test data of issue 5 (equipment, readings, alerts), written straight to the database: a site with a gateway and
 * stations, device credentials, readings. API tests then drive the behaviour through the real routes.
 */
import { randomBytes } from 'node:crypto';
import type { BatteryLevel, EquipmentKind, TrapState } from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import { refreshReadingDays } from '../src/db/readings-store.js';
import { equipment, readings, sites } from '../src/db/schema/index.js';
import { issueDeviceCredential } from '../src/platform/auth/device-credential.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import { insertReferentSite } from './users-factories.js';

let serial = 0;

/** A serial number unique to this test run (`T-<kind>-<n>-<random>`). */
export function uniqueSerial(kind: EquipmentKind): string {
  serial += 1;
  return `T-${kind}-${serial}-${randomBytes(3).toString('hex')}`;
}

/**
 * The device credential format of the contract: `<gateway ulid>.<secret>`; the table keeps SHA-256 (hex) of the
 * secret. Returns both.
 */
export function newDeviceCredential(gatewayId: string): { credential: string; hash: string } {
  return issueDeviceCredential(gatewayId);
}

export interface TestInstallation {
  siteId: string;
  gateway: { id: string; serialNumber: string; credential: string };
  stations: { id: string; serialNumber: string; reference: string }[];
}

/**
 * A site of `spaceId` (status `status`, default STATUS_IN_OPERATION) with one gateway and `stationCount` in-ground
 * stations (monitoring, exterior) relayed by it; `lastUpdateAt` sets every device's last uplink.
 */
export async function createInstallation(
  db: Db,
  spaceId: string,
  options: { stationCount?: number; status?: string; siteName?: string; lastUpdateAt?: Date | null } = {},
): Promise<TestInstallation> {
  const siteId = await insertReferentSite(db, spaceId, null, options.siteName ?? 'Entrepôt Nord');
  await db
    .update(sites)
    .set({ status: options.status ?? 'STATUS_IN_OPERATION' })
    .where(eq(sites.id, siteId));
  const gatewayId = newUlid();
  const { credential, hash } = newDeviceCredential(gatewayId);
  const gatewaySerial = uniqueSerial('gateway');
  await db.insert(equipment).values({
    id: gatewayId,
    spaceId,
    siteId,
    kind: 'gateway',
    reference: 'GW-01',
    serialNumber: gatewaySerial,
    state: 1,
    credentialHash: hash,
    lastUpdateAt: options.lastUpdateAt ?? null,
  });
  const stations: TestInstallation['stations'] = [];
  for (let i = 1; i <= (options.stationCount ?? 3); i += 1) {
    const id = newUlid();
    const serialNumber = uniqueSerial('igs');
    const reference = `IGS-${String(i).padStart(2, '0')}`;
    await db.insert(equipment).values({
      id,
      spaceId,
      siteId,
      gatewayId,
      kind: 'igs',
      reference,
      serialNumber,
      trapType: 'exterior',
      treatmentType: 'TYPE_PREVENTION',
      masonry: 0,
      state: 1,
      latitude: '44.837789000',
      longitude: '-0.579180000',
      lastUpdateAt: options.lastUpdateAt ?? null,
    });
    stations.push({ id, serialNumber, reference });
  }
  return { siteId, gateway: { id: gatewayId, serialNumber: gatewaySerial, credential }, stations };
}

export interface TestReading {
  measuredAt: Date;
  termiteActivity?: number;
  baitConsumption?: number;
  batteryLevel?: BatteryLevel;
  batteryPercent?: number | null;
  signalLevel?: number;
  state?: TrapState;
}

/**
 * Inserts readings of a station (defaults: no activity, no consumption, battery Operational 90 %, -90 dBm, state 1),
 * and brings its daily aggregates (`reading_days`) in step, as ingestion does.
 */
export async function insertReadings(db: Db, equipmentId: string, rows: TestReading[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(readings).values(
    rows.map((r) => ({
      equipmentId,
      measuredAt: r.measuredAt,
      termiteActivity: r.termiteActivity ?? 0,
      baitConsumption: r.baitConsumption ?? 0,
      batteryLevel: r.batteryLevel ?? 'Operational',
      batteryPercent: r.batteryPercent === undefined ? 90 : r.batteryPercent,
      signalLevel: r.signalLevel ?? -90,
      state: r.state ?? 1,
    })),
  );
  await refreshReadingDays(db, [equipmentId]);
}
