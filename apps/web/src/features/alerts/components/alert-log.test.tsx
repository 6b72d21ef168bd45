/**
 * AlertLog against a real HTTP server (SPEC §2.7 "Sites: alert log"; contract `AlertLogEntry`): the rows as answered
 * (type, equipment or whole site, open or closed with its reason, the trigger), the equipment filter and the paging
 * sent as the query, the empty states, and the acknowledgement (confirmation, POST, the row closed, the site's and
 * equipment queries refreshed; a refusal told and the list reloaded).
 */
import type { AlertLogEntry } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { dismissNotification } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { alertEntry, collection, equipment, renderScreen, SITE, STATION, stationOf } from '../test-kit';
import { AlertLog } from './alert-log';

const STATION_8 = '01JE0000000000000000000008';
let server: TestServer;
let alerts: AlertLogEntry[];
let total: number | undefined;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === `/api/sites/${SITE}/logs`) {
      const only = url.searchParams.get('equipment.ulid');
      const found = alerts.filter((a) => !only || a.equipment?.ulid === only);
      return sendJson(response, 200, collection('Alert', url.pathname, found, total ?? found.length));
    }
    if (request.method === 'GET' && url.pathname === `/api/sites/${SITE}/equipment`) {
      return sendJson(
        response,
        200,
        collection('Equipment', url.pathname, [
          equipment('GW', 'BOX-01', { kind: 'gateway' }),
          equipment(STATION, 'IGS-07'),
          equipment(STATION_8, 'IGS-08'),
        ]),
      );
    }
    const acknowledge = /^\/api\/alerts\/([^/]+)\/acknowledge$/.exec(url.pathname);
    if (request.method === 'POST' && acknowledge) {
      const index = alerts.findIndex((a) => a.ulid === acknowledge[1]);
      const alert = alerts[index];
      if (!alert) return sendProblem(response, 404, 'alert_not_found');
      if (alert.closed_at) return sendProblem(response, 409, 'alert_already_closed');
      const closed: AlertLogEntry = {
        ...alert,
        closed_at: '2026-03-12T11:30:00+01:00',
        close_reason: 'acknowledged',
        acknowledged_by: 'Camille Martin',
      };
      alerts[index] = closed;
      return sendJson(response, 200, closed);
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
  dismissNotification();
  server.requests.length = 0;
  total = undefined;
  alerts = [
    alertEntry('A1'),
    alertEntry('A2', {
      type: 'TYPE_LOW_BATTERY',
      priority: 2,
      equipment: stationOf(STATION_8, 'IGS-08'),
      opened_at: '2026-03-10T08:00:00+01:00',
      closed_at: '2026-03-11T08:00:00+01:00',
      close_reason: 'cleared',
      details: { battery_level: 'Low', battery_percent: 9 },
    }),
    alertEntry('A3', {
      type: 'TYPE_COLONY_DETECTED',
      priority: 50,
      equipment: null,
      opened_at: '2026-03-01T08:00:00+01:00',
      closed_at: '2026-03-02T08:00:00+01:00',
      close_reason: 'acknowledged',
      acknowledged_by: 'Léa Bernard',
      details: { station_count: 2, threshold: 2 },
    }),
  ];
});

const logCalls = () =>
  server.requests.filter((r) => r.method === 'GET' && r.url.startsWith(`/api/sites/${SITE}/logs`)).map((r) => r.url);
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text)) as HTMLElement;

/** The log's table once its rows are there (its headers show over skeleton rows from the start). */
async function loadedTable(name: string) {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table.querySelector('tbody tr[data-row-key]')).not.toBeNull());
  return table;
}

describe('AlertLog', () => {
  it('lists the alerts as answered: type, equipment or whole site, open or closed with its reason, the trigger', async () => {
    renderScreen(<AlertLog siteUlid={SITE} />);
    const table = await loadedTable('Alerts of the site, newest first');
    expect(logCalls()).toEqual([`/api/sites/${SITE}/logs?page=1`]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => within(row).getAllByText(/Termite activity|Low battery|Colony detected/)[0]?.textContent),
    ).toEqual(['Termite activity', 'Low battery', 'Colony detected']);
    const open = rowOf(table, 'Termite activity');
    expect(open.textContent).toContain('IGS-07');
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(open.textContent).toContain('Activity 72 ≥ 30');
    expect(
      within(open).getByRole('button', { name: 'Acknowledge the alert “Termite activity” of IGS-07' }),
    ).toBeTruthy();

    const cleared = rowOf(table, 'Low battery');
    expect(cleared.textContent).toContain('IGS-08');
    expect(cleared.textContent).toContain('Condition cleared');
    expect(cleared.textContent).toContain('Battery Low · Battery 9%');
    expect(within(cleared).queryByRole('button')).toBeNull();

    const colony = rowOf(table, 'Colony detected');
    expect(colony.textContent).toContain('Whole site');
    expect(colony.textContent).toContain('Acknowledged by Léa Bernard');
    expect(colony.textContent).toContain('2 stations in alert');
  });

  it('filters by equipment from the select of the site’s equipment, from page 1, and says when none matches', async () => {
    total = 31;
    renderScreen(<AlertLog siteUlid={SITE} />);
    await loadedTable('Alerts of the site, newest first');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(logCalls()).toContain(`/api/sites/${SITE}/logs?page=2`));

    total = undefined;
    const select = screen.getByRole('button', { name: /Equipment/ });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.click(select);
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All equipment', 'BOX-01 · Gateway', 'IGS-07 · In-ground station', 'IGS-08 · In-ground station']);
    fireEvent.click(within(list).getByRole('option', { name: 'IGS-08 · In-ground station' }));
    await waitFor(() => expect(logCalls()).toContain(`/api/sites/${SITE}/logs?page=1&equipment.ulid=${STATION_8}`));
    const table = await loadedTable('Alerts of the site, newest first');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    alerts = [];
    fireEvent.click(screen.getByRole('button', { name: /Equipment/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'IGS-07 · In-ground station' }));
    expect(await screen.findByText('No alert for this equipment.')).toBeTruthy();
  });

  it('shows an empty state when the site never had an alert', async () => {
    alerts = [];
    renderScreen(<AlertLog siteUlid={SITE} withLogsLink />);
    expect(await screen.findByText('No alert has been raised on this site.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all logs' }).getAttribute('href')).toBe(`/site_logs/${SITE}`);
  });

  it('acknowledges an open alert after confirmation: POST, the row closed, the site and equipment refreshed', async () => {
    const { queryClient } = renderScreen(<AlertLog siteUlid={SITE} />);
    queryClient.setQueryData(['sites', 'detail', SITE], { ulid: SITE });
    const table = await loadedTable('Alerts of the site, newest first');
    fireEvent.click(within(table).getByRole('button', { name: 'Acknowledge the alert “Termite activity” of IGS-07' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Acknowledge this alert?');
    expect(dialog.textContent).toContain('The alert “Termite activity” of IGS-07 will be closed.');
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alert acknowledged')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/alerts/A1/acknowledge',
    ]);
    await waitFor(() =>
      expect(rowOf(table, 'Termite activity').textContent).toContain('Acknowledged by Camille Martin'),
    );
    expect(within(rowOf(table, 'Termite activity')).queryByText('Open')).toBeNull();
    await waitFor(() => expect(logCalls().length).toBe(2));
    expect(queryClient.getQueryState(['sites', 'detail', SITE])?.isInvalidated).toBe(true);
    // the site's equipment (its open alerts) is asked again
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url === `/api/sites/${SITE}/equipment`)).toHaveLength(2),
    );
  });

  it('tells a refused acknowledgement and reloads the list', async () => {
    renderScreen(<AlertLog siteUlid={SITE} />);
    const table = await loadedTable('Alerts of the site, newest first');
    // closed meanwhile by another user
    alerts[0] = { ...(alerts[0] as AlertLogEntry), closed_at: '2026-03-12T11:00:00+01:00', close_reason: 'cleared' };
    fireEvent.click(within(table).getByRole('button', { name: 'Acknowledge the alert “Termite activity” of IGS-07' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('This alert is already closed.')).toBeTruthy();
    await waitFor(() => expect(rowOf(table, 'Termite activity').textContent).toContain('Condition cleared'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
