/**
 * StationChart against a real HTTP server (contract `GET /api/equipment/{ulid}/readings?from&to`): the period sent
 * (the last 30 days at first, then the preset chosen, or a custom range checked before any call), the text summary and
 * the table of the readings, the 'averaged' note, the empty state. happy-dom cannot draw on a canvas: the uPlot chart
 * is skipped there and the accessible alternatives carry the data.
 */
import type { ReadingSeries } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { readingPoint, renderScreen, STATION } from '../test-kit';
import { StationChart } from './station-chart';

const DAY = 86_400_000;
let server: TestServer;
let series: Omit<ReadingSeries, 'from' | 'to'>;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === `/api/equipment/${STATION}/readings`) {
      return sendJson(response, 200, {
        ...series,
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
      });
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  series = {
    '@id': `/api/equipment/${STATION}/readings`,
    '@type': 'ReadingSeries',
    equipment_ulid: STATION,
    bucketed: false,
    points: [
      readingPoint('2026-03-10T10:00:00Z', { termite_activity: 5 }),
      readingPoint('2026-03-11T10:00:00Z', { termite_activity: 72, bait_consumption: 12 }),
      readingPoint('2026-03-12T10:00:00Z', { termite_activity: 40, bait_consumption: 15, signal_level: -118 }),
    ],
  };
});

/** The `[from, to]` of each readings call, as dates. */
const periods = () =>
  server.requests.map((r) => {
    const query = new URL(r.url, 'http://x').searchParams;
    return [new Date(query.get('from') ?? ''), new Date(query.get('to') ?? '')] as const;
  });
const days = ([from, to]: readonly [Date, Date]) => Math.round((to.getTime() - from.getTime()) / DAY);

describe('StationChart', () => {
  it('asks for the last 30 days, then for the period chosen', async () => {
    renderScreen(<StationChart stationUlid={STATION} reference="IGS-07" />);
    await screen.findByText(/^3 readings from/);
    const [first] = periods();
    expect(first && days(first)).toBe(30);
    expect(Math.abs((first?.[1].getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(group).getByRole('radio', { name: '30 days' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(group).getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(periods()).toHaveLength(2));
    expect(days(periods()[1] as [Date, Date])).toBe(7);
    fireEvent.click(within(group).getByRole('radio', { name: '1 year' }));
    await waitFor(() => expect(periods()).toHaveLength(3));
    expect(days(periods()[2] as [Date, Date])).toBe(365);

    // a custom range waits for its days: no call until both ends are chosen
    fireEvent.click(within(group).getByRole('radio', { name: 'Custom' }));
    expect(await screen.findByText('Days')).toBeTruthy();
    expect(periods()).toHaveLength(3);
  });

  it('sums the readings up in text and lists them in a table', async () => {
    renderScreen(<StationChart stationUlid={STATION} reference="IGS-07" />);
    const summary = await screen.findByText(/^3 readings from/);
    expect(summary.textContent).toContain('Termite activity: highest 72, latest 40.');
    expect(summary.textContent).toContain('Bait consumed: highest 15%.');
    expect(summary.textContent).toContain('Latest signal: -118 dBm (weakest -118 dBm).');
    expect(summary.textContent).toContain('Latest battery: 80%.');
    expect(screen.getByText('Readings of IGS-07', { selector: 'h2' })).toBeTruthy();
    expect(screen.queryByText(/averaged|average over/)).toBeNull();

    const table = screen.getByRole('table', { name: 'Readings of IGS-07' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Time', 'Termite activity', 'Bait consumed (%)', 'Battery (%)', 'Signal (dBm)']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['72', '12', '80', '-95']);
  });

  it('says when the readings were averaged', async () => {
    series.bucketed = true;
    renderScreen(<StationChart stationUlid={STATION} reference="IGS-07" />);
    expect(
      await screen.findByText(
        'Many readings over this period: each point is the average over an equal interval of time.',
      ),
    ).toBeTruthy();
  });

  it('shows an empty state when the period holds no reading', async () => {
    series.points = [];
    renderScreen(<StationChart stationUlid={STATION} reference="IGS-07" />);
    expect(await screen.findByText('No reading over this period.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
