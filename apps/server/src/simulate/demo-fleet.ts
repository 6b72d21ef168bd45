/**
 * Finds the demo gateways the simulator drives, through the running server's own API (the embedded database is held
 * by the server process, so the simulator never opens it): signs in as each demo PCO owner (`Client-Type: mobile`,
 * bearer token), pages through `GET /api/sites/search`, reads `GET /api/sites/{ulid}/equipment` of every site and
 * keeps the demo gateways (`GW24-nnnn`, whose device credentials derive from the demo key, see demo-devices.ts) with
 * their stations — for a station in termite alert, with its latest reading, so that its episode goes on.
 */
import {
  DEFAULT_ALERT_SETTINGS,
  type Equipment,
  type HydraCollection,
  type ReadingPoint,
  type ReadingSeries,
  type SiteSearchResult,
} from '@isoptera/contracts';
import { DEMO_GATEWAY_SERIAL, demoDeviceCredential } from '../db/seed/demo-devices.js';
import { DEMO_PASSWORD } from '../db/seed/demo-people.js';
import type { SimGateway } from './uplink-generator.js';

/** The demo PCO owners whose sites carry the demo gateways. */
export const DEMO_OWNERS = ['owner@demo.example', 'owner2@demo.example', 'owner3@demo.example'];

/** A failed call to the server, with its status and body. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new ServerError(response.status, `${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs `email` in and answers its bearer token. Throws {@link ServerError}. */
export async function signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await call<{ token?: string; two_factor?: boolean }>(`${baseUrl}/security/token/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-type': 'mobile' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.token) throw new ServerError(401, `${email}: no token (two-factor sign-in is not supported here)`);
  return answer.token;
}

/**
 * The signal a station usually has, from its latest (noisy) one: a weak signal stays weak; an ordinary one is kept
 * at -105 dBm or better, so that the noise of run after run does not drift it into a weak-signal alert.
 */
export function usualSignal(latest: number | null): number {
  if (latest === null) return -95;
  return latest < DEFAULT_ALERT_SETTINGS.weak_signal_dbm ? latest : Math.max(latest, -105);
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the answers. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The demo gateways of the sites `token`'s space holds, in site-name order. */
export async function spaceGateways(baseUrl: string, token: string): Promise<SimGateway[]> {
  const headers = { authorization: `Bearer ${token}`, 'client-type': 'mobile' };
  const sites: { ulid: string; name: string }[] = [];
  for (let page = 1; ; page++) {
    const result = await call<SiteSearchResult>(`${baseUrl}/api/sites/search?page=${page}`, { headers });
    sites.push(...result.list);
    if (result.list.length === 0 || sites.length >= result.total) break;
  }
  const perSite = await mapLimited(sites, 6, async (site) => {
    const list = await call<HydraCollection<Equipment>>(`${baseUrl}/api/sites/${site.ulid}/equipment`, { headers });
    const members = list['hydra:member'];
    // A station in termite alert goes on from its latest reading (its episode is not over).
    const latest = new Map<string, ReadingPoint>();
    for (const station of members.filter((e) => e.alerts.some((a) => a.type === 'TYPE_TERMITE_ALERT'))) {
      const from = encodeURIComponent(new Date(Date.now() - 3 * 86_400_000).toISOString());
      const series = await call<ReadingSeries>(`${baseUrl}/api/equipment/${station.ulid}/readings?from=${from}`, {
        headers,
      });
      const point = series.points.at(-1);
      if (point) latest.set(station.ulid, point);
    }
    const openAlerts = members.reduce((n, e) => n + e.alerts.length, 0);
    return members
      .filter((e) => e.kind === 'gateway' && DEMO_GATEWAY_SERIAL.test(e.serial_number))
      .map(
        (gateway): SimGateway => ({
          ulid: gateway.ulid,
          serialNumber: gateway.serial_number,
          siteUlid: site.ulid,
          siteName: site.name,
          credential: demoDeviceCredential(gateway.ulid, gateway.serial_number),
          firmwareVersion: gateway.firmware_version,
          openAlerts,
          // in-ground stations first: termites reach them before the ones inside
          stations: members
            .filter((e) => e.kind !== 'gateway' && e.gateway_ulid === gateway.ulid)
            .sort(
              (a, b) => Number(b.kind === 'igs') - Number(a.kind === 'igs') || a.reference.localeCompare(b.reference),
            )
            .map((station) => ({
              serialNumber: station.serial_number,
              reference: station.reference,
              baiting: station.treatment_type === 'TYPE_ELIMINATION',
              batteryPercent: station.battery_percent ?? 90,
              signalLevel: usualSignal(station.signal_level),
              termiteActivity: latest.get(station.ulid)?.termite_activity,
              baitConsumption: latest.get(station.ulid)?.bait_consumption,
            })),
        }),
      );
  });
  return perSite
    .flat()
    .sort((a, b) => a.siteName.localeCompare(b.siteName) || a.serialNumber.localeCompare(b.serialNumber));
}

/** The demo gateways of every demo PCO (see {@link DEMO_OWNERS}). */
export async function discoverDemoFleet(
  baseUrl: string,
  owners: readonly string[] = DEMO_OWNERS,
): Promise<SimGateway[]> {
  const fleets = await Promise.all(owners.map(async (email) => spaceGateways(baseUrl, await signIn(baseUrl, email))));
  return fleets.flat();
}

/**
 * The gateway and station a termite reading goes to: `target` is a station's serial number, or a site's name (exact,
 * then contained, case-insensitive) — its first station. Undefined when nothing matches.
 */
export function findTarget(
  fleet: readonly SimGateway[],
  target: string,
): { gateway: SimGateway; stationSerial: string } | undefined {
  for (const gateway of fleet) {
    const station = gateway.stations.find((s) => s.serialNumber.toLowerCase() === target.toLowerCase());
    if (station) return { gateway, stationSerial: station.serialNumber };
  }
  const wanted = target.toLocaleLowerCase();
  const gateway =
    fleet.find((g) => g.siteName.toLocaleLowerCase() === wanted && g.stations.length > 0) ??
    fleet.find((g) => g.siteName.toLocaleLowerCase().includes(wanted) && g.stations.length > 0);
  const first = gateway?.stations[0];
  return gateway && first ? { gateway, stationSerial: first.serialNumber } : undefined;
}
