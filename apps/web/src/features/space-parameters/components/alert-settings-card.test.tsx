/**
 * The alert thresholds card of the space settings against a real HTTP server (issue 5 "Thresholds are PCO settings";
 * contract `alertSettingsInput`): shown to PCO spaces only, the stored values with their units, a save sending every
 * threshold, the contract's rules checked before sending, 422 violations under their fields with nothing typed lost.
 */
import {
  type AlertSettings,
  type AlertSettingsResource,
  type AuditEvent,
  type CurrentUser,
  DEFAULT_ALERT_SETTINGS,
  type HydraCollection,
} from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { dismissNotification } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { SpaceParametersPage } from '../pages/space-parameters-page';
import { currentUserOf, renderScreen, spaceSettings } from '../test-kit';
import { AlertSettingsCard } from './alert-settings-card';

let server: TestServer;
let stored: AlertSettingsResource;
/** Violations answered by the next `PUT /api/alert_settings` (null: 200). */
let violations: Array<{ propertyPath: string; code: string }> | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    if (route === 'GET /api/alert_settings') return sendJson(response, 200, stored);
    if (route === 'PUT /api/alert_settings') {
      if (violations) return sendProblem(response, 422, 'validation_failed', violations);
      stored = {
        '@id': '/api/alert_settings',
        '@type': 'AlertSettings',
        ...(JSON.parse(request.body) as AlertSettings),
      };
      return sendJson(response, 200, stored);
    }
    if (route === 'GET /api/space_parameters') return sendJson(response, 200, spaceSettings());
    if (route === 'GET /api/space_parameters/audit') {
      const none: HydraCollection<AuditEvent> = {
        '@context': '/api/contexts/AuditEvent',
        '@id': '/api/space_parameters/audit',
        '@type': 'hydra:Collection',
        'hydra:member': [],
        'hydra:totalItems': 0,
      };
      return sendJson(response, 200, none);
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
  stored = {
    '@id': '/api/alert_settings',
    '@type': 'AlertSettings',
    ...DEFAULT_ALERT_SETTINGS,
    termite_activity_threshold: 35,
  };
  violations = null;
});

const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body));
const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};
const card = () => screen.getByRole('heading', { name: 'Alert thresholds' }).closest('section') as HTMLElement;

describe('AlertSettingsCard', () => {
  it('shows the stored thresholds with their units and saves every threshold', async () => {
    renderScreen(<AlertSettingsCard />, currentUserOf('owner'));
    await waitFor(() => expect(input('Termite activity').value).toBe('35'));
    expect(input('Weak signal').value).toBe('-115');
    expect(input('Expected interval between uplinks').value).toBe('24');
    expect(within(card()).getByText('dBm')).toBeTruthy();
    expect(
      within(card()).getByText('A device silent for twice this interval (1 to 168 hours) opens a communication alert.'),
    ).toBeTruthy();

    type('Termite activity', '45');
    type('Weak signal', '-120');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alert thresholds saved')).toBeTruthy();
    expect(puts()).toEqual([{ ...DEFAULT_ALERT_SETTINGS, termite_activity_threshold: 45, weak_signal_dbm: -120 }]);
    expect(input('Termite activity').value).toBe('45');
  });

  it("checks the contract's ranges before sending", async () => {
    renderScreen(<AlertSettingsCard />, currentUserOf('owner'));
    await waitFor(() => expect(input('Termite activity').value).toBe('35'));
    type('Stations for a colony', '1');
    type('Termite activity', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card()).getAllByText('This threshold is out of range.')).toHaveLength(2));
    expect(puts()).toEqual([]);
  });

  it('shows the violations of a refused save under their fields and keeps what was typed', async () => {
    violations = [{ propertyPath: 'expected_uplink_hours', code: 'threshold_invalid' }];
    renderScreen(<AlertSettingsCard />, currentUserOf('owner'));
    await waitFor(() => expect(input('Termite activity').value).toBe('35'));
    type('Expected interval between uplinks', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(card()).findByText('This threshold is out of range.')).toBeTruthy();
    expect(input('Expected interval between uplinks').getAttribute('aria-invalid')).toBe('true');
    expect(input('Expected interval between uplinks').value).toBe('100');
    expect(screen.queryByText('Alert thresholds saved')).toBeNull();
  });
});

describe('the space settings screen', () => {
  it('has the thresholds card in a PCO space', async () => {
    renderScreen(<SpaceParametersPage />, currentUserOf('owner'));
    expect(await screen.findByRole('heading', { name: 'Alert thresholds' })).toBeTruthy();
    await waitFor(() => expect(input('Termite activity').value).toBe('35'));
  });

  it('has no thresholds card in a dealer space', async () => {
    const owner = currentUserOf('owner');
    const dealer: CurrentUser = {
      ...owner,
      user_type: 'dealer',
      role: 'ROLE_DEALER_SPACE_OWNER',
      have_user_pco_space: false,
      space_names: { admin: null, dealer: null, pco: null },
      have_user_dealer_space: true,
      pco: null,
      dealer: owner.pco && { ...owner.pco, '@id': `/api/dealers/${owner.pco.ulid}`, '@type': 'Dealer' },
    };
    renderScreen(<SpaceParametersPage />, dealer);
    await screen.findByRole('heading', { name: 'Company details' });
    expect(screen.queryByRole('heading', { name: 'Alert thresholds' })).toBeNull();
    expect(server.requests.map((r) => r.url)).not.toContain('/api/alert_settings');
  });
});
