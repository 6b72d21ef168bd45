/**
 * The gateway simulator's payload generator (issue 5 "Simulation and demo data"): the state of one simulated gateway
 * and its stations, and the uplink (`uplinkPayload` of the contract) each heartbeat sends — battery decaying a little
 * at every heartbeat, signal noise around each station's level, a rare short spike of termite activity, and on demand
 * a termite episode that grows over a few heartbeats and spreads to a neighbouring station (two stations in termite
 * alert: a colony). Pure: time and randomness come from the caller.
 */
import type { BatteryLevel, UplinkPayload, UplinkReading } from '@isoptera/contracts';
import { batteryLevelOf } from '../db/seed/demo-devices.js';

/** A station as the simulator knows it (from the equipment list). */
export interface SimStation {
  serialNumber: string;
  reference: string;
  /** A baiting station reports bait consumption; a monitoring one 0. */
  baiting: boolean;
  /** Charge at the start, percent. */
  batteryPercent: number;
  /** Usual signal, dBm. */
  signalLevel: number;
  /** Latest termite activity when the station is in termite alert: its episode goes on from there. */
  termiteActivity?: number;
  /** Latest bait consumption, percent. */
  baitConsumption?: number;
}

/** A demo gateway and its stations. */
export interface SimGateway {
  ulid: string;
  serialNumber: string;
  siteUlid: string;
  siteName: string;
  /** The device credential, `<gateway ulid>.<secret>`. */
  credential: string;
  firmwareVersion: string | null;
  /** Open alerts of the site's equipment when the simulator started. */
  openAlerts: number;
  stations: SimStation[];
}

export interface GeneratorOptions {
  /** Numbers in [0, 1); default Math.random. */
  random?: () => number;
  /** Battery percent lost per heartbeat (an accelerated day). Default 0.4. */
  batteryDropPerBeat?: number;
  /** Chance per heartbeat that one station of the gateway shows a one-off spike of activity. Default 0.005. */
  spikeChance?: number;
}

/** Activity an episode adds per heartbeat, and where it stops. */
export const EPISODE_GROWTH = 14;
export const EPISODE_MAX = 85;
/** Heartbeats after an episode starts before it reaches the neighbouring station. */
export const EPISODE_SPREAD_AFTER = 2;

interface StationState {
  station: SimStation;
  battery: number;
  /** Termite activity of the episode on this station (0 = none). */
  episode: number;
  consumption: number;
}

/** One heartbeat: the payload and a human summary of what is notable in it. */
export interface Heartbeat {
  payload: UplinkPayload;
  notes: string[];
}

export interface GatewaySimulation {
  readonly gateway: SimGateway;
  /** The next heartbeat's uplink: one reading per station measured at `at`. */
  heartbeat(at: Date): Heartbeat;
  /** Starts a termite episode on station `index` (default the first); it spreads to the next station later. */
  startEpisode(index?: number): void;
  /** Whether an episode is going on. */
  readonly episodeActive: boolean;
  /** An uplink with a single reading of strong termite activity on station `serialNumber` (default the first). */
  termiteReading(at: Date, serialNumber?: string, activity?: number): Heartbeat;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A simulation of `gateway` starting from its stations' current battery and signal. */
export function createGatewaySimulation(gateway: SimGateway, options: GeneratorOptions = {}): GatewaySimulation {
  const random = options.random ?? Math.random;
  const drop = options.batteryDropPerBeat ?? 0.4;
  const spikeChance = options.spikeChance ?? 0.005;
  const states: StationState[] = gateway.stations.map((station) => ({
    station,
    battery: station.batteryPercent,
    episode: station.termiteActivity ?? 0,
    consumption: station.baitConsumption ?? 0,
  }));
  /** Heartbeats since the episode started, or -1. */
  let episodeBeats = -1;
  let episodeIndex = 0;

  const gatewayStatus = (at: Date): UplinkPayload['gateway'] => ({
    serial_number: gateway.serialNumber,
    sent_at: at.toISOString(),
    ...(gateway.firmwareVersion ? { firmware_version: gateway.firmwareVersion } : {}),
    battery_level: 'Operational',
    battery_percent: 100,
    signal_level: -78 + Math.round((random() - 0.5) * 6),
    state: 1,
  });

  function reading(state: StationState, at: Date, activity: number): UplinkReading {
    const batteryPercent = Math.round(state.battery);
    const batteryLevel: BatteryLevel = batteryLevelOf(batteryPercent);
    return {
      serial_number: state.station.serialNumber,
      measured_at: at.toISOString(),
      termite_activity: clamp(Math.round(activity), 0, 100),
      bait_consumption: state.station.baiting ? clamp(Math.round(state.consumption), 0, 100) : 0,
      battery_level: batteryLevel,
      battery_percent: batteryPercent,
      signal_level: clamp(state.station.signalLevel + Math.round((random() - 0.5) * 8), -150, 0),
      state: batteryLevel === 'Low' ? 2 : 1,
    };
  }

  return {
    gateway,
    get episodeActive() {
      return episodeBeats >= 0;
    },
    startEpisode(index = 0) {
      episodeIndex = clamp(index, 0, Math.max(0, states.length - 1));
      episodeBeats = 0;
    },
    heartbeat(at) {
      const notes: string[] = [];
      if (episodeBeats >= 0) {
        const first = states[episodeIndex];
        const second = states[(episodeIndex + 1) % states.length];
        if (first) first.episode = Math.min(EPISODE_MAX, first.episode + EPISODE_GROWTH);
        if (second && second !== first && episodeBeats >= EPISODE_SPREAD_AFTER) {
          second.episode = Math.min(EPISODE_MAX, second.episode + EPISODE_GROWTH);
        }
        episodeBeats++;
      }
      const spiking = random() < spikeChance ? Math.floor(random() * states.length) : -1;
      const readings = states.map((state, i) => {
        state.battery = Math.max(0, state.battery - drop * (0.75 + random() * 0.5));
        let activity = state.episode;
        if (activity === 0)
          activity =
            i === spiking ? 30 + Math.floor(random() * 20) : random() < 0.06 ? 1 + Math.floor(random() * 5) : 0;
        if (state.episode > 0) state.consumption = Math.min(100, state.consumption + state.episode / 16);
        const r = reading(state, at, activity);
        if (r.termite_activity >= 20) notes.push(`${state.station.reference} termite activity ${r.termite_activity}`);
        if (r.battery_level === 'Low') notes.push(`${state.station.reference} battery Low (${r.battery_percent} %)`);
        return r;
      });
      return { payload: { gateway: gatewayStatus(at), readings }, notes };
    },
    termiteReading(at, serialNumber, activity = 80) {
      const state = states.find((s) => s.station.serialNumber === serialNumber) ?? states[0];
      if (!state) return { payload: { gateway: gatewayStatus(at), readings: [] }, notes: [] };
      const r = reading(state, at, activity);
      return {
        payload: { gateway: gatewayStatus(at), readings: [r] },
        notes: [`${state.station.reference} termite activity ${r.termite_activity}`],
      };
    },
  };
}
