/**
 * Issue 5 "Telemetry ingestion" through MQTT: the app, given `MQTT_URL`, subscribes on the local Mosquitto; a gateway
 * publishes its uplink with its credential and gets the result (or `{error}`) on its ack topic; the readings and the
 * sync log row are in the database by then.
 */
import { mqttAckTopic, mqttUplinkTopic, type UplinkResult } from '@isoptera/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation, newDeviceCredential, type TestInstallation } from '../../../test/equipment-factories.js';
import { createSpace } from '../../../test/factories.js';

const MQTT_URL = 'mqtt://127.0.0.1:1883';
let t: TestApp;
let device: MqttClient;
let spaceId: string;

/** Publishes `message` (an object, or raw text) on the gateway's uplink topic and answers the next ack. */
async function publish(serial: string, message: unknown, timeoutMs = 10_000): Promise<unknown> {
  const ackTopic = mqttAckTopic(serial);
  await device.subscribeAsync(ackTopic, { qos: 1 });
  const ack = new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      device.off('message', onMessage);
      reject(new Error(`no ack on ${ackTopic}`));
    }, timeoutMs);
    function onMessage(topic: string, payload: Buffer) {
      if (topic !== ackTopic) return;
      clearTimeout(timer);
      device.off('message', onMessage);
      resolve(JSON.parse(payload.toString('utf8')));
    }
    device.on('message', onMessage);
  });
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  await device.publishAsync(mqttUplinkTopic(serial), body, { qos: 1 });
  return ack;
}

function message(install: TestInstallation, credential = install.gateway.credential, minutesAgo = 60) {
  return {
    credential,
    gateway: {
      serial_number: install.gateway.serialNumber,
      sent_at: new Date().toISOString(),
      firmware_version: '3.0.0',
    },
    readings: install.stations.map((s, i) => ({
      serial_number: s.serialNumber,
      measured_at: new Date(Date.now() - (minutesAgo + i) * 60_000).toISOString(),
      termite_activity: 5,
      bait_consumption: 0,
      battery_level: 'Operational',
      battery_percent: 77,
      signal_level: -88,
      state: 1,
    })),
  };
}

const readingsOf = (equipmentId: string) =>
  t.db.query.readings.findMany({
    where: (r, { eq }) => eq(r.equipmentId, equipmentId),
    orderBy: (r, { asc }) => [asc(r.measuredAt)],
  });
const syncLogsOf = (siteId: string) => t.db.query.syncLogs.findMany({ where: (l, { eq }) => eq(l.siteId, siteId) });

beforeAll(async () => {
  t = await buildTestApp({ env: { MQTT_URL } });
  device = await mqtt.connectAsync(MQTT_URL, { clientId: `isoptera-test-device-${process.pid}-${Date.now()}` });
  spaceId = await createSpace(t.db, 'pco');
});
afterAll(async () => {
  await device?.endAsync();
  await t?.close();
});

describe('MQTT bridge', () => {
  it('ingests an uplink and acknowledges it once committed', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const uplink = message(install);
    const ack = await publish(install.gateway.serialNumber, uplink);
    expect(ack).toEqual({ accepted: 2, duplicates: 0, rejected: [] } satisfies UplinkResult);
    const stored = await readingsOf(install.stations[0]?.id ?? '');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ termiteActivity: 5, batteryPercent: 77, signalLevel: -88 });
    const gateway = await t.db.query.equipment.findFirst({ where: (e, { eq }) => eq(e.id, install.gateway.id) });
    expect(gateway?.firmwareVersion).toBe('3.0.0');
    expect(await syncLogsOf(install.siteId)).toEqual([
      expect.objectContaining({ transport: 'mqtt', accepted: 2, duplicates: 0, rejected: 0 }),
    ]);

    // at-least-once delivery: the same message again is stored once
    const again = await publish(install.gateway.serialNumber, uplink);
    expect(again).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    expect(await readingsOf(install.stations[0]?.id ?? '')).toHaveLength(1);
  });

  it('answers device_unauthorized for a wrong secret or a topic of another gateway, storing nothing', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const wrong = newDeviceCredential(install.gateway.id).credential;
    expect(await publish(install.gateway.serialNumber, message(install, wrong))).toEqual({
      error: 'device_unauthorized',
    });

    const other = await createInstallation(t.db, spaceId, { stationCount: 0 });
    expect(await publish(other.gateway.serialNumber, message(install))).toEqual({ error: 'device_unauthorized' });
    expect(await readingsOf(install.stations[0]?.id ?? '')).toHaveLength(0);
    expect(await syncLogsOf(install.siteId)).toHaveLength(0);
  });

  it('answers validation_failed for a malformed uplink, and survives messages that are not JSON', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const bad = message(install);
    const invalid = { ...bad, readings: bad.readings.map((r) => ({ ...r, termite_activity: 300 })) };
    const refused = await publish(install.gateway.serialNumber, invalid);
    expect(refused).toMatchObject({
      error: 'validation_failed',
      violations: [{ propertyPath: 'readings.0.termite_activity' }],
    });

    // no answer to garbage (the sender is not authenticated), and the bridge keeps going
    await expect(publish(install.gateway.serialNumber, '{not json', 1_000)).rejects.toThrow(/no ack/);
    expect(await publish(install.gateway.serialNumber, message(install))).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
  });

  it('refuses a NUL or a lone surrogate like HTTP does (validation_failed naming the field), storing nothing', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const good = message(install);
    const broken = {
      ...good,
      readings: good.readings.map((r, i) => (i === 1 ? { ...r, serial_number: `${r.serial_number}\u0000` } : r)),
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await publish(install.gateway.serialNumber, broken)).toEqual({
        error: 'validation_failed',
        violations: [{ propertyPath: 'readings.1.serial_number', code: 'text_invalid' }],
      });
    }
    const surrogate = { ...good, gateway: { ...good.gateway, firmware_version: '3.0\ud800' } };
    expect(await publish(install.gateway.serialNumber, surrogate)).toEqual({
      error: 'validation_failed',
      violations: [{ propertyPath: 'gateway.firmware_version', code: 'text_invalid' }],
    });
    expect(await readingsOf(install.stations[1]?.id ?? '')).toHaveLength(0);
    expect(await syncLogsOf(install.siteId)).toHaveLength(0);
    // the bridge goes on: the same uplink, fixed, is taken
    expect(await publish(install.gateway.serialNumber, good)).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
  });

  it('rejects a foreign station like HTTP does', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const foreign = await createInstallation(t.db, await createSpace(t.db, 'pco'), { stationCount: 1 });
    const body = message(install);
    const foreignStation = foreign.stations[0] as TestInstallation['stations'][number];
    body.readings.push({
      ...(body.readings[0] as (typeof body.readings)[number]),
      serial_number: foreignStation.serialNumber,
    });
    expect(await publish(install.gateway.serialNumber, body)).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 1, serial_number: foreignStation.serialNumber, code: 'unknown_station' }],
    });
    expect(await readingsOf(foreignStation.id)).toHaveLength(0);
  });
});
