/**
 * SyncLog against a real HTTP server (SPEC §2.7 "Sites: synchronisation log"; contract `SyncLogEntry`): the rows as
 * answered (received, gateway, channel, counts, errors in a disclosure), the paging sent as the query, the empty state.
 */
import type { SyncLogEntry } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { collection, renderScreen, SITE, syncEntry } from '../test-kit';
import { SyncLog } from './sync-log';

let server: TestServer;
let entries: SyncLogEntry[];
let total: number | undefined;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === `/api/sites/${SITE}/sync_logs`) {
      return sendJson(response, 200, collection('SyncLogEntry', url.pathname, entries, total ?? entries.length));
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
  total = undefined;
  entries = [
    syncEntry('U2', {
      transport: 'mqtt',
      received_at: '2026-03-12T10:00:00+01:00',
      accepted: 3,
      duplicates: 1,
      rejected: 2,
      errors: [
        { serial_number: 'IGS-X', code: 'unknown_station' },
        { serial_number: 'IGS-07', code: 'measured_at_in_future' },
      ],
    }),
    syncEntry('U1', { received_at: '2026-03-11T10:00:00+01:00', gateway: null }),
  ];
});

const calls = () => server.requests.map((r) => r.url);

/** The log's table once its rows are there (its headers show over skeleton rows from the start). */
async function loadedTable(name: string) {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table.querySelector('tbody tr[data-row-key]')).not.toBeNull());
  return table;
}

describe('SyncLog', () => {
  it('lists the uplinks: received, gateway, channel, accepted / duplicates / rejected and the errors', async () => {
    renderScreen(<SyncLog siteUlid={SITE} />);
    const table = await loadedTable("Uplinks of the site's gateways, newest first");
    expect(calls()).toEqual([`/api/sites/${SITE}/sync_logs?page=1`]);
    const [, mqtt, http] = within(table).getAllByRole('row');
    const cells = within(mqtt as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.textContent).toMatch(/12.*2026|2026.*12/);
    expect(cells[1]?.textContent).toBe('BOX-01GW-0001');
    expect(cells[2]?.textContent).toBe('MQTT');
    expect(cells.slice(3, 5).map((c) => c.textContent)).toEqual(['3', '1']);
    expect(cells[5]?.textContent).toMatch(/^2/);
    const errors = within(cells[6] as HTMLElement);
    expect(errors.getByText('2 errors')).toBeTruthy();
    expect(cells[6]?.textContent).toContain('IGS-X · Unknown station');
    expect(cells[6]?.textContent).toContain('IGS-07 · Reading dated in the future');

    const httpCells = within(http as HTMLElement).getAllByRole('cell');
    expect(httpCells[1]?.textContent).toBe('Removed gateway');
    expect(httpCells[6]?.textContent).toBe('None');
  });

  it('pages through the log', async () => {
    total = 45;
    renderScreen(<SyncLog siteUlid={SITE} />);
    await loadedTable("Uplinks of the site's gateways, newest first");
    expect(screen.getByText('30 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls()).toContain(`/api/sites/${SITE}/sync_logs?page=2`));
    expect(await screen.findByText('45 of 45')).toBeTruthy();
  });

  it('shows an empty state before the first uplink', async () => {
    entries = [];
    renderScreen(<SyncLog siteUlid={SITE} />);
    expect(await screen.findByText('No gateway of this site has sent data yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
