/**
 * SPEC §7 "patches use merge-patch" (issue 11, ADR 009): `PATCH /api/equipment/{ulid}` with an RFC 7396 merge patch of
 * the `PUT` body changes only what it names, `null` clears a member, the result follows the registration rules (same
 * violations as `PUT`), another space's equipment is not found, and only `application/merge-patch+json` is taken.
 */
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/factories.js';
import { ctx, request, setUpEquipmentApp, violations } from './equipment.test-support.js';

setUpEquipmentApp({ stationCount: 2 });

/** `PATCH url` with a merge-patch body (or another content type), as the first team's owner. */
const patch = (url: string, body: unknown, contentType = 'application/merge-patch+json') =>
  ctx.t.app.inject({
    method: 'PATCH',
    url,
    headers: as(ctx.team.owner.cookie, { 'content-type': contentType }),
    payload: JSON.stringify(body),
  });

describe('PATCH /api/equipment/{ulid}', () => {
  it('changes only what the patch names; null clears a station’s gateway', async () => {
    const url = `/api/equipment/${ctx.site.stations[0]?.id}`;
    const before = (await request('GET', url)).json();
    expect(before.gateway_ulid).toBe(ctx.site.gateway.id);

    const renamed = await patch(url, { reference: 'IGS-PATCHED', masonry: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.headers['content-type']).toContain('application/ld+json');
    expect(renamed.json()).toEqual({ ...before, reference: 'IGS-PATCHED', masonry: 1 });

    const detached = await patch(url, { gateway: null });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json()).toEqual({ ...before, reference: 'IGS-PATCHED', masonry: 1, gateway_ulid: null });
  });

  it('refuses what the PUT refuses (422), another content type (415) and another space’s equipment (404)', async () => {
    const url = `/api/equipment/${ctx.site.stations[1]?.id}`;
    const before = (await request('GET', url)).json();
    const refused = await patch(url, { trap_type: null, gateway: `/api/equipment/${ctx.site.stations[0]?.id}` });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused)).toEqual(['gateway:gateway_invalid', 'trap_type:trap_type_required']);
    expect((await request('GET', url)).json()).toEqual(before);

    const json = await patch(url, { reference: 'IGS-JSON' }, 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('merge_patch_required');

    const foreign = await patch(`/api/equipment/${ctx.foreign.stations[0]?.id}`, { reference: 'Pris' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('equipment_not_found');
  });
});
