/** Sites filters kept in the URL while browsing (SPEC §3): read, write, API query. */
import { describe, expect, it } from 'vitest';
import { hasActiveSiteFilters, readSiteFilters, siteListQueryOf, writeSiteFilters } from './site-filters';

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
    });
  });

  it('round-trips every filter and keeps unrelated parameters', () => {
    const url = new URLSearchParams(
      'users=U1&users=U2&clients=C1&status=STATUS_TO_CHECK&treatment_type=TYPE_ELIMINATION&alert_type=NONE&order=updated_at_desc&name=chai&createForClient=C9',
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
    });
    const written = writeSiteFilters(filters, url);
    expect(written.get('createForClient')).toBe('C9');
    expect(readSiteFilters(written)).toEqual(filters);
  });

  it('ignores unknown values, leaves defaults out of the URL and drops the paging of older links', () => {
    const url = new URLSearchParams('status=NOPE&order=sideways&page=3&alert_page=2&users=&users=U1&users=U1');
    const filters = readSiteFilters(url);
    expect(filters).toMatchObject({ status: '', sort: 'name_asc', users: ['U1'] });
    expect(writeSiteFilters({ ...filters, users: [] }, url).toString()).toBe('');
  });

  it('tells whether a filter is active', () => {
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('order=name_desc')))).toBe(false);
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('name=a')))).toBe(true);
    expect(hasActiveSiteFilters(readSiteFilters(new URLSearchParams('clients=C1')))).toBe(true);
  });

  it('builds the API query with the order object and the list filters', () => {
    const filters = readSiteFilters(new URLSearchParams('users=U1&order=updated_at_asc&name=%20chai%20'));
    expect(siteListQueryOf(filters)).toEqual({
      name: 'chai',
      users: ['U1'],
      clients: [],
      status: '',
      treatment_type: '',
      alert_type: '',
      order: { updated_at: 'asc' },
    });
    expect(siteListQueryOf(readSiteFilters(new URLSearchParams('order=name_desc')))).toMatchObject({
      order: { name: 'desc' },
    });
  });
});
