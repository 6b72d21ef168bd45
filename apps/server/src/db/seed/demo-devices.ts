/**
 * What the demo seed and the gateway simulator (`npm run simulate`) share about the demo devices (issue 5
 * "Simulation and demo data"): the deterministic device credentials of the demo gateways, the battery level a charge
 * reports, and a small seeded random generator. Pure functions, no database.
 *
 * Demo credentials: the secret of a demo gateway is HMAC-SHA256(`DEMO_DEVICE_KEY`, serial number) in base64url, so
 * anyone who knows a demo gateway's ULID and serial can send its uplinks — fine for demo data, which is public anyway
 * (ARCHITECTURE §5 "Demo accounts"). Real gateways get random secrets at registration.
 */
import { createHmac } from 'node:crypto';
import type { BatteryLevel } from '@isoptera/contracts';
import { deviceSecretHash } from '../../platform/auth/device-credential.js';

/** The fixed key the demo gateways' secrets derive from (public: demo data only). */
export const DEMO_DEVICE_KEY = 'isoptera-demo-gateways-2026';

/** Serial numbers of the demo gateways: `GW24-0001`, `GW24-0002`… (the simulator drives these only). */
export const DEMO_GATEWAY_SERIAL = /^GW24-\d{4}$/;

/** The serial number of the `n`-th demo gateway (from 1). */
export function demoGatewaySerial(n: number): string {
  return `GW24-${String(n).padStart(4, '0')}`;
}

/** The secret of the demo gateway `serialNumber`: HMAC-SHA256(DEMO_DEVICE_KEY, serial), base64url. */
export function demoDeviceSecret(serialNumber: string): string {
  return createHmac('sha256', DEMO_DEVICE_KEY).update(serialNumber).digest('base64url');
}

/** The device credential of a demo gateway, in the contract's format `<gateway ulid>.<secret>`. */
export function demoDeviceCredential(gatewayUlid: string, serialNumber: string): string {
  return `${gatewayUlid}.${demoDeviceSecret(serialNumber)}`;
}

/** What the `equipment.credential_hash` column keeps for a demo gateway: SHA-256 (hex) of its secret. */
export function demoDeviceCredentialHash(serialNumber: string): string {
  return deviceSecretHash(demoDeviceSecret(serialNumber));
}

/** The level a station reports for a charge in percent: below 15 Low, below 40 Medium, else Operational. */
export function batteryLevelOf(percent: number): BatteryLevel {
  if (percent < 15) return 'Low';
  if (percent < 40) return 'Medium';
  return 'Operational';
}

/** A deterministic generator of numbers in [0, 1) (mulberry32) for the seed `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic integer seed of a text (FNV-1a), for {@link seededRandom}. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
