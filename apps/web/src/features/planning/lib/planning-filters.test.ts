/** Planning filters kept in the URL (SPEC §3 "Filters kept while browsing — Interventions"). */
import { describe, expect, it } from 'vitest';
import { apiQueryOf, filtersOf, hasActiveFilters, viewOf, withFilters } from './planning-filters';

const TODAY = '2026-11-21';

describe('planning filters', () => {
  it('reads the filters of the URL, from today when no start date is given', () => {
    expect(filtersOf(new URLSearchParams(''), TODAY)).toEqual({
      users: [],
      clients: [],
      start_date: TODAY,
      end_date: null,
      type: null,
    });
    const params = new URLSearchParams(
      'users=A&users=B&clients=C&start_date=&end_date=2026-12-05&type=TYPE_PRE_VISIT&view=week',
    );
    expect(filtersOf(params, TODAY)).toEqual({
      users: ['A', 'B'],
      clients: ['C'],
      start_date: null,
      end_date: '2026-12-05',
      type: 'TYPE_PRE_VISIT',
    });
    expect(viewOf(params)).toBe('week');
    expect(filtersOf(new URLSearchParams('type=NOPE&start_date=21/11/2026'), TODAY)).toMatchObject({
      type: null,
      start_date: null,
    });
    expect(viewOf(new URLSearchParams('view=year'))).toBe('list');
  });

  it('writes changes into the URL and keeps the rest', () => {
    const start = new URLSearchParams('view=month&users=A');
    expect(withFilters(start, { users: ['B', 'C'], type: 'TYPE_CLOSING_SITE' }).toString()).toBe(
      'view=month&users=B&users=C&type=TYPE_CLOSING_SITE',
    );
    expect(withFilters(start, { start_date: null }).get('start_date')).toBe('');
    expect(withFilters(new URLSearchParams('end_date=2026-12-01'), { end_date: null }).has('end_date')).toBe(false);
  });

  it('tells when filters differ from the default and builds the API query', () => {
    const base = filtersOf(new URLSearchParams(''), TODAY);
    expect(hasActiveFilters(base, TODAY)).toBe(false);
    expect(hasActiveFilters({ ...base, clients: ['C'] }, TODAY)).toBe(true);
    expect(hasActiveFilters({ ...base, start_date: null }, TODAY)).toBe(true);
    expect(apiQueryOf({ ...base, users: ['A'], type: 'TYPE_PRE_VISIT' })).toEqual({
      users: ['A'],
      clients: undefined,
      type: 'TYPE_PRE_VISIT',
      start_date: TODAY,
      end_date: undefined,
    });
  });
});
