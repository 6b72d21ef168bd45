/**
 * The planning calendar on a phone and on a desktop (issue 14 "rough edges", SPEC §2.7): at 390 px the week view
 * shows three readable day columns instead of seven clipped ones, at 1280 px the whole week; an event's text is cut
 * with an ellipsis and its whole text is its title. A real HTTP server answers the visits of the visible range.
 */
import type { Intervention, InterventionCollection } from '@isoptera/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { pcoUser, renderInSession } from '../../../test/screen-harness';
import { sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { filtersOf } from '../lib/planning-filters';
import { PlanningCalendar } from './planning-calendar';

const visit: Intervention = {
  '@id': '/api/interventions/V1',
  '@type': 'Intervention',
  ulid: 'V1',
  type: 'TYPE_CONTROL_VISIT',
  description: null,
  start_at: '2099-06-10T09:00:00+02:00',
  end_at: '2099-06-10T10:00:00+02:00',
  send_mail: false,
  client_ulid: 'C1',
  site_ulid: 'S1',
  interveners_ulids: [],
  site: {
    '@id': '/api/sites/S1',
    '@type': 'Site',
    ulid: 'S1',
    name: 'Entrepôt de la Part-Dieu, quai nord',
    client: { '@id': '/api/clients/C1', '@type': 'Client', ulid: 'C1', name: 'Résidence des Terreaux' },
  },
  interveners: [],
  report: null,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_request, response) => {
    const answer: InterventionCollection = {
      '@context': '/api/contexts/Intervention',
      '@id': '/api/interventions',
      '@type': 'hydra:Collection',
      'hydra:member': [visit],
      'hydra:totalItems': 1,
    };
    sendJson(response, 200, answer);
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
afterEach(() => setViewport(1024));

/** happy-dom's viewport, which `window.matchMedia` answers from. */
function setViewport(width: number) {
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 844 });
}

function renderWeek() {
  const filters = filtersOf(new URLSearchParams(), '2099-06-10');
  return renderInSession(<PlanningCalendar filters={filters} view="week" initialDate="2099-06-10" />, {
    me: pcoUser(),
  });
}

const dayColumns = () => document.querySelectorAll('.fc-col-header-cell');

describe('PlanningCalendar', () => {
  it('shows three days, not seven, in the week view of a phone', async () => {
    setViewport(390);
    renderWeek();
    await waitFor(() => expect(dayColumns()).toHaveLength(3));
    expect(dayColumns()[0]?.getAttribute('data-date')).toBe('2099-06-10');
  });

  it('shows the whole week on a desktop, each event cut with an ellipsis and whole in its title', async () => {
    setViewport(1280);
    renderWeek();
    await waitFor(() => expect(dayColumns()).toHaveLength(7));
    const text = await screen.findByText('Résidence des Terreaux — Entrepôt de la Part-Dieu, quai nord');
    expect(text.classList.contains('truncate')).toBe(true);
    expect(text.closest('[title]')?.getAttribute('title')).toBe(
      '09:00 - 10:00 Résidence des Terreaux — Entrepôt de la Part-Dieu, quai nord',
    );
  });
});
