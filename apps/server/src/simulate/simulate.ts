/**
 * `npm run simulate [-- options]`: a gateway simulator for the demo data (issue 5 "Simulation and demo data"). It
 * finds the demo gateways through the running server's API (demo-fleet.ts), then sends their heartbeats at an
 * accelerated pace — one reading per station, battery decay, signal noise, a rare spike of termite activity — and
 * after a few heartbeats grows a termite episode on one site until two stations are in alert (a colony). It prints
 * what it sends and what the server answers; Ctrl-C stops it after the heartbeat in progress.
 *
 *   --transport http|mqtt   how uplinks travel (default http)
 *   --url URL               the server (default http://localhost:3000; also used to find the gateways)
 *   --mqtt URL              the broker for --transport mqtt (default mqtt://127.0.0.1:1883)
 *   --interval DURATION     time between heartbeats: 5s (default), 500ms, 1m
 *   --colony SITE|none      the site where the episode grows (default: the first site without open alerts)
 *   --colony-after N        heartbeats before the episode starts (default 3)
 *   --once                  one round of heartbeats, then exit
 *   --termite TARGET        with --once: a single reading of strong termite activity on a station (serial number)
 *                           or on the first station of a site (name), then exit (0 when the server accepted it)
 */
import { parseArgs } from 'node:util';
import type { UplinkPayload } from '@isoptera/contracts';
import { discoverDemoFleet, findTarget } from './demo-fleet.js';
import { createGatewaySimulation, type GatewaySimulation, type SimGateway } from './uplink-generator.js';
import { httpTransport, mqttTransport, type UplinkAnswer, type UplinkTransport } from './uplink-transports.js';

const USAGE = `Usage: npm run simulate -- [--transport http|mqtt] [--url URL] [--mqtt URL] [--interval 5s]
                        [--colony SITE|none] [--colony-after N] [--once [--termite STATION_SERIAL|SITE_NAME]]`;

/** `5s`, `500ms`, `1m` or a number of seconds, in milliseconds. Throws on anything else. */
function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new Error(`invalid duration "${text}" (e.g. 5s, 500ms, 1m)`);
  const value = Number(match[1]);
  const unit = match[2] ?? 's';
  return Math.round(unit === 'ms' ? value : unit === 'm' ? value * 60_000 : value * 1000);
}

const time = (at: Date) => at.toLocaleTimeString('en-GB', { hour12: false });

function describeAnswer(answer: UplinkAnswer): string {
  if (!answer.ok) return `refused: ${answer.status ? `${answer.status} ` : ''}${answer.error}`;
  const { accepted, duplicates, rejected } = answer.result;
  const reasons = rejected.map((r) => `${r.serial_number} ${r.code}`).join(', ');
  return `accepted ${accepted}, duplicates ${duplicates}, rejected ${rejected.length}${reasons ? ` (${reasons})` : ''}`;
}

async function send(
  transport: UplinkTransport,
  gateway: SimGateway,
  payload: UplinkPayload,
  notes: string[],
): Promise<UplinkAnswer> {
  const at = new Date();
  const count = payload.readings?.length ?? 0;
  const summary = `${transport.name} → ${gateway.serialNumber} «${gateway.siteName}» ${count} reading${count === 1 ? '' : 's'}`;
  const answer = await transport
    .send(gateway, payload)
    .catch(
      (error: unknown): UplinkAnswer => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  console.log(
    `[${time(at)}] ${summary}${notes.length ? ` · ${notes.join(' · ')}` : ''}\n           ← ${describeAnswer(answer)}`,
  );
  return answer;
}

function chooseColony(fleet: SimGateway[], wanted: string | undefined): SimGateway | undefined {
  if (wanted === 'none') return undefined;
  if (wanted) return findTarget(fleet, wanted)?.gateway;
  return fleet.find((g) => g.stations.length >= 2 && g.openAlerts === 0) ?? fleet.find((g) => g.stations.length >= 2);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      transport: { type: 'string', default: 'http' },
      url: { type: 'string', default: 'http://localhost:3000' },
      mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      interval: { type: 'string', default: '5s' },
      colony: { type: 'string' },
      'colony-after': { type: 'string', default: '3' },
      once: { type: 'boolean', default: false },
      termite: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.transport !== 'http' && values.transport !== 'mqtt')
    throw new Error(`--transport: http or mqtt\n${USAGE}`);
  if (values.termite && !values.once) throw new Error(`--termite goes with --once\n${USAGE}`);
  const interval = parseDuration(values.interval);
  const colonyAfter = Number(values['colony-after']);
  const baseUrl = values.url.replace(/\/+$/, '');

  const fleet = await discoverDemoFleet(baseUrl).catch((error: unknown) => {
    const cause = error instanceof Error && 'cause' in error ? String((error.cause as Error)?.message ?? '') : '';
    throw new Error(
      cause.includes('ECONNREFUSED')
        ? `cannot reach ${baseUrl}: is the server running (npm start)?`
        : `cannot list the demo gateways: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (fleet.length === 0)
    throw new Error('no demo gateway found: start the server on a database seeded with SEED=demo');
  const stations = fleet.reduce((n, g) => n + g.stations.length, 0);
  console.log(
    `${fleet.length} demo gateways, ${stations} stations, over ${values.transport} (${values.transport === 'mqtt' ? values.mqtt : baseUrl})`,
  );

  const transport = values.transport === 'mqtt' ? await mqttTransport(values.mqtt) : httpTransport(baseUrl);
  try {
    if (values.termite) {
      const target = findTarget(fleet, values.termite);
      if (!target) throw new Error(`no demo station or site matches "${values.termite}"`);
      const simulation = createGatewaySimulation(target.gateway);
      const { payload, notes } = simulation.termiteReading(new Date(), target.stationSerial);
      console.log(
        `termite reading on site «${target.gateway.siteName}» (${target.gateway.siteUlid}), station ${target.stationSerial}`,
      );
      const answer = await send(transport, target.gateway, payload, notes);
      return answer.ok && answer.result.accepted + answer.result.duplicates > 0 ? 0 : 1;
    }

    const simulations: GatewaySimulation[] = fleet.map((g) => createGatewaySimulation(g));
    const colony = chooseColony(fleet, values.colony);
    if (colony) console.log(`a termite episode will grow on «${colony.siteName}» after ${colonyAfter} heartbeats`);
    let stopping = false;
    let wake: (() => void) | undefined;
    const onSignal = () => {
      if (stopping) process.exit(130);
      stopping = true;
      console.log('\nstopping after this heartbeat (Ctrl-C again to quit at once)');
      wake?.();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    for (let beat = 1; !stopping; beat++) {
      console.log(`— heartbeat ${beat} —`);
      for (const simulation of simulations) {
        if (stopping) break;
        if (colony && beat === colonyAfter + 1 && simulation.gateway === colony) {
          simulation.startEpisode(0);
          console.log(`termites found on «${colony.siteName}»: the episode starts`);
        }
        const { payload, notes } = simulation.heartbeat(new Date());
        await send(transport, simulation.gateway, payload, notes);
      }
      if (values.once || stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, interval);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    return 0;
  } finally {
    await transport.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
