/**
 * SiteLogs (`/site_logs/{siteUlid}`, SPEC §2.2) against a real HTTP server: the site's name and the way back, the
 * 'Alerts' tab at first (the alert log), the 'Synchronisation' tab kept in the URL (the sync log), and the tab opened
 * from the URL.
 */
import type { Equipment } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { alertEntry, collection, locationText, renderScreen, SITE, syncEntry } from '../test-kit';
import { SiteLogsPage } from './site-logs-page';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === `/api/sites/${SITE}`) {
      return sendJson(response, 200, { ulid: SITE, name: 'Entrepôt Vénissieux', client: { name: 'Maison Rival' } });
    }
    if (url.pathname === `/api/sites/${SITE}/logs`) {
      return sendJson(response, 200, collection('Alert', url.pathname, [alertEntry('A1')]));
    }
    if (url.pathname === `/api/sites/${SITE}/equipment`) {
      return sendJson(response, 200, collection<Equipment>('Equipment', url.pathname, []));
    }
    if (url.pathname === `/api/sites/${SITE}/sync_logs`) {
      return sendJson(response, 200, collection('SyncLogEntry', url.pathname, [syncEntry('U1')]));
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
});

const paths = () => server.requests.map((r) => r.url.split('?')[0]);
const render = (path: string) => renderScreen(<SiteLogsPage />, { path, routePath: '/site_logs/:siteUlid' });

describe('SiteLogsPage', () => {
  it('names the site, links back to it and opens on the alert log', async () => {
    render(`/site_logs/${SITE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Logs of Entrepôt Vénissieux' })).toBeTruthy();
    expect(screen.getByText('Maison Rival')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the site' }).getAttribute('href')).toBe(`/sites/${SITE}`);
    const tabs = screen.getByRole('tablist', { name: 'Logs' });
    expect(within(tabs).getByRole('tab', { name: 'Alerts' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Alerts of the site, newest first' })).toBeTruthy();
    expect(paths()).not.toContain(`/api/sites/${SITE}/sync_logs`);
  });

  it('switches to the synchronisation log, keeping the tab in the URL', async () => {
    render(`/site_logs/${SITE}`);
    await screen.findByRole('table', { name: 'Alerts of the site, newest first' });
    fireEvent.click(screen.getByRole('tab', { name: 'Synchronisation' }));
    expect(await screen.findByRole('table', { name: "Uplinks of the site's gateways, newest first" })).toBeTruthy();
    await waitFor(() => expect(locationText()).toBe(`/site_logs/${SITE}?tab=sync`));
    expect(screen.queryByRole('table', { name: 'Alerts of the site, newest first' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    await waitFor(() => expect(locationText()).toBe(`/site_logs/${SITE}`));
  });

  it('opens the tab named in the URL', async () => {
    render(`/site_logs/${SITE}?tab=sync`);
    expect(await screen.findByRole('table', { name: "Uplinks of the site's gateways, newest first" })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Synchronisation' }).getAttribute('aria-selected')).toBe('true');
  });
});
