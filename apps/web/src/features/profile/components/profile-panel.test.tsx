/**
 * The profile panel (SPEC §2.6, §4 "Profile") against a real HTTP server: skeleton until the current user is
 * fetched afresh, then the data; the language and time zone changes save, then reload the page; the browser time
 * zone suggestion in both variants.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { changeLanguage, i18n } from '../../../shared/i18n/i18n';
import { sendJson, sendProblem } from '../../../test/test-server';
import { type ProfileServer, renderPanel, serverUser, startProfileServer } from '../test/profile-harness';

let server: ProfileServer;
let browserZone: string;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeAll(async () => {
  server = await startProfileServer();
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.reset();
  browserZone = 'Europe/Paris';
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone: browserZone };
  });
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});
afterEach(async () => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
  window.localStorage.clear();
  if (i18n.language !== 'en') await act(() => changeLanguage('en'));
});

/** Holds the answer to `route` until `release()` is called. */
function gate(route: string) {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const original = server.answers.get(route);
  server.answers.set(route, async (request, response) => {
    await opened;
    if (original) return original(request, response);
    if (route === 'GET /api/me') return sendJson(response, 200, server.user);
    return sendJson(response, 204, null);
  });
  return { release };
}

const panel = () => screen.getByRole('dialog', { name: 'My profile' });
const loaded = async () => {
  await waitFor(() => expect(screen.queryByTestId('profile-skeleton')).toBeNull());
  return panel();
};

describe('ProfilePanel', () => {
  it('shows skeletons while the current user is fetched afresh, then the fetched data', async () => {
    const me = gate('GET /api/me');
    server.user = { ...serverUser(), firstname: 'Sophia', email: 'sophia@example.com' };
    renderPanel({ known: serverUser() });
    expect(within(panel()).getByTestId('profile-skeleton')).toBeTruthy();
    expect(within(panel()).getByText('Loading your profile…')).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Change your name' })).toBeNull();

    me.release();
    const dialog = await loaded();
    // what the server answers now, not what the session knew before
    expect(within(dialog).getByTestId('profile-name').textContent).toBe('Sophia Durand');
    expect(within(dialog).getByTestId('profile-email').textContent).toBe('sophia@example.com');
    expect(within(dialog).getByTestId('profile-password').textContent).toContain('hidden');
    expect(within(dialog).getByRole('button', { name: 'Change your password' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Interface language/ }).textContent).toContain('English');
    expect((within(dialog).getByRole('combobox', { name: /Time zone/ }) as HTMLInputElement).value).toMatch(
      /^Europe\/Paris/,
    );
  });

  it('offers to try again when the current user cannot be fetched', async () => {
    server.answers.set('GET /api/me', (_request, response) => sendProblem(response, 500, 'internal_error'));
    renderPanel();
    expect(await within(panel()).findByText('The server is unavailable.')).toBeTruthy();
    server.answers.delete('GET /api/me');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByRole('button', { name: 'Change your name' })).toBeTruthy();
  });

  it('shows the language in use when a ?lang= link set it apart from the saved one', async () => {
    server.user = { ...serverUser(), lang: 'fr' };
    renderPanel({ known: { ...serverUser(), lang: 'fr' } });
    const dialog = await loaded();
    // the interface is in English (as after ?lang=en) while French is saved
    expect(within(dialog).getByRole('button', { name: /Interface language/ }).textContent).toContain('English');
  });

  it('saves another language, applies it to the interface, then reloads the page', async () => {
    renderPanel();
    const dialog = await loaded();
    fireEvent.click(within(dialog).getByRole('button', { name: /Interface language/ }));
    fireEvent.click(await screen.findByRole('option', { name: '日本語' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.bodies('PUT /api/me/edit-language')).toEqual([{ language: 'ja' }]);
    expect(i18n.language).toBe('ja');
    expect(window.localStorage.getItem('isoptera.lang')).toBe('ja');
  });

  it('keeps the saved language and does not reload when the server refuses the change', async () => {
    server.answers.set('PUT /api/me/edit-language', (_request, response) =>
      sendProblem(response, 422, 'validation_failed', [
        { propertyPath: 'language', message: 'x', code: 'language_not_accepted' },
      ]),
    );
    renderPanel();
    const dialog = await loaded();
    fireEvent.click(within(dialog).getByRole('button', { name: /Interface language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Italiano' }));
    expect(await within(dialog).findByText('This language is not available.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Interface language/ }).textContent).toContain('English');
    expect(reload).not.toHaveBeenCalled();
    expect(i18n.language).toBe('en');
  });

  it('saves a time zone picked from the searchable list, then reloads the page', async () => {
    renderPanel();
    const dialog = await loaded();
    const picker = within(dialog).getByRole('combobox', { name: /Time zone/ });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'new york' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /^America\/New York/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.bodies('PUT /api/me/edit-timezone')).toEqual([{ timezone: 'America/New_York' }]);
  });

  it('says nothing about the browser time zone when it is the saved one', async () => {
    renderPanel();
    await loaded();
    await waitFor(() => expect(server.bodies('GET /api/timezones')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('timezone-suggestion')).toBeNull();
  });

  it('offers the browser time zone in one click when it is supported', async () => {
    browserZone = 'Asia/Tokyo';
    renderPanel();
    const dialog = await loaded();
    expect(await within(dialog).findByText('Your browser is set to the Asia/Tokyo time zone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Asia/Tokyo' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.bodies('PUT /api/me/edit-timezone')).toEqual([{ timezone: 'Asia/Tokyo' }]);
  });

  it('says that the browser time zone is not available when the list lacks it', async () => {
    browserZone = 'America/Nuuk';
    renderPanel();
    const dialog = await loaded();
    expect(
      await within(dialog).findByText('Your browser is set to the America/Nuuk time zone, which is not available.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Use / })).toBeNull();
  });
});
