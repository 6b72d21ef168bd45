/**
 * The demo equipment plan (issue 5 "Simulation and demo data"; SPEC §3 "Equipment"): which demo sites get a gateway
 * and 3–8 stations, where the stations stand, and the 60 days of readings each station sends every 6 hours (activity
 * mostly 0 with some noise, a slowly decaying battery, a signal around -95 dBm). A few stations tell a story:
 *
 * - `colony` (first PCO, a site in operation): two stations with rising termite activity over the last days (and
 *   rising bait consumption on a baiting site) — termite alerts on both, so a colony;
 * - `maintenance` (first PCO, another site in operation): a station whose battery runs Low, one with a weak signal;
 * - `termite` (second PCO, a site in operation): one station with recent termite activity;
 * - `past_episode` (first PCO, a site to check): an episode of activity a month ago, cleared since (a closed alert in
 *   the alert log).
 *
 * Pure and deterministic for a given list of sites and `now`.
 */
import {
  type BatteryLevel,
  DEFAULT_ALERT_SETTINGS,
  type EquipmentKind,
  type TrapState,
  type TrapType,
} from '@isoptera/contracts';
import { batteryLevelOf, demoGatewaySerial, seededRandom, seedOf } from './demo-devices.js';

/** Days of history per demo station. */
export const DEMO_HISTORY_DAYS = 60;
/** One reading every this many hours. */
export const DEMO_READING_HOURS = 6;
const SLOT_MS = DEMO_READING_HOURS * 3_600_000;
/** Readings per station over the history. */
export const DEMO_READINGS_PER_STATION = (DEMO_HISTORY_DAYS * 24) / DEMO_READING_HOURS;
const LAST = DEMO_READINGS_PER_STATION - 1;
/** Slots per day. */
const DAY = 24 / DEMO_READING_HOURS;

/** What the plan needs to know of a site. */
export interface EquipmentSeedSite {
  id: string;
  spaceId: string;
  spaceKey: string;
  status: string;
  latitude: string | null;
  longitude: string | null;
  treatmentType: string;
}

export type DemoScenario = 'colony' | 'maintenance' | 'termite' | 'past_episode';

/** A run of termite activity on a station, in reading slots (0 = oldest reading): rises to `peak`, then fades out. */
export interface ActivityEpisode {
  start: number;
  peakAt: number;
  /** Back to no activity at this slot; null while the episode goes on. */
  end: number | null;
  peak: number;
}

export interface StationProfile {
  /** Seed of this station's noise. */
  seed: number;
  batteryStart: number;
  /** Percent lost over the whole history. */
  batteryDrop: number;
  /** Mean signal, dBm. */
  signalBase: number;
  /** From this slot on the signal is weak (about -121 dBm: the station was covered up), or null. */
  weakSignalFrom: number | null;
  /** Minutes before each slot at which the station measures (stations do not all report on the hour). */
  minuteOffset: number;
  /** A baiting station reports its bait consumption; a monitoring one always 0. */
  baiting: boolean;
  episode: ActivityEpisode | null;
}

export interface PlannedDevice {
  id: string;
  kind: EquipmentKind;
  reference: string;
  serialNumber: string;
  trapType: TrapType | null;
  treatmentType: string | null;
  masonry: 0 | 1 | null;
  latitude: string | null;
  longitude: string | null;
  firmwareVersion: string;
  installedAt: Date;
}

export interface PlannedStation extends PlannedDevice {
  profile: StationProfile;
  /** The station tells one of the stories (its alerts open at the moment its readings cross a threshold). */
  story: boolean;
}

export interface PlannedInstallation {
  site: EquipmentSeedSite;
  scenario: DemoScenario | null;
  gateway: PlannedDevice;
  stations: PlannedStation[];
}

/** One generated reading (the `readings` row without its keys' table). */
export interface GeneratedReading {
  measuredAt: Date;
  termiteActivity: number;
  baitConsumption: number;
  batteryLevel: BatteryLevel;
  batteryPercent: number;
  signalLevel: number;
  state: TrapState;
}

/** The reading slots of the history: every 6 hours on the UTC clock, the last one at or before `now`. */
export function readingSlots(now: Date): Date[] {
  const last = Math.floor(now.getTime() / SLOT_MS) * SLOT_MS;
  return Array.from({ length: DEMO_READINGS_PER_STATION }, (_, i) => new Date(last - (LAST - i) * SLOT_MS));
}

/** Which sites get equipment: every site in operation, and every other site to check, of each space. */
export function sitesToEquip(sites: readonly EquipmentSeedSite[]): EquipmentSeedSite[] {
  const toCheckSeen: Record<string, number> = {};
  return sites.filter((site) => {
    if (site.status === 'STATUS_IN_OPERATION') return true;
    if (site.status !== 'STATUS_TO_CHECK') return false;
    const n = toCheckSeen[site.spaceKey] ?? 0;
    toCheckSeen[site.spaceKey] = n + 1;
    return n % 2 === 0;
  });
}

/** The story sites: the first in-operation sites of the first PCO (colony, maintenance) and the second one
 * (termite), and the first equipped site to check of the first PCO (past episode). */
function scenarioOf(equipped: readonly EquipmentSeedSite[]): Map<string, DemoScenario> {
  const scenarios = new Map<string, DemoScenario>();
  const take = (spaceKey: string, status: string, scenario: DemoScenario) => {
    const site = equipped.find((s) => s.spaceKey === spaceKey && s.status === status && !scenarios.has(s.id));
    if (site) scenarios.set(site.id, scenario);
  };
  take('pco', 'STATUS_IN_OPERATION', 'colony');
  take('pco', 'STATUS_IN_OPERATION', 'maintenance');
  take('pco2', 'STATUS_IN_OPERATION', 'termite');
  take('pco', 'STATUS_TO_CHECK', 'past_episode');
  return scenarios;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const coordinate = (value: number) => value.toFixed(9);

/** Positions on a rectangle of about 56 × 40 m around the site (stations every few metres along the walls). */
function perimeterPoint(latitude: number, longitude: number, index: number, count: number) {
  const halfLat = 0.00018;
  const halfLon = 0.00035;
  const t = ((index + 0.5) / count) * 4;
  const side = Math.floor(t);
  const f = t - side;
  const [dLat, dLon] =
    side === 0
      ? [halfLat, -halfLon + 2 * halfLon * f]
      : side === 1
        ? [halfLat - 2 * halfLat * f, halfLon]
        : side === 2
          ? [-halfLat, halfLon - 2 * halfLon * f]
          : [-halfLat + 2 * halfLat * f, -halfLon];
  return { latitude: coordinate(latitude + dLat), longitude: coordinate(longitude + dLon) };
}

/** A rising episode that goes on until the last reading. */
const ongoing = (days: number, peak: number): ActivityEpisode => ({
  start: LAST - days * DAY,
  peakAt: LAST,
  end: null,
  peak,
});

/** The stories of the scenario stations (by station index), on top of the ordinary profile. */
function storyOf(scenario: DemoScenario | null, index: number, stationCount: number): Partial<StationProfile> {
  if (scenario === 'colony' && index === 0) return { episode: ongoing(4, 72) };
  if (scenario === 'colony' && index === 1) return { episode: ongoing(2, 48) };
  if (scenario === 'termite' && index === 1) return { episode: ongoing(1, 45) };
  if (scenario === 'maintenance' && index === 2) return { batteryStart: 34, batteryDrop: 23 };
  if (scenario === 'maintenance' && index === stationCount - 1) return { weakSignalFrom: LAST - 10 * DAY };
  if (scenario === 'past_episode' && index === 0) {
    return { episode: { start: LAST - 30 * DAY, peakAt: LAST - 26 * DAY, end: LAST - 22 * DAY, peak: 68 } };
  }
  return {};
}

/**
 * The demo installations of `sites` (see {@link sitesToEquip}), with ids from `newId` and serial numbers numbered
 * from 1 in this order: gateway `GW24-0001`, stations `IGS24-00001` / `AGS24-00001`.
 */
export function planSeedEquipment(
  sites: readonly EquipmentSeedSite[],
  now: Date,
  newId: () => string,
): PlannedInstallation[] {
  const equipped = sitesToEquip(sites);
  const scenarios = scenarioOf(equipped);
  let stationNumber = 0;
  return equipped.map((site, siteIndex) => {
    const scenario = scenarios.get(site.id) ?? null;
    const random = seededRandom(seedOf(`site:${site.id}`) ^ siteIndex);
    const lat = Number(site.latitude ?? '44.837789');
    const lon = Number(site.longitude ?? '-0.57918');
    const installedAt = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 5 + ((siteIndex * 37) % 300)) * 86_400_000);
    const baiting = site.treatmentType === 'TYPE_ELIMINATION';
    let count = 3 + ((siteIndex * 5 + 2) % 6);
    if (scenario === 'colony' || scenario === 'maintenance') count = Math.max(count, 5);
    const agsCount = count >= 8 ? 2 : count >= 5 ? 1 : 0;
    const igsCount = count - agsCount;
    const gateway: PlannedDevice = {
      id: newId(),
      kind: 'gateway',
      reference: 'GW-01',
      serialNumber: demoGatewaySerial(siteIndex + 1),
      trapType: null,
      treatmentType: null,
      masonry: null,
      latitude: coordinate(lat),
      longitude: coordinate(lon),
      firmwareVersion: siteIndex % 3 === 0 ? '3.1.4' : '3.2.0',
      installedAt,
    };
    const stations: PlannedStation[] = [];
    for (let i = 0; i < count; i++) {
      stationNumber++;
      const ags = i >= igsCount;
      const kindIndex = ags ? i - igsCount + 1 : i + 1;
      const position = ags
        ? { latitude: coordinate(lat + 0.00004 * kindIndex), longitude: coordinate(lon - 0.00006 * kindIndex) }
        : perimeterPoint(lat, lon, i, igsCount);
      const profile: StationProfile = {
        seed: seedOf(`station:${site.id}:${i}`),
        batteryStart: 72 + Math.floor(random() * 28),
        batteryDrop: 4 + Math.floor(random() * 10),
        signalBase: -104 + Math.floor(random() * 19),
        minuteOffset: Math.floor(random() * 50),
        baiting,
        weakSignalFrom: null,
        episode: null,
      };
      const story = storyOf(scenario, i, count);
      Object.assign(profile, story);
      stations.push({
        id: newId(),
        kind: ags ? 'ags' : 'igs',
        reference: `${ags ? 'AGS' : 'IGS'}-${pad(kindIndex, 2)}`,
        serialNumber: `${ags ? 'AGS' : 'IGS'}24-${pad(stationNumber, 5)}`,
        trapType: ags ? 'interior' : 'exterior',
        treatmentType: site.treatmentType,
        masonry: ags ? 1 : i % 4 === 3 ? 1 : 0,
        ...position,
        firmwareVersion: random() < 0.7 ? '1.9.2' : '1.8.7',
        installedAt,
        profile,
        story: Object.keys(story).length > 0,
      });
    }
    return { site, scenario, gateway, stations };
  });
}

/** Termite activity of an episode at slot `i`: rising to its peak, then fading out to 0 at its end. */
function episodeActivity(episode: ActivityEpisode, i: number): number | null {
  if (i < episode.start || (episode.end !== null && i >= episode.end)) return null;
  if (i <= episode.peakAt)
    return Math.round((episode.peak * (i - episode.start + 1)) / (episode.peakAt - episode.start + 1));
  const end = episode.end ?? LAST + 1;
  return Math.round((episode.peak * (end - i)) / (end - episode.peakAt));
}

/**
 * The readings of a station over `slots` (see {@link readingSlots}): battery decaying linearly, signal noise of ±4 dBm,
 * activity 0 with a little noise outside episodes. A baiting station's bait consumption grows with the activity and
 * is back to 0 two days after an episode (the bait was replaced).
 */
export function stationReadings(profile: StationProfile, slots: readonly Date[]): GeneratedReading[] {
  const random = seededRandom(profile.seed);
  const last = slots.length - 1;
  let consumption = 0;
  return slots.map((slot, i) => {
    const noise = random() < 0.06 ? 1 + Math.floor(random() * 6) : 0;
    const weak = profile.weakSignalFrom !== null && i >= profile.weakSignalFrom;
    const signalLevel = (weak ? -121 : profile.signalBase) + Math.round((random() - 0.5) * 8);
    const fromEpisode = profile.episode ? episodeActivity(profile.episode, i) : null;
    const termiteActivity = fromEpisode ?? noise;
    if (profile.baiting && fromEpisode !== null) consumption = Math.min(100, consumption + Math.ceil(fromEpisode / 16));
    const episodeEnd = profile.episode?.end;
    if (episodeEnd != null && i >= episodeEnd + 2 * DAY) consumption = 0;
    const batteryPercent = Math.round(profile.batteryStart - (profile.batteryDrop * i) / Math.max(1, last));
    const batteryLevel = batteryLevelOf(batteryPercent);
    return {
      measuredAt: new Date(slot.getTime() - profile.minuteOffset * 60_000),
      termiteActivity,
      baitConsumption: profile.baiting ? consumption : 0,
      batteryLevel,
      batteryPercent,
      signalLevel,
      state: batteryLevel === 'Low' ? 2 : 1,
    };
  });
}

/** One moment at which the seed lets the alert engine look at a story station: a threshold was just crossed. */
export interface AlertCheckpoint {
  at: Date;
  spaceId: string;
  /** The story stations of the site. */
  equipmentIds: string[];
}

/**
 * The moments a story station's reading crosses a default threshold (termite activity, Low battery, weak signal) or
 * its bait starts or stops being eaten, either way, in time order: evaluating the station then opens and closes its alerts when a real uplink would have.
 */
export function alertCheckpoints(
  installations: readonly PlannedInstallation[],
  series: ReadonlyMap<string, readonly GeneratedReading[]>,
): AlertCheckpoint[] {
  const settings = DEFAULT_ALERT_SETTINGS;
  const flags = (r: GeneratedReading) =>
    [
      r.termiteActivity >= settings.termite_activity_threshold,
      r.batteryLevel === 'Low',
      r.signalLevel < settings.weak_signal_dbm,
      r.baitConsumption > 0,
    ].join();
  const checkpoints: AlertCheckpoint[] = [];
  for (const { site, stations } of installations) {
    const storyIds = stations.filter((s) => s.story).map((s) => s.id);
    for (const id of storyIds) {
      const readings = series.get(id) ?? [];
      readings.forEach((reading, i) => {
        const previous = readings[i - 1];
        if (previous && flags(previous) !== flags(reading)) {
          checkpoints.push({ at: reading.measuredAt, spaceId: site.spaceId, equipmentIds: storyIds });
        }
      });
    }
  }
  return checkpoints.sort((a, b) => a.at.getTime() - b.at.getTime());
}
