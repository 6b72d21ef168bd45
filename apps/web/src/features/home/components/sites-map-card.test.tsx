/**
 * Home's sites map card (issue 15) against a real local HTTP server: the sites and the map's chunk load only when the
 * card nears the viewport (Home's first screen does not wait on them), then the card says what it found. The
 * browser's IntersectionObserver is played by react-intersection-observer's own test utilities.
 */
import { DEFAULT_TIMEZONE, siteMapCollection } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { i18n, loadLanguage } from '../../../shared/i18n/i18n';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import SitesMapCardWithTexts from './sites-map-card';

/** No positioned site, three without a position: the card's empty state and its link to the sites list. */
const ANSWER = siteMapCollection.parse({
  '@context': '/api/contexts/Site',
  '@id': '/api/sites/map',
  '@type': 'hydra:Collection',
  'hydra:member': [],
  'hydra:totalItems': 0,
  without_position: 3,
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (new URL(request.url, 'http://x').pathname === '/api/sites/map') return sendJson(response, 200, ANSWER);
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
  setupIntersectionMocking(vi.fn);
  await loadLanguage('en');
  await i18n.changeLanguage('en');
  await loadOnDemandCatalogue('overview', 'en');
});
afterEach(() => resetIntersectionMocking());
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});

describe('SitesMapCard', () => {
  it('asks for the sites only once the card nears the viewport', async () => {
    const session = {
      status: 'authenticated',
      timeZone: DEFAULT_TIMEZONE,
      hasAction: () => true,
    } as unknown as Session;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionContext.Provider value={session}>
          <MemoryRouter>
            <SitesMapCardWithTexts />
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: i18n.t('overview:map.title') });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.requests.filter((request) => request.url.startsWith('/api/sites/map'))).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(i18n.t('overview:map.loading'));

    mockAllIsIntersecting(true);

    expect(await screen.findByText(i18n.t('overview:map.empty'))).toBeTruthy();
    expect(screen.getByRole('link', { name: i18n.t('overview:map.withoutPosition', { count: 3 }) })).toBeTruthy();
    expect(server.requests.filter((request) => request.url.startsWith('/api/sites/map'))).toHaveLength(1);
  });
});
