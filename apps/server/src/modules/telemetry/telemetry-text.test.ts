/**
 * Issue 11 "Hardening": an uplink holding a text the database cannot store (a NUL character or a lone surrogate in a
 * serial number or the firmware version) is refused whole with 422 `validation_failed` naming the field
 * (`readings.3.serial_number: text_invalid`), nothing stored — a definite answer instead of a 500 on every retry.
 */
import type { UplinkReading } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation, type TestInstallation } from '../../../test/equipment-factories.js';
import { createSpace } from '../../../test/factories.js';

let t: TestApp;
let spaceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco');
});
afterAll(() => t.close());

function readings(install: TestInstallation, count: number): UplinkReading[] {
  return Array.from({ length: count }, (_, i) => ({
    serial_number: install.stations[i % install.stations.length]?.serialNumber ?? '',
    measured_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    termite_activity: 3,
    bait_consumption: 0,
    battery_level: 'Operational',
    battery_percent: 90,
    signal_level: -90,
    state: 1,
  }));
}

/** Posts an uplink of `install`'s gateway with `list` readings. */
function post(install: TestInstallation, list: UplinkReading[], firmware = '3.1.0') {
  return t.app.inject({
    method: 'POST',
    url: '/api/uplinks',
    headers: { authorization: `Device ${install.gateway.credential}`, 'accept-language': 'en' },
    payload: {
      gateway: {
        serial_number: install.gateway.serialNumber,
        sent_at: new Date().toISOString(),
        firmware_version: firmware,
      },
      readings: list,
    },
  });
}

const violations = (response: { json(): unknown }) =>
  ((response.json() as { violations?: { propertyPath: string; code: string }[] }).violations ?? []).map(
    (v) => `${v.propertyPath}:${v.code}`,
  );

const storedReadings = (install: TestInstallation) =>
  t.db.query.readings.findMany({
    where: (r, { inArray }) =>
      inArray(
        r.equipmentId,
        install.stations.map((s) => s.id),
      ),
  });

describe('POST /api/uplinks with text the database cannot store', () => {
  it('refuses a serial number holding a NUL with 422 naming the reading, stores nothing, then takes the fixed batch', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const batch = readings(install, 5);
    const broken = batch.map((r, i) => (i === 3 ? { ...r, serial_number: `${r.serial_number}\u0000` } : r));
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await post(install, broken);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 422, error: 'validation_failed' });
      expect(violations(refused)).toEqual(['readings.3.serial_number:text_invalid']);
    }
    expect(await storedReadings(install)).toHaveLength(0);

    const accepted = await post(install, batch);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ accepted: 5, duplicates: 0, rejected: [] });
  });

  it('refuses lone surrogates in a serial number and in the firmware version', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const batch = readings(install, 2).map((r, i) => (i === 1 ? { ...r, serial_number: 'IGS-\ud83d' } : r));
    const refused = await post(install, batch, '3.1\udfff');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(violations(refused).sort()).toEqual([
      'gateway.firmware_version:text_invalid',
      'readings.1.serial_number:text_invalid',
    ]);
    expect(await storedReadings(install)).toHaveLength(0);
  });
});
