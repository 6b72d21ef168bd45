/**
 * The three modals of the profile panel (SPEC §2.6, §4 "Profile", §5) against a real HTTP server: contract errors
 * before any call, the body sent, the success behaviours (reload of the current user, e-mail warning, password
 * notification), server violations under their fields with nothing typed lost, and 'Forgot password?'.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendProblem } from '../../../test/test-server';
import { type ProfileServer, renderPanel, startProfileServer } from '../test/profile-harness';

let server: ProfileServer;

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
  // the browser's zone is the saved one: no suggestion in the way
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone: 'Europe/Paris' };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

const panel = () => screen.getByRole('dialog', { name: 'My profile' });

/** Opens the panel, waits for the user, then opens the modal behind `button`; answers the modal. */
async function openModal(button: string, title: string) {
  renderPanel({ cachedZones: true });
  fireEvent.click(await within(panel()).findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
const violation = (propertyPath: string, code: string) => ({ propertyPath, message: code, code });

describe('change-name modal', () => {
  it('saves the name, reloads the current user and closes', async () => {
    const dialog = await openModal('Change your name', 'Change your name');
    expect((field(dialog, 'First name') as HTMLInputElement).value).toBe('Sophie');
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'First name')));
    const meCalls = server.requests.filter((r) => r.url === '/api/me').length;
    type(field(dialog, 'First name'), 'Anne-Sophie');
    type(field(dialog, 'Last name'), "D'Urand");
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your name' })).toBeNull());
    expect(server.bodies('PUT /api/me/edit-name')).toEqual([{ firstname: 'Anne-Sophie', lastname: "D'Urand" }]);
    expect(server.requests.filter((r) => r.url === '/api/me').length).toBe(meCalls + 1);
    expect(within(panel()).getByTestId('profile-name').textContent).toBe("Anne-Sophie D'Urand");
  });

  it('closes at once on Cancel when nothing changed, and asks first when the name was changed', async () => {
    let dialog = await openModal('Change your name', 'Change your name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your name' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Change your name' }));
    dialog = await screen.findByRole('dialog', { name: 'Change your name' });
    type(field(dialog, 'First name'), 'Anne');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((field(dialog, 'First name') as HTMLInputElement).value).toBe('Anne');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your name' })).toBeNull());
    expect(server.bodies('PUT /api/me/edit-name')).toEqual([]);
  });

  it('shows the contract errors without calling the server', async () => {
    const dialog = await openModal('Change your name', 'Change your name');
    type(field(dialog, 'First name'), '');
    type(field(dialog, 'Last name'), 'Dur4nd');
    save(dialog);
    expect(await within(dialog).findByText('The first name is required.')).toBeTruthy();
    expect(
      within(dialog).getByText('The last name may only contain letters, hyphens, apostrophes and spaces.'),
    ).toBeTruthy();
    expect(server.bodies('PUT /api/me/edit-name')).toEqual([]);
  });

  it('shows a 422 violation under its field and keeps what was typed', async () => {
    server.answers.set('PUT /api/me/edit-name', (_request, response) =>
      sendProblem(response, 422, 'validation_failed', [violation('lastname', 'lastname_invalid')]),
    );
    const dialog = await openModal('Change your name', 'Change your name');
    type(field(dialog, 'Last name'), 'Martin');
    save(dialog);
    expect(
      await within(dialog).findByText('The last name may only contain letters, hyphens, apostrophes and spaces.'),
    ).toBeTruthy();
    expect((field(dialog, 'Last name') as HTMLInputElement).value).toBe('Martin');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(within(panel()).getByTestId('profile-name').textContent).toBe('Sophie Durand');
  });

  it('disables Save with a spinner while saving', async () => {
    let release = () => {};
    server.answers.set('PUT /api/me/edit-name', async (_request, response) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      response.writeHead(204).end();
    });
    const dialog = await openModal('Change your name', 'Change your name');
    save(dialog);
    const saving = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveProperty('disabled', true);
    expect(saving.querySelector('.animate-spin')).not.toBeNull();
    await waitFor(() => expect(server.bodies('PUT /api/me/edit-name')).toHaveLength(1));
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your name' })).toBeNull());
  });
});

describe('change-e-mail modal', () => {
  it('asks for the change, closes, and warns in the panel that a mail was sent to the new address', async () => {
    const dialog = await openModal('Change your e-mail address', 'Change your e-mail address');
    type(field(dialog, 'New e-mail address'), 'Sophie.New@Example.com');
    type(field(dialog, 'Current password'), 'Old-Password-2026!');
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your e-mail address' })).toBeNull());
    expect(server.bodies('PUT /api/me/edit-email')).toEqual([
      { new_email: 'sophie.new@example.com', password: 'Old-Password-2026!' },
    ]);
    const warning = within(panel()).getByText('Confirm your new e-mail address').closest('[role="status"]');
    expect(warning?.textContent).toContain('We have sent an e-mail to sophie.new@example.com.');
    // the address in use stays the old one until the link is opened
    expect(within(panel()).getByTestId('profile-email').textContent).toBe('sophie.durand@example.com');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close this message' }));
    expect(within(panel()).queryByText('Confirm your new e-mail address')).toBeNull();
  });

  it('shows invalid_password and email_already_exist on their fields', async () => {
    server.answers.set('PUT /api/me/edit-email', (_request, response) =>
      sendProblem(response, 422, 'validation_failed', [
        violation('password', 'invalid_password'),
        violation('new_email', 'email_already_exist'),
      ]),
    );
    const dialog = await openModal('Change your e-mail address', 'Change your e-mail address');
    type(field(dialog, 'New e-mail address'), 'taken@example.com');
    type(field(dialog, 'Current password'), 'wrong');
    save(dialog);
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
    expect(within(dialog).getByText('This e-mail address is already in use.')).toBeTruthy();
    expect(field(dialog, 'Current password').getAttribute('aria-invalid')).toBe('true');
    expect((field(dialog, 'New e-mail address') as HTMLInputElement).value).toBe('taken@example.com');
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'New e-mail address')));
    expect(within(panel()).queryByText('Confirm your new e-mail address')).toBeNull();
  });

  it('checks the address and the password before calling the server', async () => {
    const dialog = await openModal('Change your e-mail address', 'Change your e-mail address');
    type(field(dialog, 'New e-mail address'), 'not-an-address');
    save(dialog);
    expect(await within(dialog).findByText('The e-mail address is not valid.')).toBeTruthy();
    expect(within(dialog).getByText('The password is required.')).toBeTruthy();
    expect(server.bodies('PUT /api/me/edit-email')).toEqual([]);
  });

  it('closes first on "Forgot password?", then sends a reset link to the current address', async () => {
    const dialog = await openModal('Change your e-mail address', 'Change your e-mail address');
    type(field(dialog, 'New e-mail address'), 'half-typed@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByRole('dialog', { name: 'Change your e-mail address' })).toBeNull();
    expect(
      await screen.findByText('A link to reset your password has been sent to sophie.durand@example.com.'),
    ).toBeTruthy();
    expect(server.bodies('POST /security/forgot-password')).toEqual([{ email: 'sophie.durand@example.com' }]);
    expect(server.bodies('PUT /api/me/edit-email')).toEqual([]);
  });
});

describe('change-password modal', () => {
  it('ticks the rules as the new password is typed and refuses a confirmation that does not match', async () => {
    const dialog = await openModal('Change your password', 'Change your password');
    const met = () =>
      [...dialog.querySelectorAll('li[data-met="true"]')].map((item) => item.textContent?.replace(/ \(done\)$/, ''));
    expect(met()).toEqual([]);
    type(field(dialog, 'New password'), 'termites');
    expect(met()).toEqual(['a lowercase letter']);
    type(field(dialog, 'New password'), 'Termites-2026!');
    expect(met()).toEqual([
      'at least 12 characters',
      'an uppercase letter',
      'a lowercase letter',
      'a number',
      'a symbol, such as ! ? # or -',
    ]);
    type(field(dialog, 'Current password'), 'Old-Password-2026!');
    type(field(dialog, 'Confirm the new password'), 'Termites-2025!');
    save(dialog);
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    expect(server.bodies('POST /api/me/edit-password')).toEqual([]);
  });

  it('changes the password, notifies the success and closes', async () => {
    const dialog = await openModal('Change your password', 'Change your password');
    type(field(dialog, 'Current password'), 'Old-Password-2026!');
    type(field(dialog, 'New password'), 'Termites-2026!');
    type(field(dialog, 'Confirm the new password'), 'Termites-2026!');
    save(dialog);
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Change your password' })).toBeNull();
    expect(server.bodies('POST /api/me/edit-password')).toEqual([
      { current_password: 'Old-Password-2026!', new_password1: 'Termites-2026!', new_password2: 'Termites-2026!' },
    ]);
  });

  it('shows invalid_password under the current password and keeps the form', async () => {
    server.answers.set('POST /api/me/edit-password', (_request, response) =>
      sendProblem(response, 422, 'validation_failed', [violation('current_password', 'invalid_password')]),
    );
    const dialog = await openModal('Change your password', 'Change your password');
    type(field(dialog, 'Current password'), 'wrong-password');
    type(field(dialog, 'New password'), 'Termites-2026!');
    type(field(dialog, 'Confirm the new password'), 'Termites-2026!');
    save(dialog);
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
    expect(field(dialog, 'Current password').getAttribute('aria-invalid')).toBe('true');
    expect((field(dialog, 'New password') as HTMLInputElement).value).toBe('Termites-2026!');
    expect(screen.queryByText('Password changed')).toBeNull();
  });

  it('shows a failure that belongs to no field above the form', async () => {
    server.answers.set('POST /api/me/edit-password', (_request, response) =>
      sendProblem(response, 429, 'too_many_requests'),
    );
    const dialog = await openModal('Change your password', 'Change your password');
    type(field(dialog, 'Current password'), 'Old-Password-2026!');
    type(field(dialog, 'New password'), 'Termites-2026!');
    type(field(dialog, 'Confirm the new password'), 'Termites-2026!');
    save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('closes first on "Forgot password?", then sends a reset link and says so', async () => {
    const dialog = await openModal('Change your password', 'Change your password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByRole('dialog', { name: 'Change your password' })).toBeNull();
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(server.bodies('POST /security/forgot-password')).toEqual([{ email: 'sophie.durand@example.com' }]);
  });
});
