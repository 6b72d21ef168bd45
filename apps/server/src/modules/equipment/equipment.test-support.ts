/**
 * Shared set-up of the equipment API tests: one app per test file (PGlite or PostgreSQL), two PCO teams (the second
 * one for tenancy), an installation (site, gateway, stations) of the first team, request helpers, and alerts written
 * straight to the database (the alerts module has its own tests).
 */
import type { RuleAlertType } from '@isoptera/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation, type TestInstallation } from '../../../test/equipment-factories.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { alerts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

type Team = Awaited<ReturnType<typeof createPcoTeam>>;

/** The app, teams and installations of the current test file, set in `beforeAll`. */
export const ctx = {} as { t: TestApp; team: Team; other: Team; site: TestInstallation; foreign: TestInstallation };

/** Registers the file's `beforeAll`/`afterAll`: a fresh app, two PCO teams, one installation each. */
export function setUpEquipmentApp(options: { stationCount?: number } = {}): void {
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.team = await createPcoTeam(ctx.t.app, ctx.t.db);
    ctx.other = await createPcoTeam(ctx.t.app, ctx.t.db);
    ctx.site = await createInstallation(ctx.t.db, ctx.team.spaceId, { stationCount: options.stationCount ?? 3 });
    ctx.foreign = await createInstallation(ctx.t.db, ctx.other.spaceId, { stationCount: 1, siteName: 'Ailleurs' });
  });
  afterAll(() => ctx.t.close());
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON request as `cookie` (default: the first team's owner). */
export function request(method: Method, url: string, payload?: unknown, cookie = ctx.team.owner.cookie) {
  return ctx.t.app.inject({
    method,
    url,
    headers: as(cookie),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** `propertyPath:code` of each violation of a 422 answer, sorted. */
export const violations = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

/** A plain PNG of `width`×`height` pixels. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 40 } } })
    .png()
    .toBuffer();

/** An alert of a station written straight to the database (open unless `closedAt`). Returns its id. */
export async function insertAlert(values: {
  spaceId: string;
  siteId: string;
  equipmentId: string | null;
  type: RuleAlertType;
  openedAt: Date;
  closedAt?: Date;
  priority?: number;
}): Promise<string> {
  const id = newUlid();
  await ctx.t.db.insert(alerts).values({
    id,
    spaceId: values.spaceId,
    siteId: values.siteId,
    equipmentId: values.equipmentId,
    type: values.type,
    priority: values.priority ?? 20,
    openedAt: values.openedAt,
    closedAt: values.closedAt ?? null,
    closeReason: values.closedAt ? 'cleared' : null,
  });
  return id;
}

/** Sends an empty uplink (gateway status only) with `credential`; answers the HTTP status. */
export async function uplinkStatus(credential: string, serialNumber: string): Promise<number> {
  const response = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/uplinks',
    headers: { authorization: `Device ${credential}` },
    payload: { gateway: { serial_number: serialNumber, sent_at: new Date().toISOString() }, readings: [] },
  });
  return response.statusCode;
}
