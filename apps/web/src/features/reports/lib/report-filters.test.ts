/** The Reports screen's URL state: read with fallbacks, written without defaults, turned into the list's query. */
import { describe, expect, it } from 'vitest';
import { hasActiveReportFilters, readReportFilters, reportListQueryOf, writeReportFilters } from './report-filters';

describe('report filters in the URL', () => {
  it('reads the defaults from an empty or wrong URL', () => {
    const filters = readReportFilters(new URLSearchParams('tab=sent&type=TYPE_X&from=yesterday&page=-3'));
    expect(filters).toEqual({
      tab: 'to_process',
      client: '',
      site: '',
      type: '',
      from: '',
      to: '',
      search: '',
      page: 1,
      report: '',
    });
    expect(hasActiveReportFilters(filters)).toBe(false);
  });

  it('writes what differs from the defaults, keeps other parameters, and reads it back', () => {
    const filters = {
      ...readReportFilters(new URLSearchParams()),
      tab: 'history' as const,
      client: 'C1',
      type: 'TYPE_CONTROL_VISIT' as const,
      from: '2026-03-01',
      to: '2026-03-31',
      search: '  chai ',
      page: 2,
      report: 'R1',
    };
    const params = writeReportFilters(filters, new URLSearchParams('lang=fr&page=9'));
    expect(params.toString()).toBe(
      'lang=fr&tab=history&client=C1&type=TYPE_CONTROL_VISIT&from=2026-03-01&to=2026-03-31&search=chai&page=2&report=R1',
    );
    expect(readReportFilters(params)).toEqual({ ...filters, search: 'chai' });
    expect(reportListQueryOf(readReportFilters(params))).toEqual({
      status: 'history',
      page: 2,
      'client.ulid': 'C1',
      type: 'TYPE_CONTROL_VISIT',
      from: '2026-03-01',
      to: '2026-03-31',
      search: 'chai',
    });
  });
});
