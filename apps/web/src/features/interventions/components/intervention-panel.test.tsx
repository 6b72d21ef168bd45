/**
 * The intervention panel (SPEC §2.5, §4 "Intervention form") against a real local HTTP server: opening by event,
 * default dates, client choice (one site auto-selected, none 'empty'), light view and desired date, saving (201 →
 * closed + `interventionEdited`; 422 → open with the violations on the fields), edit mode and pre-selected pickers.
 */
import { DEFAULT_TIMEZONE, type Intervention } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { type AppEvents, emit, subscribe } from '../../../shared/lib/events';
import {
  type RecordedRequest,
  sendJson,
  sendProblem,
  startTestServer,
  type TestServer,
} from '../../../test/test-server';
import { InterventionPanel } from './intervention-panel';

const C_ONE = '01JC1111111111111111111111';
const C_NONE = '01JC2222222222222222222222';
const S_ONE = '01JS1111111111111111111111';
const M_LUCAS = '01JM1111111111111111111111';

const INTERVENTION: Intervention = {
  '@id': '/api/interventions/01JJ1111111111111111111111',
  '@type': 'Intervention',
  ulid: '01JJ1111111111111111111111',
  type: 'TYPE_CONTROL_VISIT',
  description: 'Relever les stations',
  start_at: '2031-03-04T09:00:00+01:00',
  end_at: '2031-03-04T10:30:00+01:00',
  send_mail: true,
  client_ulid: C_ONE,
  site_ulid: S_ONE,
  interveners_ulids: [M_LUCAS],
  site: {
    '@id': `/api/sites/${S_ONE}`,
    '@type': 'Site',
    ulid: S_ONE,
    name: 'Chai principal',
    client: { '@id': `/api/clients/${C_ONE}`, '@type': 'Client', ulid: C_ONE, name: 'Château Margaux' },
  },
  interveners: [
    {
      '@id': `/api/user_pcos/${M_LUCAS}`,
      '@type': 'User',
      ulid: M_LUCAS,
      firstname: 'Lucas',
      lastname: 'Moreau',
      color: '#c2410c',
    },
  ],
  report: null,
};

let server: TestServer;
let saveAnswer: 'ok' | 'violations' = 'ok';

function route(request: RecordedRequest, response: Parameters<typeof sendJson>[0]) {
  const url = new URL(request.url, 'http://x');
  const q = url.searchParams;
  if (url.pathname === '/api/clients/search') {
    return sendJson(response, 200, {
      list: [
        { ulid: C_ONE, name: 'Château Margaux' },
        { ulid: C_NONE, name: 'Mairie de Bègles' },
      ],
      total: 2,
    });
  }
  if (url.pathname === '/api/sites' && q.get('pagination') === 'false') {
    const members = q.get('client.ulid') === C_ONE ? [{ ulid: S_ONE, name: 'Chai principal' }] : [];
    return sendJson(response, 200, { 'hydra:member': members, 'hydra:totalItems': members.length });
  }
  if (url.pathname === '/api/sites/search')
    return sendJson(response, 200, { list: [{ ulid: S_ONE, name: 'Chai principal' }], total: 1 });
  if (url.pathname === `/api/sites/${S_ONE}/light`) {
    return sendJson(response, 200, {
      ulid: S_ONE,
      description: 'Portail arrière, code 4521',
      status: 'STATUS_TO_INSTALL',
      desired_installation_date: '2031-04-15',
    });
  }
  if (url.pathname === `/api/clients/${C_ONE}`)
    return sendJson(response, 200, { ulid: C_ONE, name: 'Château Margaux' });
  if (url.pathname === `/api/sites/${S_ONE}`) {
    return sendJson(response, 200, {
      ulid: S_ONE,
      name: 'Chai principal',
      client_ulid: C_ONE,
      client: { ulid: C_ONE, name: 'Château Margaux' },
    });
  }
  if (url.pathname === '/api/user_pcos/search') {
    return sendJson(response, 200, {
      list: [{ ulid: M_LUCAS, firstname: 'Lucas', lastname: 'Moreau', color: '#c2410c' }],
      total: 1,
    });
  }
  if (url.pathname === `/api/interventions/${INTERVENTION.ulid}` && request.method === 'GET')
    return sendJson(response, 200, INTERVENTION);
  if (url.pathname.startsWith('/api/interventions')) {
    if (saveAnswer === 'violations') {
      return sendProblem(response, 422, 'validation_failed', [
        { propertyPath: 'interveners.0', code: 'interveners_invalid', message: 'x' },
      ]);
    }
    const body = JSON.parse(request.body) as { description: string | null };
    return sendJson(response, request.method === 'POST' ? 201 : 200, {
      ...INTERVENTION,
      description: body.description,
    });
  }
  return sendProblem(response, 404, 'not_found');
}

beforeAll(async () => {
  server = await startTestServer(route);
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the last requests of the panel finish
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  saveAnswer = 'ok';
});
afterEach(() => {
  vi.useRealTimers();
});

const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;

function renderPanel() {
  const router = createMemoryRouter(
    [
      { path: '/planning', element: <InterventionPanel /> },
      { path: '/sites', element: <p>sites screen</p> },
    ],
    { initialEntries: ['/planning'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

const dialog = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
const posted = () => server.requests.filter((r) => r.method === 'POST' || r.method === 'PUT');

async function pick(name: string, option: string) {
  const input = within(dialog()).getByRole('combobox', { name });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: option.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
  fireEvent.blur(input);
}

async function open(detail: AppEvents['openInterventionPanel'] = {}) {
  act(() => emit('openInterventionPanel', detail));
  await screen.findByRole('dialog');
}

describe('InterventionPanel', () => {
  it('creates a visit: one site auto-selected, light view, desired date, body sent, closed and event emitted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T09:20:35Z')); // 10:20:35 in Paris
    renderPanel();
    await open();
    expect(within(dialog()).getByRole('heading', { name: 'New visit' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Manage sites' }).hasAttribute('disabled')).toBe(true);

    await pick('Client', 'Château Margaux');
    await waitFor(() =>
      expect((within(dialog()).getByRole('combobox', { name: 'Site' }) as HTMLInputElement).value).toBe(
        'Chai principal',
      ),
    );
    expect(await within(dialog()).findByText('Portail arrière, code 4521')).toBeTruthy();
    expect(within(dialog()).getByText(/would like the installation on 15\/04\/2031/)).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Pre-visit (quote)' }));
    expect(within(dialog()).getByText(/A pre-visit prepares the quote/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Follow-up visit' }));
    await pick('Technicians', 'Lucas Moreau');

    const edited: Intervention[] = [];
    const stop = subscribe('interventionEdited', (detail) => edited.push(detail));
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    stop();
    expect(posted()).toHaveLength(1);
    expect(posted()[0]?.url).toBe('/api/interventions');
    expect(JSON.parse(posted()[0]?.body ?? '{}')).toEqual({
      client: `/api/clients/${C_ONE}`,
      site: `/api/sites/${S_ONE}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [`/api/user_pcos/${M_LUCAS}`],
      start_at: '2031-03-01 11:00:00',
      end_at: '2031-03-01 12:00:00',
      description: null,
      send_mail: true,
    });
    expect(edited.map((e) => e.ulid)).toEqual([INTERVENTION.ulid]);
  });

  it('shows the translated required errors, then keeps the panel open with server violations on the fields', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T09:00:20Z')); // 10:00:20 in Paris: the first minute of an hour
    renderPanel();
    await open();
    save();
    expect(await within(dialog()).findByText('The client is required.')).toBeTruthy();
    expect(within(dialog()).getByText('The type is required.')).toBeTruthy();
    expect(within(dialog()).getByText('Choose at least one technician.')).toBeTruthy();
    expect(posted()).toHaveLength(0);

    await pick('Client', 'Château Margaux');
    await waitFor(() =>
      expect((within(dialog()).getByRole('combobox', { name: 'Site' }) as HTMLInputElement).value).toBe(
        'Chai principal',
      ),
    );
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Follow-up visit' }));
    await pick('Technicians', 'Lucas Moreau');
    saveAnswer = 'violations';
    save();
    expect(await within(dialog()).findByText('One of the technicians is not valid.')).toBeTruthy();
    expect(posted()).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('resets an end typed before the start, or cleared, to start + 1 h when the end field is left (SPEC §4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T09:20:35Z')); // 10:20:35 in Paris: start 11:00, end 12:00
    renderPanel();
    await open();
    const endHour = () => within(dialog()).getAllByRole('spinbutton', { name: /hour/ })[1] as HTMLElement;
    const hourOf = (segment: HTMLElement) => segment.getAttribute('aria-valuenow');
    expect(hourOf(endHour())).toBe('12');
    // 12:00 → 09:00, before the 11:00 start: kept while typing, reset when the field is left
    act(() => endHour().focus());
    for (let i = 0; i < 3; i++) fireEvent.keyDown(endHour(), { key: 'ArrowDown' });
    await waitFor(() => expect(hourOf(endHour())).toBe('9'));
    act(() => endHour().blur());
    await waitFor(() => expect(hourOf(endHour())).toBe('12'));
    // cleared: reset when the field is left too
    act(() => endHour().focus());
    fireEvent.keyDown(endHour(), { key: 'Backspace' });
    fireEvent.keyDown(endHour(), { key: 'Backspace' });
    await waitFor(() => expect(hourOf(endHour())).toBeNull());
    act(() => endHour().blur());
    await waitFor(() => expect(hourOf(endHour())).toBe('12'));
  });

  it('leaves the site picker disabled with the empty state for a client without site', async () => {
    renderPanel();
    await open();
    await pick('Client', 'Mairie de Bègles');
    expect(await within(dialog()).findByText(/This client has no site yet/)).toBeTruthy();
    expect(within(dialog()).getByRole('combobox', { name: 'Site' }).hasAttribute('disabled')).toBe(true);
  });

  it('edits a visit: loads it, shows its values and sends a PUT', async () => {
    renderPanel();
    await open({ interventionUlid: INTERVENTION.ulid });
    expect(within(dialog()).getByRole('heading', { name: 'Edit the visit' })).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog()).getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe(
        'Château Margaux',
      ),
    );
    expect(within(dialog()).getByText('Lucas Moreau')).toBeTruthy();
    expect(
      (within(dialog()).getByRole('textbox', { name: 'Instructions for the technicians' }) as HTMLTextAreaElement)
        .value,
    ).toBe('Relever les stations');
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted().map((r) => `${r.method} ${r.url}`)).toEqual([`PUT /api/interventions/${INTERVENTION.ulid}`]);
    expect(JSON.parse(posted()[0]?.body ?? '{}')).toMatchObject({
      start_at: '2031-03-04 09:00:00',
      end_at: '2031-03-04 10:30:00',
    });
  });

  it('disables the pickers of a pre-selected site, applies a pre-selected type and shows a desired date', async () => {
    renderPanel();
    await open({ siteUlid: S_ONE, type: 'TYPE_COMMISSIONING', desiredDate: '2031-05-02' });
    await waitFor(() =>
      expect((within(dialog()).getByRole('combobox', { name: 'Site' }) as HTMLInputElement).value).toBe(
        'Chai principal',
      ),
    );
    expect(within(dialog()).getByRole('combobox', { name: 'Client' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('combobox', { name: 'Site' }).hasAttribute('disabled')).toBe(true);
    expect((within(dialog()).getByRole('radio', { name: 'Installation' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog()).getByText('Desired date: 02/05/2031')).toBeTruthy();
  });

  it('goes to the Sites screen after closing the panel', async () => {
    const router = renderPanel();
    await open({ clientUlid: C_ONE });
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Manage sites' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Manage sites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sites'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
