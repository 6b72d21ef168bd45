/** Sites filters kept in the URL while browsing (SPEC §3): read, write, reset of paging, API query. */
import { describe, expect, it } from 'vitest';
import {
  changeSiteFilters,
  hasActiveSiteFilters,
  readSiteFilters,
  siteListQueryOf,
  writeSiteFilters,
} from './site-filters';

describe('site filters in the URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(readSiteFilters(new URLSearchParams())).toEqual({
      users: [],
      clients: [],
      status: '',
      treatmentType: '',
      alertType: '',
      sort: 'name_asc',
      name: '',
      page: 1,
      alertPage: 1,
    });
  });

  it('round-trips every filter and keeps unrelated parameters', () => {
    const url = new URLSearchParams(
      'users=U1&users=U2&clients=C1&status=STATUS_TO_CHECK&treatment_type=TYPE_ELIMINATION&alert_type=NONE&order=updated_at_desc&name=chai&page=3&alert_page=2&createForClient=C9',
    );
    const filters = readSiteFilters(url);
    expect(filters).toEqual({
      users: ['U1', 'U2'],
      clients: ['C1'],
      status: 'STATUS_TO_CHECK',
      treatmentType: 'TYPE_ELIMINATION',
      alertType: 'NONE',
      sort: 'updated_at_desc',
      name: 'chai',
      page: 3,
      alertPage: 2,
    });
    const written = writeSiteFilters(filters, url);
    expect(written.get('createForClient')).toBe('C9');
    expect(readSiteFilters(written)).toEqual(filters);
  });

  it('ignores unknown values and leaves defaults out of the URL', () => {
    const filters = readSiteFilters(
      new URLSearchParams('status=NOPE&order=sideways&page=-2&alert_page=x&users=&users=U1&users=U1'),
    );
    expect(filters).toMatchObject({ status: '', sort: 'name_asc', page: 1, alertPage: 1, users: ['U1'] });
    expect(writeSiteFilters({ ...filters, users: [] }).toString()).toBe('');
  });

  it('goes back to the first pages when a filter changes, not when a page changes', () => {
    const filters = { ...readSiteFilters(new URLSearchParams('page=4&alert_page=2')) };
    expect(changeSiteFilters(filters, { status: 'STATUS_CLOSED' })).toMatchObject({
      page: 1,
      alertPage: 1,
      status: 'STATUS_CLOSED',
    });
    expect(changeSiteFilters(filters, { page: 5 })).toMatchObject({ page: 5, alertPage: 2 });
  });

  it('tells whether a filter is active', () => {
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('order=name_desc&page=2')))).toBe(false);
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('name=a')))).toBe(true);
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('clients=C1')))).toBe(true);
  });

  it('builds the API query with order[field] and the list filters', () => {
    const filters = readSiteFilters(new URLSearchParams('users=U1&order=updated_at_asc&name=%20chai%20'));
    expect(siteListQueryOf(filters, 2)).toEqual({
      page: 2,
      name: 'chai',
      users: ['U1'],
      clients: [],
      status: '',
      treatment_type: '',
      alert_type: '',
      'order[updated_at]': 'asc',
    });
    expect(siteListQueryOf(readSiteFilters(new URLSearchParams('order=name_desc')), 1)).toMatchObject({
      'order[name]': 'desc',
    });
  });
});
