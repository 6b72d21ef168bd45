/**
 * SpaceParameters against a real HTTP server (SPEC §2.7 "Space settings", §5 "PCO or dealer space"; issue 4): the
 * settings form loaded and saved (contract validation, 422 violations under their fields, the logo uploaded after),
 * the account transfer with its confirmation and the end of the owner's session, the deletion enabled only once the
 * space's name is typed exactly, and the audit trail (entries, paging, empty state).
 */
import {
  type AlertSettingsResource,
  type AuditEvent,
  DEFAULT_ALERT_SETTINGS,
  type HydraCollection,
  type SpaceParameters,
} from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { dismissNotification } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { auditEvent, currentUserOf, locationText, renderScreen, spaceSettings } from '../test-kit';
import { SpaceParametersPage } from './space-parameters-page';

let server: TestServer;
let settings: SpaceParameters;
let events: AuditEvent[];
/** Violations answered by the next `PUT /api/space_parameters` (null: 200). */
let saveViolations: Array<{ propertyPath: string; code: string }> | null;
/** Violations answered by `POST /api/space_parameters/transfer` (null: 204). */
let transferViolations: Array<{ propertyPath: string; code: string }> | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/space_parameters') return sendJson(response, 200, settings);
    if (route === 'PUT /api/space_parameters') {
      if (saveViolations) return sendProblem(response, 422, 'validation_failed', saveViolations);
      settings = { ...settings, ...JSON.parse(request.body) };
      return sendJson(response, 200, settings);
    }
    if (route === 'POST /api/space_parameters/logo') {
      settings = { ...settings, logo: '/api/logos/0123.webp' };
      return sendJson(response, 200, { logo: settings.logo });
    }
    if (route === 'POST /api/space_parameters/transfer') {
      if (transferViolations) return sendProblem(response, 422, 'validation_failed', transferViolations);
      const { new_owner } = JSON.parse(request.body) as { new_owner: string };
      settings = { ...settings, transfer_candidates: settings.transfer_candidates.filter((c) => c.ulid !== new_owner) };
      return sendJson(response, 204, null);
    }
    if (route === 'POST /api/space_parameters/delete') {
      const { confirmation } = JSON.parse(request.body) as { confirmation: string };
      if (confirmation !== settings.name) {
        return sendProblem(response, 422, 'validation_failed', [
          { propertyPath: 'confirmation', code: 'confirmation_invalid' },
        ]);
      }
      return sendJson(response, 204, null);
    }
    if (route === 'GET /api/space_parameters/audit') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const answer: HydraCollection<AuditEvent> = {
        '@context': '/api/contexts/AuditEvent',
        '@id': url.pathname,
        '@type': 'hydra:Collection',
        'hydra:member': events.slice((page - 1) * 30, page * 30),
        'hydra:totalItems': events.length,
      };
      return sendJson(response, 200, answer);
    }
    if (route === 'GET /security/logout') return sendJson(response, 204, null);
    // the PCO's alert thresholds card (its own tests: alert-settings-card.test.tsx)
    if (route === 'GET /api/alert_settings') {
      const defaults: AlertSettingsResource = {
        '@id': '/api/alert_settings',
        '@type': 'AlertSettings',
        ...DEFAULT_ALERT_SETTINGS,
      };
      return sendJson(response, 200, defaults);
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
  settings = spaceSettings();
  events = [];
  saveViolations = null;
  transferViolations = null;
});

const writes = () => server.requests.filter((r) => r.method !== 'GET');
const calls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path).map((r) => r.url);
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
const openPage = async (kind: 'owner' | 'substituting' = 'owner') => {
  const rendered = renderScreen(<SpaceParametersPage />, currentUserOf(kind));
  await screen.findByRole('heading', { name: 'Company details' });
  return rendered;
};

describe('SpaceParameters settings form', () => {
  it('shows the stored settings and saves name, address, referral reseller, then the chosen logo', async () => {
    const { calls: session } = await openPage();
    expect(field('Company name').value).toBe('Termites Services Lyon');
    expect(field('City').value).toBe('Lyon');
    expect(field('Latitude').value).toBe('45.762');
    expect(field('Referral reseller').value).toBe('Isoptera Sud');

    type(field('Company name'), 'TSL Rhône');
    type(field('City'), 'Villeurbanne');
    type(field('Referral reseller'), '');
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [png()] },
    });
    expect(await screen.findByText('logo.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    // the current user (whose space name and logo the sidebar shows) is read again
    expect(session.reloadMe).toBe(1);
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/space_parameters',
      'POST /api/space_parameters/logo',
    ]);
    const [put, upload] = writes();
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      name: 'TSL Rhône',
      address: {
        label: '3 rue Mercière, 69002 Lyon',
        street: '3 rue Mercière',
        postal_code: '69002',
        city: 'Villeurbanne',
        country: 'France',
        latitude: '45.762000000',
        longitude: '4.833000000',
      },
      referral_reseller: null,
    });
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.body).toContain('name="file"; filename="logo.png"');
    // the stored logo replaces the chosen file's preview
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toBe('/api/logos/0123.webp'),
    );
  });

  it('checks the contract rules before sending and shows the 422 violations under their fields', async () => {
    await openPage();
    type(field('Company name'), '  ');
    type(field('Latitude'), 'north');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name is required.')).toBeTruthy();
    expect(screen.getByText('The latitude is not valid.')).toBeTruthy();
    expect(writes()).toEqual([]);

    type(field('Company name'), 'TSL');
    type(field('Latitude'), '45.76');
    saveViolations = [
      { propertyPath: 'referral_reseller', code: 'referral_reseller_invalid' },
      { propertyPath: 'address.longitude', code: 'longitude_invalid' },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The referral reseller is not valid.')).toBeTruthy();
    expect(screen.getByText('The longitude is not valid.')).toBeTruthy();
    expect(field('Referral reseller').getAttribute('aria-invalid')).toBe('true');
    expect(writes().length).toBe(1);
    // nothing typed is lost
    expect(field('Company name').value).toBe('TSL');
    expect(screen.queryByText('Settings saved')).toBeNull();
  });
});

describe('SpaceParameters account transfer', () => {
  it('confirms the consequence, transfers to the chosen member, then ends the owner’s session', async () => {
    const { calls: session } = await openPage();
    const transfer = card('Account transfer');
    const action = within(transfer).getByRole('button', { name: 'Transfer ownership' });
    expect(action.hasAttribute('disabled') || action.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(within(transfer).getByRole('button', { name: /New owner/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Léa Bernard — lea@tsl.fr' }));
    fireEvent.click(within(transfer).getByRole('button', { name: 'Transfer ownership' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Transfer ownership to Léa Bernard?' });
    expect(dialog.textContent).toContain(
      'Léa Bernard will become the owner of Termites Services Lyon. You will get the role “Manager” and your session will end',
    );
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText('Léa Bernard is now the owner')).toBeTruthy();
    await waitFor(() => expect(session.reloadMe).toBe(1));
    const transferCall = writes()[0];
    expect(`${transferCall?.method} ${transferCall?.url}`).toBe('POST /api/space_parameters/transfer');
    expect(JSON.parse(transferCall?.body ?? '{}')).toEqual({ new_owner: 'M1' });
    expect(calls('/security/logout')).toEqual(['/security/logout']);
    expect(session.loggingOut).toEqual([true, false]);
  });

  it('shows a refused new owner under the picker; a substituting admin stays and sees the list refreshed', async () => {
    const { calls: session } = await openPage('substituting');
    const transfer = card('Account transfer');
    fireEvent.click(within(transfer).getByRole('button', { name: /New owner/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hugo Petit — hugo@tsl.fr' }));
    fireEvent.click(within(transfer).getByRole('button', { name: 'Transfer ownership' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The current owner will get the role “Manager” and their sessions will end.');

    transferViolations = [{ propertyPath: 'new_owner', code: 'new_owner_invalid' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(transfer).findByText('This person cannot become the owner.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    transferViolations = null;
    fireEvent.click(within(transfer).getByRole('button', { name: 'Transfer ownership' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Hugo Petit is now the owner')).toBeTruthy();
    // the settings are asked again: Hugo is no longer offered
    await waitFor(() => expect(calls('/api/space_parameters').length).toBe(2));
    fireEvent.click(within(transfer).getByRole('button', { name: /New owner/ }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Léa Bernard — lea@tsl.fr']);
    expect(calls('/security/logout')).toEqual([]);
    expect(session.reloadMe).toBe(0);
  });

  it('says so when no other active member could become the owner', async () => {
    settings = spaceSettings({ transfer_candidates: [] });
    await openPage();
    const transfer = card('Account transfer');
    expect(
      within(transfer).getByText('No other active member can become the owner. Invite a member first.'),
    ).toBeTruthy();
    expect(within(transfer).queryByRole('button', { name: 'Transfer ownership' })).toBeNull();
  });
});

describe('SpaceParameters delete account', () => {
  const openDialog = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete the account' }));
    return screen.findByRole('alertdialog', { name: 'Delete the account of Termites Services Lyon?' });
  };
  const confirmButton = (dialog: HTMLElement) =>
    within(dialog).getByRole('button', { name: 'Delete permanently' }) as HTMLButtonElement;

  it('keeps the delete button disabled until the exact name is typed, explains the retention, then signs out', async () => {
    const { calls: session } = await openPage();
    expect(screen.getByText(/Its data is kept for 90 days, then permanently deleted\./)).toBeTruthy();
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('all its members, you included, will lose access');
    expect(dialog.textContent).toContain('Its data is kept for 90 days, then permanently deleted.');
    const input = within(dialog).getByRole('textbox', { name: 'Type “Termites Services Lyon” to confirm' });
    expect(confirmButton(dialog).disabled).toBe(true);
    type(input, 'termites services lyon');
    expect(confirmButton(dialog).disabled).toBe(true);
    type(input, 'Termites Services Lyon ');
    expect(confirmButton(dialog).disabled).toBe(true);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(writes()).toEqual([]);

    type(input, 'Termites Services Lyon');
    expect(confirmButton(dialog).disabled).toBe(false);
    fireEvent.click(confirmButton(dialog));
    expect(await screen.findByText('The account of Termites Services Lyon was deleted')).toBeTruthy();
    await waitFor(() => expect(session.reloadMe).toBe(1));
    expect(writes().map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /api/space_parameters/delete {"confirmation":"Termites Services Lyon"}',
    ]);
    expect(calls('/security/logout')).toEqual(['/security/logout']);
  });

  it('sends a substituting admin back to their own space', async () => {
    const { calls: session } = await openPage('substituting');
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('you will return to your own space');
    type(within(dialog).getByRole('textbox'), 'Termites Services Lyon');
    fireEvent.click(confirmButton(dialog));
    await waitFor(() => expect(locationText()).toBe('/'));
    expect(session.reloadMe).toBe(1);
    expect(calls('/security/logout')).toEqual([]);
  });
});

describe('SpaceParameters audit trail', () => {
  it('lists who changed what and when, newest first, with the data sent, and pages', async () => {
    events = [
      auditEvent(
        'E1',
        'PUT /api/clients/:ulid',
        { name: 'Durand SARL', address: { city: 'Lyon' } },
        {
          entity_type: 'clients',
          entity_id: '01JC0000000000000000000009',
        },
      ),
      auditEvent(
        'E2',
        'POST /api/client_contacts',
        { client: { name: 'Martin' } },
        { entity_type: 'client_contacts', entity_id: null },
      ),
      ...Array.from({ length: 29 }, (_, i) => auditEvent(`X${i}`, 'POST /api/space_parameters/transfer', null)),
    ];
    await openPage();
    const list = await screen.findByRole('list', { name: 'Audit trail' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBe(30);
    const first = items[0] as HTMLElement;
    expect(first.textContent).toContain('Alice Admin <alice@isoptera.example> · Administration');
    expect(first.textContent).toContain('05/03/2026');
    expect(first.textContent).toContain('14:30');
    expect(within(first).getByText('Change')).toBeTruthy();
    expect(within(first).getByText('Client').getAttribute('title')).toBe('/api/clients/:ulid');
    expect(first.textContent).toContain('ID 01JC0000000000000000000009');
    expect(first.textContent).toContain('Fields: name, address');
    expect(within(first).getByText('Show the data sent')).toBeTruthy();
    expect(first.querySelector('pre')?.textContent).toContain('"name": "Durand SARL"');
    expect(within(items[1] as HTMLElement).getByText('Creation')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Client and contact')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('Action')).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByText('Show the data sent')).toBeNull();
    expect(screen.getByText('30 of 31')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Audit trail' })).getAllByRole('listitem').length).toBe(1),
    );
    expect(screen.getByText('31 of 31')).toBeTruthy();
    expect(calls('/api/space_parameters/audit')).toEqual([
      '/api/space_parameters/audit?page=1',
      '/api/space_parameters/audit?page=2',
    ]);
  });

  it('shows the empty state when nothing was changed under substitution', async () => {
    await openPage();
    expect(await screen.findByText('No change has been made on behalf of this space yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Audit trail' })).toBeNull();
  });
});
