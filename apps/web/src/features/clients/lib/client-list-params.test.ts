/** The Clients screen state in the URL (SPEC §2.2 parameters, ARCHITECTURE §7 filters kept while browsing). */
import { describe, expect, it } from 'vitest';
import { orderQuery, readScreenState, writeScreenState } from './client-list-params';

describe('client list parameters', () => {
  it('reads defaults from an empty URL and writes them as nothing', () => {
    const state = readScreenState(new URLSearchParams());
    expect(state).toEqual({ search: '', kind: 'all', contract: 'all', order: 'name_asc', page: 1, client: null });
    expect(writeScreenState(state).toString()).toBe('');
  });

  it('reads SPEC §2.2 defaultSearch and defaultSelectedClientUlid as the search and the selection', () => {
    const state = readScreenState(new URLSearchParams('defaultSearch=acacias&defaultSelectedClientUlid=01ABC'));
    expect(state.search).toBe('acacias');
    expect(state.client).toBe('01ABC');
    expect(writeScreenState(state).toString()).toBe('search=acacias&client=01ABC');
  });

  it('round-trips filters and ignores unknown values', () => {
    const params = writeScreenState({
      search: 'port',
      kind: 'private',
      contract: 'to_renew',
      order: 'updated_desc',
      page: 3,
      client: null,
    });
    expect(params.get('contract')).toBe('to_renew');
    expect(readScreenState(params)).toEqual({
      search: 'port',
      kind: 'private',
      contract: 'to_renew',
      order: 'updated_desc',
      page: 3,
      client: null,
    });
    expect(readScreenState(new URLSearchParams('kind=robots&contract=maybe&order=random&page=-2'))).toMatchObject({
      kind: 'all',
      contract: 'all',
      order: 'name_asc',
      page: 1,
    });
  });

  it('maps each sort choice to the API order parameter', () => {
    expect(orderQuery('name_asc')).toEqual({ 'order[name]': 'asc' });
    expect(orderQuery('name_desc')).toEqual({ 'order[name]': 'desc' });
    expect(orderQuery('updated_desc')).toEqual({ 'order[updated_at]': 'desc' });
    expect(orderQuery('updated_asc')).toEqual({ 'order[updated_at]': 'asc' });
  });
});
