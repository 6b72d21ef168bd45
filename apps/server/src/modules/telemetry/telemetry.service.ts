/**
 * Telemetry ingestion (issue 5 "Telemetry ingestion"; contracts "Uplinks"): authenticates a gateway by its device
 * credential, stores the readings of its uplink once per (station, measured_at), updates the equipment status and
 * writes the site's synchronisation log — all in one statement, one round trip (docs/decisions/025) — then lets the
 * alert engine evaluate the touched equipment. HTTP (`POST /api/uplinks`) and the MQTT bridge both go through
 * {@link TelemetryService.ingest}.
 */
import type { HydraCollection, SyncLogEntry, UplinkResult, UplinkTransport, uplinkPayload } from '@isoptera/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { parseDeviceCredential, sameSecretHash } from '../../platform/auth/device-credential.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { AppMetrics } from '../../platform/http/operations.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import type { AlertEngine } from '../alerts/alert-engine.js';
import type { GatewayRecord, ReadingValues, StationStatus, TelemetryRepository } from './telemetry.repository.js';
import { toSyncLogEntry } from './telemetry.resource.js';

/** A validated uplink (the output of the contract's `uplinkPayload`). */
export type ParsedUplink = z.output<typeof uplinkPayload>;

/** How far in the future (ms) a reading's `measured_at` may be, for device clocks slightly ahead. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The outcome of presenting a credential: `ok` with its gateway; `unknown` when no gateway of this platform has the
 * credential's id (or the credential is malformed); `refused` when the gateway exists but the secret is wrong or
 * revoked.
 */
export type DeviceAuthentication =
  | { status: 'ok'; gateway: GatewayRecord }
  | { status: 'unknown' }
  | { status: 'refused' };

type Rejection = UplinkResult['rejected'][number];

/** 401 `device_unauthorized`. */
export const deviceUnauthorized = () => new AppError('device_unauthorized');

export function createTelemetryService(deps: {
  repository: TelemetryRepository;
  engine: AlertEngine;
  log: FastifyBaseLogger;
  /** Counts what was ingested (`/metrics`). */
  metrics?: Pick<AppMetrics, 'uplinkIngested'>;
}) {
  const { repository, engine, log, metrics } = deps;

  return {
    /** Checks a device credential `<gateway ulid>.<secret>` (secret hash compared in constant time). */
    async authenticate(credential: string | undefined): Promise<DeviceAuthentication> {
      const parsed = credential ? parseDeviceCredential(credential) : null;
      if (!parsed) return { status: 'unknown' };
      const gateway = await repository.findGateway(parsed.gatewayId);
      if (!gateway) return { status: 'unknown' };
      if (!sameSecretHash(parsed.hash, gateway.credentialHash)) return { status: 'refused' };
      return { status: 'ok', gateway };
    },

    /**
     * Ingests one uplink of `gateway` (its serial must be the payload's gateway serial, else 401
     * `device_unauthorized`). A reading more than 5 minutes after `receivedAt` is rejected `measured_at_in_future`;
     * one of a station that is not on the gateway's site (unknown, other site, other space) `unknown_station`; a
     * reading already stored counts in `duplicates`. Readings, equipment status and the sync log row commit together;
     * the alert engine then evaluates the gateway and the stations that reported (a failure there is logged: the
     * next uplink or the periodic job evaluates again).
     */
    async ingest(
      gateway: GatewayRecord,
      payload: ParsedUplink,
      transport: UplinkTransport,
      receivedAt: Date = new Date(),
    ): Promise<UplinkResult> {
      if (payload.gateway.serial_number !== gateway.serialNumber) throw deviceUnauthorized();
      const latest = receivedAt.getTime() + FUTURE_TOLERANCE_MS;
      const future: { index: number; serialNumber: string }[] = [];
      const rows: ReadingValues[] = [];
      const newest = new Map<string, StationStatus>();
      payload.readings.forEach((reading, index) => {
        const measuredAt = new Date(reading.measured_at);
        if (measuredAt.getTime() > latest) {
          future.push({ index, serialNumber: reading.serial_number });
          return;
        }
        const batteryPercent = reading.battery_percent ?? null;
        rows.push({
          index,
          serialNumber: reading.serial_number,
          measuredAt,
          termiteActivity: reading.termite_activity,
          baitConsumption: reading.bait_consumption,
          batteryLevel: reading.battery_level,
          batteryPercent,
          signalLevel: reading.signal_level,
          state: reading.state,
        });
        const current = newest.get(reading.serial_number);
        if (!current || measuredAt >= current.measuredAt) {
          newest.set(reading.serial_number, {
            serialNumber: reading.serial_number,
            measuredAt,
            batteryLevel: reading.battery_level,
            batteryPercent,
            signalLevel: reading.signal_level,
            state: reading.state,
          });
        }
      });
      const sentAt = new Date(payload.gateway.sent_at);
      const { spaceId, siteId } = gateway;

      const outcome = await repository.recordUplink({
        spaceId,
        siteId,
        gatewayId: gateway.id,
        rows,
        statuses: [...newest.values()],
        gateway: {
          firmwareVersion: payload.gateway.firmware_version,
          batteryLevel: payload.gateway.battery_level,
          batteryPercent: payload.gateway.battery_percent,
          signalLevel: payload.gateway.signal_level,
          state: payload.gateway.state,
          latitude: payload.gateway.latitude,
          longitude: payload.gateway.longitude,
          lastUpdateAt: sentAt < receivedAt ? sentAt : receivedAt,
        },
        future,
        syncLog: { transport, receivedAt },
      });
      const known = rows.length - outcome.unknown.length;
      const rejected: Rejection[] = [
        ...future.map((f) => ({
          index: f.index,
          serial_number: f.serialNumber,
          code: 'measured_at_in_future' as const,
        })),
        ...outcome.unknown.map((u) => ({
          index: u.index,
          serial_number: u.serialNumber,
          code: 'unknown_station' as const,
        })),
      ].sort((a, b) => a.index - b.index);
      metrics?.uplinkIngested(transport, outcome.accepted);

      try {
        // every station of an uplink is on its gateway's site (recordUplink): no need to look the sites up
        await engine.evaluate({ spaceId, siteIds: [siteId], equipmentIds: [gateway.id, ...outcome.stationIds] });
      } catch (error) {
        log.error({ err: error, gatewayId: gateway.id }, 'alert evaluation after an uplink failed');
      }
      return { accepted: outcome.accepted, duplicates: known - outcome.accepted, rejected };
    },

    /** `GET /api/sites/{id}/sync_logs`: the site's synchronisation log, newest first; 404 for another space's site. */
    async syncLogs(
      actor: Actor,
      siteId: string,
      query: { page?: number; itemsPerPage?: number | undefined },
      url: string,
    ): Promise<HydraCollection<SyncLogEntry>> {
      if (!(await repository.siteExists(actor.spaceId, siteId))) throw notFound('site_not_found');
      const window = pageWindow(query);
      const { rows, total } = await repository.syncLogPage(actor.spaceId, siteId, window);
      return hydraCollection(
        url,
        rows.map((row) => toSyncLogEntry(row, actor.timezone)),
        total,
        window,
        'SyncLogEntry',
      );
    },
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;
