/**
 * Issue 5 "Equipment" (SPEC §3 "Equipment", §2.7 "Sites: detail with equipment list"): a site's equipment list,
 * registration with the gateway's device credential, correction, credential rotation, removal, and access.
 */
import type { Equipment, EquipmentCreated, HydraCollection } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { uniqueSerial } from '../../../test/equipment-factories.js';
import { insertReferentSite } from '../../../test/users-factories.js';
import { ctx, insertAlert, request, setUpEquipmentApp, uplinkStatus, violations } from './equipment.test-support.js';

setUpEquipmentApp();

const list = async (siteId = ctx.site.siteId) => {
  const response = await request('GET', `/api/sites/${siteId}/equipment`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HydraCollection<Equipment>;
};
const register = (payload: Record<string, unknown>, siteId = ctx.site.siteId, cookie?: string) =>
  request('POST', `/api/sites/${siteId}/equipment`, payload, cookie);
const station = (overrides: Record<string, unknown> = {}) => ({
  kind: 'igs',
  reference: 'IGS-99',
  serial_number: uniqueSerial('igs'),
  trap_type: 'interior',
  treatment_type: 'TYPE_ELIMINATION',
  masonry: 1,
  gateway: `/api/equipment/${ctx.site.gateway.id}`,
  ...overrides,
});
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe('GET /api/sites/{id}/equipment', () => {
  it('lists gateways first, then stations by reference, each with every field of SPEC §3', async () => {
    const second = await register({ kind: 'gateway', reference: 'GW-02', serial_number: uniqueSerial('gateway') });
    expect(second.statusCode, second.body).toBe(201);
    const ags = await register(station({ kind: 'ags', reference: 'AGS-01' }));
    expect(ags.statusCode, ags.body).toBe(201);

    const collection = await list();
    expect(collection['@type']).toBe('hydra:Collection');
    expect(collection['hydra:totalItems']).toBe(6);
    expect(collection['hydra:member'].map((e) => e.reference)).toEqual([
      'GW-01',
      'GW-02',
      'AGS-01',
      'IGS-01',
      'IGS-02',
      'IGS-03',
    ]);
    const [first] = ctx.site.stations;
    expect(collection['hydra:member'][3]).toEqual({
      '@id': `/api/equipment/${first?.id}`,
      '@type': 'Equipment',
      ulid: first?.id,
      site_ulid: ctx.site.siteId,
      kind: 'igs',
      reference: 'IGS-01',
      serial_number: first?.serialNumber,
      trap_type: 'exterior',
      treatment_type: 'TYPE_PREVENTION',
      state: 1,
      masonry: 0,
      installed_at: null,
      firmware_version: null,
      gps_position: { latitude: '44.837789000', longitude: '-0.579180000' },
      signal_level: null,
      battery_level: null,
      battery_percent: null,
      gateway_ulid: ctx.site.gateway.id,
      pictures: [],
      last_update_at: null,
      alert_since: null,
      alerts: [],
    });
    expect(collection['hydra:member'][0]).toMatchObject({ kind: 'gateway', trap_type: null, gateway_ulid: null });
    // clean up for the other tests of this file
    for (const created of [second, ags]) {
      expect((await request('DELETE', `/api/equipment/${created.json().ulid}`)).statusCode).toBe(204);
    }
  });

  it('shows the open alerts of each station, oldest first, and alert_since; closed alerts are history', async () => {
    const [first, second] = ctx.site.stations;
    const base = { spaceId: ctx.team.spaceId, siteId: ctx.site.siteId, equipmentId: first?.id as string };
    const older = await insertAlert({ ...base, type: 'TYPE_LOW_BATTERY', openedAt: new Date('2026-02-01T08:00:00Z') });
    const newer = await insertAlert({
      ...base,
      type: 'TYPE_TERMITE_ALERT',
      openedAt: new Date('2026-02-03T08:00:00Z'),
    });
    await insertAlert({
      ...base,
      type: 'TYPE_COMMUNICATION_ERROR',
      openedAt: new Date('2026-01-01T08:00:00Z'),
      closedAt: new Date('2026-01-02T08:00:00Z'),
    });
    // a site-level alert (colony) belongs to no equipment
    await insertAlert({ ...base, equipmentId: null, type: 'TYPE_COLONY_DETECTED', openedAt: new Date() });

    const members = (await list())['hydra:member'];
    const item = members.find((e) => e.ulid === first?.id);
    // the owner's time zone is Europe/Paris
    expect(item?.alert_since).toBe('2026-02-01T09:00:00+01:00');
    expect(item?.alerts).toEqual([
      {
        '@id': `/api/alerts/${older}`,
        '@type': 'Alert',
        ulid: older,
        type: 'TYPE_LOW_BATTERY',
        opened_at: '2026-02-01T09:00:00+01:00',
      },
      {
        '@id': `/api/alerts/${newer}`,
        '@type': 'Alert',
        ulid: newer,
        type: 'TYPE_TERMITE_ALERT',
        opened_at: '2026-02-03T09:00:00+01:00',
      },
    ]);
    expect(members.find((e) => e.ulid === second?.id)?.alerts).toEqual([]);
  });

  it('answers an empty collection for a site without equipment', async () => {
    const empty = await insertReferentSite(ctx.t.db, ctx.team.spaceId, null, 'Site vide');
    const collection = await list(empty);
    expect(collection['hydra:member']).toEqual([]);
    expect(collection['hydra:totalItems']).toBe(0);
  });

  it("answers 404 for another PCO's site or an unknown one, 403 to a technician", async () => {
    const foreign = await request('GET', `/api/sites/${ctx.foreign.siteId}/equipment`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('site_not_found');
    expect((await request('GET', '/api/sites/01JUNKNOWNUNKNOWNUNKNOWN00/equipment')).statusCode).toBe(404);
    const technician = ctx.team.technician.cookie;
    expect((await request('GET', `/api/sites/${ctx.site.siteId}/equipment`, undefined, technician)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/sites/{id}/equipment', () => {
  it('registers a gateway and shows its device credential once; the credential authenticates uplinks', async () => {
    const serial = uniqueSerial('gateway');
    const response = await register({
      kind: 'gateway',
      reference: 'GW-NEW',
      serial_number: serial,
      latitude: 44.8377891234,
      longitude: '-0.57918',
      installed_at: '2026-03-02T10:00:00Z',
      // a gateway keeps no station values
      trap_type: 'interior',
      masonry: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as EquipmentCreated;
    expect(created).toMatchObject({
      '@type': 'Equipment',
      kind: 'gateway',
      reference: 'GW-NEW',
      serial_number: serial,
      site_ulid: ctx.site.siteId,
      trap_type: null,
      masonry: null,
      state: 0,
      installed_at: '2026-03-02T11:00:00+01:00',
      gps_position: { latitude: '44.837789124', longitude: '-0.579180000' },
    });
    expect(created.device_credential).toMatch(new RegExp(`^${created.ulid}\\.[A-Za-z0-9_-]{43}$`));

    const again = await request('GET', `/api/equipment/${created.ulid}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).not.toHaveProperty('device_credential');
    expect(JSON.stringify((await list())['hydra:member'])).not.toContain(created.device_credential);

    expect(await uplinkStatus(created.device_credential as string, serial)).toBe(200);
  });

  it('registers a station on a gateway of the same site', async () => {
    const payload = station({ installed_at: '2026-03-02T10:00:00+02:00', latitude: '44.1', longitude: '-0.2' });
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as EquipmentCreated;
    expect(created).not.toHaveProperty('device_credential');
    expect(created).toMatchObject({
      kind: 'igs',
      reference: 'IGS-99',
      serial_number: payload.serial_number,
      trap_type: 'interior',
      treatment_type: 'TYPE_ELIMINATION',
      masonry: 1,
      gateway_ulid: ctx.site.gateway.id,
      // answered in the owner's time zone (Europe/Paris)
      installed_at: '2026-03-02T09:00:00+01:00',
      gps_position: { latitude: '44.100000000', longitude: '-0.200000000' },
      pictures: [],
      alerts: [],
    });
    expect(created.installed_at).toMatch(ISO_WITH_OFFSET);
    // a bare ULID names the gateway too
    const bare = await register(station({ gateway: ctx.site.gateway.id, reference: 'IGS-98' }));
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().gateway_ulid).toBe(ctx.site.gateway.id);
  });

  it('refuses a serial number already registered, in this space or another, without saying where', async () => {
    const mine = await register(station({ serial_number: ctx.site.stations[0]?.serialNumber }));
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toBe('serial_number_already_exist');
    expect(violations(mine)).toEqual(['serial_number:serial_number_already_exist']);
    const theirs = await register(station({ serial_number: ctx.foreign.stations[0]?.serialNumber }));
    expect(theirs.statusCode).toBe(409);
    // the same answer whoever owns the serial, apart from each request's own id
    const { request_id: _theirs, ...theirsBody } = theirs.json();
    const { request_id: _mine, ...mineBody } = mine.json();
    expect(theirsBody).toEqual(mineBody);
  });

  it('requires a gateway of the same site for a station (gateway_invalid)', async () => {
    const otherSite = await insertReferentSite(ctx.t.db, ctx.team.spaceId, null, 'Autre site');
    const otherGateway = await register(
      { kind: 'gateway', reference: 'GW-X', serial_number: uniqueSerial('gateway') },
      otherSite,
    );
    expect(otherGateway.statusCode).toBe(201);
    for (const gateway of [
      `/api/equipment/${otherGateway.json().ulid}`, // another site
      `/api/equipment/${ctx.foreign.gateway.id}`, // another space
      `/api/equipment/${ctx.site.stations[1]?.id}`, // a station, not a gateway
      '/api/equipment/01JUNKNOWNUNKNOWNUNKNOWN00', // nothing
      `/api/sites/${ctx.site.gateway.id}`, // not an equipment IRI
    ]) {
      const response = await register(station({ gateway }));
      expect(response.statusCode, gateway).toBe(422);
      expect(violations(response), gateway).toEqual(['gateway:gateway_invalid']);
    }
    const gatewayOnGateway = await register({
      kind: 'gateway',
      reference: 'GW-Y',
      serial_number: uniqueSerial('gateway'),
      gateway: ctx.site.gateway.id,
    });
    expect(violations(gatewayOnGateway)).toEqual(['gateway:gateway_invalid']);
  });

  it('requires trap and treatment types of a station, and valid fields', async () => {
    const missing = await register(station({ trap_type: undefined, treatment_type: null }));
    expect(missing.statusCode).toBe(422);
    expect(violations(missing)).toEqual(['trap_type:trap_type_required', 'treatment_type:treatment_type_required']);
    const invalid = await register({
      kind: 'box',
      reference: ' ',
      serial_number: 'abc def',
      latitude: 91,
      installed_at: 'yesterday',
    });
    expect(violations(invalid)).toEqual([
      'installed_at:installed_at_invalid',
      'kind:kind_invalid',
      'latitude:latitude_invalid',
      'reference:reference_required',
      'serial_number:serial_number_invalid',
    ]);
    const halfPosition = await register(station({ latitude: '44.1' }));
    expect(violations(halfPosition)).toEqual(['longitude:longitude_invalid']);
  });

  it("answers 404 for another PCO's site and 403 to a technician", async () => {
    const foreign = await register(station(), ctx.foreign.siteId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('site_not_found');
    expect((await register(station(), ctx.site.siteId, ctx.team.technician.cookie)).statusCode).toBe(403);
  });
});

describe('GET and PUT /api/equipment/{ulid}', () => {
  it('corrects a station: a field left out keeps its value, null clears it, kind and serial never change', async () => {
    const created = (
      await register(station({ installed_at: '2026-01-05T09:00:00Z', latitude: 1, longitude: 2 }))
    ).json();
    const response = await request('PUT', `/api/equipment/${created.ulid}`, {
      reference: 'IGS-CORR',
      trap_type: 'exterior_not_connected',
      installed_at: null,
      gateway: null,
      latitude: '45.5',
      longitude: '-1.25',
      kind: 'gateway',
      serial_number: 'CHANGED-1234',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: created.ulid,
      kind: 'igs',
      serial_number: created.serial_number,
      reference: 'IGS-CORR',
      trap_type: 'exterior_not_connected',
      treatment_type: 'TYPE_ELIMINATION',
      masonry: 1,
      installed_at: null,
      gateway_ulid: null,
      gps_position: { latitude: '45.500000000', longitude: '-1.250000000' },
    });
    const detail = await request('GET', `/api/equipment/${created.ulid}`);
    expect(detail.json()).toEqual(response.json());
  });

  it('keeps the registration rules', async () => {
    const [first] = ctx.site.stations;
    const url = `/api/equipment/${first?.id}`;
    expect(violations(await request('PUT', url, { trap_type: null, treatment_type: null }))).toEqual([
      'trap_type:trap_type_required',
      'treatment_type:treatment_type_required',
    ]);
    expect(violations(await request('PUT', url, { gateway: ctx.foreign.gateway.id }))).toEqual([
      'gateway:gateway_invalid',
    ]);
    expect(violations(await request('PUT', url, { longitude: null }))).toEqual(['longitude:longitude_invalid']);
    expect(violations(await request('PUT', url, { reference: '' }))).toEqual(['reference:reference_required']);
    const gateway = `/api/equipment/${ctx.site.gateway.id}`;
    expect(violations(await request('PUT', gateway, { gateway: ctx.site.gateway.id }))).toEqual([
      'gateway:gateway_invalid',
    ]);
  });

  it("answers 404 for another PCO's equipment and 403 to a technician", async () => {
    const foreign = `/api/equipment/${ctx.foreign.stations[0]?.id}`;
    expect((await request('GET', foreign)).statusCode).toBe(404);
    const put = await request('PUT', foreign, { reference: 'Hijack' });
    expect(put.statusCode).toBe(404);
    expect(put.json().error).toBe('equipment_not_found');
    const mine = `/api/equipment/${ctx.site.stations[0]?.id}`;
    expect((await request('GET', mine, undefined, ctx.team.technician.cookie)).statusCode).toBe(403);
    expect((await request('PUT', mine, { reference: 'X' }, ctx.team.technician.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/equipment/{ulid}/credential', () => {
  it('issues a new credential to a gateway; the old one stops working', async () => {
    const serial = uniqueSerial('gateway');
    const created = (await register({ kind: 'gateway', reference: 'GW-ROT', serial_number: serial })).json();
    const response = await request('POST', `/api/equipment/${created.ulid}/credential`);
    expect(response.statusCode, response.body).toBe(200);
    const { device_credential: fresh } = response.json();
    expect(fresh).toMatch(new RegExp(`^${created.ulid}\\.`));
    expect(fresh).not.toBe(created.device_credential);
    expect(await uplinkStatus(fresh, serial)).toBe(200);
    expect(await uplinkStatus(created.device_credential, serial)).toBe(401);
  });

  it('refuses a station (409), another PCO’s gateway (404) and a technician (403)', async () => {
    const stationResponse = await request('POST', `/api/equipment/${ctx.site.stations[0]?.id}/credential`);
    expect(stationResponse.statusCode).toBe(409);
    expect(stationResponse.json().error).toBe('equipment_not_a_gateway');
    const foreign = await request('POST', `/api/equipment/${ctx.foreign.gateway.id}/credential`);
    expect(foreign.statusCode).toBe(404);
    // the foreign gateway's credential still works
    expect(await uplinkStatus(ctx.foreign.gateway.credential, ctx.foreign.gateway.serialNumber)).toBe(200);
    const url = `/api/equipment/${ctx.site.gateway.id}/credential`;
    expect((await request('POST', url, undefined, ctx.team.technician.cookie)).statusCode).toBe(403);
  });
});

describe('DELETE /api/equipment/{ulid}', () => {
  it("removes a station with its alerts and recomputes the site's priority", async () => {
    const site = await insertReferentSite(ctx.t.db, ctx.team.spaceId, null, 'Site à retirer');
    const gateway = (
      await register({ kind: 'gateway', reference: 'GW', serial_number: uniqueSerial('gateway') }, site)
    ).json();
    const kept = (await register(station({ gateway: gateway.ulid, reference: 'IGS-A' }), site)).json();
    const removed = (await register(station({ gateway: gateway.ulid, reference: 'IGS-B' }), site)).json();
    await insertAlert({
      spaceId: ctx.team.spaceId,
      siteId: site,
      equipmentId: kept.ulid,
      type: 'TYPE_TERMITE_ALERT',
      openedAt: new Date(),
    });
    const siteDetail = async () => (await request('GET', `/api/sites/${site}`)).json();

    expect((await request('DELETE', `/api/equipment/${removed.ulid}`)).statusCode).toBe(204);
    expect((await request('GET', `/api/equipment/${removed.ulid}`)).statusCode).toBe(404);
    expect((await list(site))['hydra:member'].map((e) => e.reference)).toEqual(['GW', 'IGS-A']);
    // the recomputation counts the open alert of the remaining station
    expect(await siteDetail()).toMatchObject({ priority_sum: 20, main_alert_type: 'TYPE_TERMITE_ALERT' });

    expect((await request('DELETE', `/api/equipment/${kept.ulid}`)).statusCode).toBe(204);
    expect((await siteDetail()).priority_sum).toBe(0);
  });

  it('keeps the stations of a removed gateway, without gateway', async () => {
    const site = await insertReferentSite(ctx.t.db, ctx.team.spaceId, null, 'Passerelle retirée');
    const gateway = (
      await register({ kind: 'gateway', reference: 'GW', serial_number: uniqueSerial('gateway') }, site)
    ).json();
    const child = (await register(station({ gateway: gateway.ulid }), site)).json();
    expect((await request('DELETE', `/api/equipment/${gateway.ulid}`)).statusCode).toBe(204);
    const members = (await list(site))['hydra:member'];
    expect(members.map((e) => [e.ulid, e.gateway_ulid])).toEqual([[child.ulid, null]]);
    // the removed gateway's credential no longer authenticates
    expect(await uplinkStatus(gateway.device_credential, gateway.serial_number)).toBe(401);
  });

  it('answers 404 for another PCO’s equipment or a second delete, 403 to a technician', async () => {
    expect((await request('DELETE', `/api/equipment/${ctx.foreign.stations[0]?.id}`)).statusCode).toBe(404);
    const url = `/api/equipment/${ctx.site.stations[2]?.id}`;
    expect((await request('DELETE', url, undefined, ctx.team.technician.cookie)).statusCode).toBe(403);
    expect((await request('DELETE', url)).statusCode).toBe(204);
    expect((await request('DELETE', url)).statusCode).toBe(404);
  });
});
