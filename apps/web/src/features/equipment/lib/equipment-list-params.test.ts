/** The equipment list's URL state, filter and sort (issue 14: the equipment list on the kept-filters hook). */
import { describe, expect, it } from 'vitest';
import { equipmentOf, siteEquipment } from '../test-fixtures';
import {
  filterEquipment,
  readEquipmentListState,
  sortEquipment,
  writeEquipmentListState,
} from './equipment-list-params';

describe('equipment list state', () => {
  it('reads and writes its URL parameters, leaving defaults and unknown values out, keeping the others', () => {
    const params = new URLSearchParams('tab=x&equipment_kind=ags&equipment_alerts=open&equipment_order=battery_desc');
    const state = readEquipmentListState(params);
    expect(state).toEqual({ search: '', kind: 'ags', alerts: 'open', sort: { key: 'battery', direction: 'desc' } });
    expect(readEquipmentListState(new URLSearchParams('equipment_kind=trap&equipment_order=colour_asc'))).toEqual({
      search: '',
      kind: '',
      alerts: '',
      sort: null,
    });
    expect(writeEquipmentListState({ ...state, search: ' igs ', alerts: '' }, params).toString()).toBe(
      'tab=x&equipment_search=igs&equipment_kind=ags&equipment_order=battery_desc',
    );
  });

  it('searches references and serial numbers ignoring case and accents', () => {
    const items = [...siteEquipment(), equipmentOf('01X', 'Façade-3')];
    const state = { search: 'FACADE', kind: '' as const, alerts: '' as const, sort: null };
    expect(filterEquipment(items, state).map((item) => item.reference)).toEqual(['Façade-3']);
    expect(filterEquipment(items, { ...state, search: 'sn-igs' }).map((item) => item.reference)).toEqual(['IGS-07']);
  });

  it('sorts references as people read them and puts the never-reported last in both directions', () => {
    const items = ['IGS-10', 'IGS-2', 'IGS-1'].map((reference) => equipmentOf(reference, reference));
    expect(sortEquipment(items, { key: 'reference', direction: 'asc' }, 'en').map((i) => i.reference)).toEqual([
      'IGS-1',
      'IGS-2',
      'IGS-10',
    ]);
    const dated = [
      equipmentOf('A', 'A', { last_update_at: null }),
      equipmentOf('B', 'B', { last_update_at: '2026-03-01T10:00:00Z' }),
      equipmentOf('C', 'C', { last_update_at: '2026-03-05T10:00:00Z' }),
    ];
    expect(sortEquipment(dated, { key: 'last_update', direction: 'desc' }, 'en').map((i) => i.reference)).toEqual([
      'C',
      'B',
      'A',
    ]);
    expect(sortEquipment(dated, { key: 'last_update', direction: 'asc' }, 'en').map((i) => i.reference)).toEqual([
      'B',
      'C',
      'A',
    ]);
  });
});
