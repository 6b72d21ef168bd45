/**
 * Home's "Alerts waiting for a visit" (issue 15) against a real local HTTP server: the running clocks as the API
 * orders them, each with its site link, its time left coloured by level and the overdue count; the proposed visit
 * opening the intervention panel pre-filled (the `openInterventionPanel` event with the proposal), its dismissal
 * asking a reason then posting it; the empty state. Fixtures pass the contract's response schema.
 */
import {
  type AlertClockCollection,
  type AlertClockItem,
  alertClockCollection,
  DEFAULT_TIMEZONE,
  type VisitProposal,
} from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { type AppEvents, subscribe } from '../../../shared/lib/events';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { ResponseClocks } from './response-clocks';

const ALERT = '01JA0000000000000000000001';
const OTHER = '01JA0000000000000000000002';
const SITE = '01JS0000000000000000000001';
const REFERENT = '01JM0000000000000000000001';

function proposal(alert: string): VisitProposal {
  return {
    '@id': `/api/alerts/${alert}/visit_proposal`,
    '@type': 'VisitProposal',
    alert_ulid: alert,
    status: 'proposed',
    type: 'TYPE_CONTROL_VISIT',
    site: { '@id': `/api/sites/${SITE}`, '@type': 'Site', ulid: SITE, name: 'Chai principal', client_ulid: '01JC1' },
    client: { '@id': '/api/clients/01JC1', '@type': 'Client', ulid: '01JC1', name: 'Château Margaux' },
    referent: {
      '@id': `/api/user_pcos/${REFERENT}`,
      '@type': 'User',
      ulid: REFERENT,
      firstname: 'Camille',
      lastname: 'Martin',
      color: '#336699',
    },
    start_at: '2031-06-17T10:00:00+02:00',
    end_at: '2031-06-17T11:00:00+02:00',
    intervention: null,
    dismiss_reason: null,
    dismiss_note: null,
  };
}

function clock(ulid: string, extra: Partial<AlertClockItem> = {}): AlertClockItem {
  return {
    '@id': `/api/alerts/${ulid}`,
    '@type': 'Alert',
    ulid,
    type: 'TYPE_COLONY_DETECTED',
    site: { '@id': `/api/sites/${SITE}`, '@type': 'Site', ulid: SITE, name: 'Chai principal' },
    equipment_reference: null,
    opened_at: '2031-06-16T09:00:00+02:00',
    due_at: '2031-06-19T09:00:00+02:00',
    target_hours: 72,
    seconds_left: 2 * 86_400 + 4 * 3600,
    level: 'ok',
    proposal: null,
    ...extra,
  };
}

function page(items: AlertClockItem[], overdue: number): AlertClockCollection {
  return alertClockCollection.parse({
    '@context': '/api/contexts/Alert',
    '@id': '/api/alert_clocks',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': items.length,
    overdue_number: overdue,
  });
}

let server: TestServer;
let answer = page([], 0);
const dismissals: unknown[] = [];

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/alert_clocks') return sendJson(response, 200, answer);
    if (request.method === 'POST' && url.pathname === `/api/alerts/${ALERT}/visit_proposal/dismiss`) {
      dismissals.push(JSON.parse(request.body));
      answer = page([clock(ALERT)], 0);
      return sendJson(response, 200, { ...proposal(ALERT), status: 'dismissed', dismiss_reason: 'false_alarm' });
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  dismissals.length = 0;
});

function renderWith(node: ReactNode) {
  const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

async function card() {
  return (await screen.findByRole('heading', { name: 'Alerts waiting for a visit' })).closest('section') as HTMLElement;
}

describe("Home's response clocks", () => {
  it('lists the running clocks with their site, time left by colour, the overdue count and the proposal', async () => {
    answer = page(
      [
        clock(OTHER, {
          type: 'TYPE_TERMITE_ALERT',
          equipment_reference: 'IGS-07',
          seconds_left: -(5 * 3600),
          level: 'overdue',
          site: { '@id': '/api/sites/01JS2', '@type': 'Site', ulid: '01JS2', name: 'Orangerie' },
        }),
        clock(ALERT, { proposal: proposal(ALERT) }),
      ],
      1,
    );
    renderWith(<ResponseClocks />);
    const section = await card();
    expect(await within(section).findByText('2 alerts are waiting for a visit')).toBeTruthy();
    expect(within(section).getByText('1 overdue')).toBeTruthy();
    const rows = within(section).getAllByRole('listitem');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Orangerie' })
        .getAttribute('href'),
    ).toBe('/sites/01JS2');
    expect(within(rows[0] as HTMLElement).getByText(/^Overdue by 5h/)).toBeTruthy();
    expect((rows[0] as HTMLElement).className).toContain('border-l-red-600');
    expect(within(rows[0] as HTMLElement).getByText('IGS-07')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('2d 4h left')).toBeTruthy();
    expect((rows[1] as HTMLElement).className).toContain('border-l-green-500');
    expect(
      within(rows[1] as HTMLElement).getByText(/Control visit proposed on .+ from 10:00 to 11:00 with Camille Martin/),
    ).toBeTruthy();
  });

  it('opens the intervention panel pre-filled with the proposal, and dismisses it with a reason', async () => {
    answer = page([clock(ALERT, { proposal: proposal(ALERT) })], 0);
    const opened: AppEvents['openInterventionPanel'][] = [];
    const stop = subscribe('openInterventionPanel', (detail) => opened.push(detail));
    renderWith(<ResponseClocks />);
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Plan it' }));
    expect(opened).toEqual([
      {
        siteUlid: SITE,
        type: 'TYPE_CONTROL_VISIT',
        proposal: {
          alertUlid: ALERT,
          startAt: '2031-06-17T10:00:00+02:00',
          endAt: '2031-06-17T11:00:00+02:00',
          intervener: { ulid: REFERENT, label: 'Camille Martin' },
        },
      },
    ]);
    stop();

    fireEvent.click(within(section).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the proposed visit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(dismissals).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'False alarm' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(dismissals).toEqual([{ reason: 'false_alarm', note: null }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Plan it' })).toBeNull());
  });

  it('says when no alert is waiting', async () => {
    answer = page([], 0);
    renderWith(<ResponseClocks />);
    const section = await card();
    expect(await within(section).findByText('No alert is waiting for a visit.')).toBeTruthy();
  });
});
