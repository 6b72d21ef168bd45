/** The simulator's payload generator: valid uplinks, battery decay, a termite episode that grows into a colony. */
import { DEFAULT_ALERT_SETTINGS, mqttUplinkMessage, uplinkPayload } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../db/seed/demo-devices.js';
import { createGatewaySimulation, EPISODE_SPREAD_AFTER, type SimGateway } from './uplink-generator.js';

const gateway: SimGateway = {
  ulid: '01JDEMO0000000000000000000',
  serialNumber: 'GW24-0001',
  siteUlid: '01JSITE0000000000000000000',
  siteName: 'Entrepôt Talence',
  credential: '01JDEMO0000000000000000000.c2VjcmV0LXNlY3JldC1zZWNyZXQ',
  firmwareVersion: '3.2.0',
  openAlerts: 0,
  stations: [
    { serialNumber: 'IGS24-00001', reference: 'IGS-01', baiting: true, batteryPercent: 80, signalLevel: -95 },
    { serialNumber: 'IGS24-00002', reference: 'IGS-02', baiting: true, batteryPercent: 17, signalLevel: -99 },
    { serialNumber: 'AGS24-00003', reference: 'AGS-01', baiting: false, batteryPercent: 64, signalLevel: -90 },
  ],
};
const start = new Date('2026-06-15T09:30:00Z');
const beatAt = (n: number) => new Date(start.getTime() + n * 5_000);
const threshold = DEFAULT_ALERT_SETTINGS.termite_activity_threshold;

describe('createGatewaySimulation', () => {
  it('sends uplinks valid against the contract: the gateway status and one reading per station', () => {
    const simulation = createGatewaySimulation(gateway, { random: seededRandom(1) });
    for (let n = 0; n < 20; n++) {
      const { payload } = simulation.heartbeat(beatAt(n));
      const parsed = uplinkPayload.parse(payload);
      expect(parsed.gateway).toMatchObject({ serial_number: 'GW24-0001', sent_at: beatAt(n).toISOString() });
      expect(parsed.readings.map((r) => r.serial_number)).toEqual(['IGS24-00001', 'IGS24-00002', 'AGS24-00003']);
      expect(parsed.readings.every((r) => r.measured_at === beatAt(n).toISOString())).toBe(true);
      expect(parsed.readings.every((r) => r.signal_level <= -80 && r.signal_level >= -110)).toBe(true);
      expect(parsed.readings[2]?.bait_consumption).toBe(0);
      expect(mqttUplinkMessage.safeParse({ ...payload, credential: gateway.credential }).success).toBe(true);
    }
  });

  it('decays the battery at every heartbeat, down to Low with a warning state', () => {
    const simulation = createGatewaySimulation(gateway, { random: seededRandom(2), batteryDropPerBeat: 0.5 });
    const beats = Array.from({ length: 12 }, (_, n) => uplinkPayload.parse(simulation.heartbeat(beatAt(n)).payload));
    const battery = (station: number) => beats.map((b) => b.readings[station]?.battery_percent as number);
    for (const station of [0, 1, 2]) {
      const series = battery(station);
      expect(series.every((v, i) => i === 0 || v <= (series[i - 1] as number))).toBe(true);
      expect((series[0] as number) - (series.at(-1) as number)).toBeGreaterThanOrEqual(4);
    }
    expect(beats[0]?.readings[1]).toMatchObject({ battery_level: 'Medium', state: 1 });
    expect(beats.at(-1)?.readings[1]).toMatchObject({ battery_level: 'Low', state: 2 });
    expect(beats.at(-1)?.readings[0]?.battery_level).toBe('Operational');
  });

  it('grows a termite episode over a few heartbeats and spreads it to the next station: a colony', () => {
    const simulation = createGatewaySimulation(gateway, { random: seededRandom(3), spikeChance: 0 });
    const calm = uplinkPayload.parse(simulation.heartbeat(beatAt(0)).payload);
    expect(calm.readings.every((r) => r.termite_activity < threshold)).toBe(true);
    simulation.startEpisode(0);
    expect(simulation.episodeActive).toBe(true);
    const beats = Array.from({ length: 6 }, (_, n) => simulation.heartbeat(beatAt(n + 1)));
    const activity = (station: number) => beats.map((b) => b.payload.readings?.[station]?.termite_activity as number);
    const first = activity(0);
    expect(first.every((v, i) => i === 0 || v > (first[i - 1] as number))).toBe(true);
    expect(first[0]).toBeLessThan(threshold);
    expect(first.at(-1)).toBeGreaterThanOrEqual(70);
    const second = activity(1);
    expect(second.slice(0, EPISODE_SPREAD_AFTER).every((v) => v < threshold)).toBe(true);
    expect(second.at(-1)).toBeGreaterThanOrEqual(threshold);
    // two stations in termite alert at once: the colony rule's default count
    const inAlert = beats.at(-1)?.payload.readings?.filter((r) => r.termite_activity >= threshold) ?? [];
    expect(inAlert.length).toBeGreaterThanOrEqual(DEFAULT_ALERT_SETTINGS.colony_station_count);
    expect(beats.at(-1)?.notes.some((n) => n.startsWith('IGS-01 termite activity'))).toBe(true);
    // the bait of a baiting station is being eaten
    const consumption = beats.map((b) => b.payload.readings?.[0]?.bait_consumption as number);
    expect(consumption.at(-1)).toBeGreaterThan(consumption[0] as number);
    // the episode keeps its level once at its height
    const later = simulation.heartbeat(beatAt(20));
    expect(later.payload.readings?.[0]?.termite_activity).toBeGreaterThanOrEqual(first.at(-1) as number);
  });

  it('sends a single reading of strong termite activity on the station asked for', () => {
    const simulation = createGatewaySimulation(gateway, { random: seededRandom(4) });
    const { payload } = simulation.termiteReading(start, 'IGS24-00002');
    const parsed = uplinkPayload.parse(payload);
    expect(parsed.readings).toHaveLength(1);
    expect(parsed.readings[0]).toMatchObject({ serial_number: 'IGS24-00002', termite_activity: 80 });
    expect(parsed.readings[0]?.termite_activity).toBeGreaterThanOrEqual(threshold);
  });
});
