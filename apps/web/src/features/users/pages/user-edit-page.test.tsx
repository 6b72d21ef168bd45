/**
 * A member's page against a real HTTP server (SPEC §2.2 `/users/{userId}/edit`, §2.7 Users, §4, §6): the edit form,
 * the role change that first walks through the referent reassignment, delete after reassignment, re-enabling once
 * confirmed, the avatar checks, and one's own role being read-only.
 */
import { type SpaceUser, spaceUser } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import {
  type RecordedRequest,
  sendJson,
  sendProblem,
  startTestServer,
  type TestServer,
} from '../../../test/test-server';
import { currentUser, locationText, member, renderUsers } from '../test-kit';
import { UserEditPage } from './user-edit-page';

let server: TestServer;
let emma: SpaceUser;
/** Sites Emma is still the referent of; emptied by `PUT …/referent-sites`. */
let referentSites: Array<{ ulid: string; name: string; client: { ulid: string; name: string } }>;

const SITES = [
  { ulid: 'S1', name: 'Chai principal', client: { ulid: 'C1', name: 'Château Margaux' } },
  { ulid: 'S2', name: 'Entrepôt du port', client: { ulid: 'C2', name: 'SCI du Port' } },
];
const CANDIDATES = [
  {
    '@id': '/api/user_pcos/U1',
    ulid: 'U1',
    firstname: 'Emma',
    lastname: 'Petit',
    color: null,
    status: 'active',
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    email: 'e@x.fr',
  },
  {
    '@id': '/api/user_pcos/U7',
    ulid: 'U7',
    firstname: 'Hugo',
    lastname: 'Leroy',
    color: null,
    status: 'active',
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    email: 'h@x.fr',
  },
  {
    '@id': '/api/user_pcos/U8',
    ulid: 'U8',
    firstname: 'Inès',
    lastname: 'Moreau',
    color: null,
    status: 'active',
    role: 'ROLE_PCO_SPACE_MANAGER',
    email: 'i@x.fr',
  },
];

function handle(request: RecordedRequest, response: Parameters<Parameters<typeof startTestServer>[0]>[1]) {
  const url = new URL(request.url, 'http://x');
  const route = `${request.method} ${url.pathname}`;
  switch (route) {
    case 'GET /api/user_pcos/U1':
      return sendJson(response, 200, emma);
    case 'GET /api/user_pcos/ME':
      return sendJson(response, 200, member('ME', 'Camille', 'Martin', { role: 'ROLE_PCO_SPACE_OWNER' }));
    case 'GET /api/user_pcos/U2':
      return sendJson(response, 200, member('U2', 'Jade', 'Bernard'));
    case 'PUT /api/user_pcos/U2':
      // Jade's account also belongs to another space: her e-mail and password are her own
      return sendProblem(response, 409, 'account_shared_with_other_space');
    case 'GET /api/user_pcos/U9':
      return sendJson(response, 200, member('U9', 'Olivier', 'Roux', { role: 'ROLE_PCO_SPACE_OWNER' }));
    case 'GET /api/timezones':
      return sendJson(response, 200, {
        'hydra:member': ['America/New_York', 'Asia/Tokyo', 'Europe/Paris'],
        'hydra:totalItems': 3,
      });
    case 'PUT /api/user_pcos/U1': {
      const body = JSON.parse(request.body) as Partial<SpaceUser>;
      emma = { ...emma, ...body };
      return sendJson(response, 200, emma);
    }
    case 'PUT /api/user_pcos/U1/role': {
      if (referentSites.length > 0) return sendJson(response, 200, { nb_referent_site: referentSites.length });
      emma = { ...emma, role: (JSON.parse(request.body) as { new_role: SpaceUser['role'] }).new_role };
      return sendJson(response, 204, null);
    }
    case 'PUT /api/user_pcos/U1/enable':
      emma = { ...emma, status: 'active', disabled_at: null };
      return sendJson(response, 204, null);
    case 'DELETE /api/user_pcos/U1':
      if (referentSites.length > 0) {
        return sendJson(
          response,
          409,
          {
            title: 'user_is_referent',
            status: 409,
            error: 'user_is_referent',
            nb_referent_site: referentSites.length,
            violations: [],
          },
          'application/problem+json',
        );
      }
      return sendJson(response, 204, null);
    case 'GET /api/user_pcos/U1/referent-sites':
      return sendJson(response, 200, { 'hydra:member': referentSites, 'hydra:totalItems': referentSites.length });
    case 'PUT /api/user_pcos/U1/referent-sites':
      referentSites = [];
      return sendJson(response, 204, null);
    case 'GET /api/user_pcos/search':
      return sendJson(response, 200, { list: CANDIDATES, total: CANDIDATES.length });
    case 'POST /api/user_pcos/U1/avatar':
      emma = { ...emma, avatar: '/media/avatars/U1.webp' };
      return sendJson(response, 200, emma);
    default:
      return sendProblem(response, 404, 'not_found');
  }
}

beforeAll(async () => {
  server = await startTestServer(handle);
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  emma = member('U1', 'Emma', 'Petit');
  referentSites = [];
});

const writes = () =>
  server.requests
    .filter((r) => r.method !== 'GET')
    .map(
      (r) => `${r.method} ${r.url}${r.body && !r.headers['content-type']?.startsWith('multipart') ? ` ${r.body}` : ''}`,
    );
const renderEdit = (ulid = 'U1', me = currentUser()) =>
  renderUsers(`/users/${ulid}/edit`, { '/users/:userId/edit': <UserEditPage />, '/users': <div>list</div> }, me);

async function pick(trigger: HTMLElement, option: string) {
  fireEvent.click(trigger);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('UserEditPage', () => {
  it('edits name, e-mail and language; the password is sent only when typed, and must match', async () => {
    renderEdit();
    const lastname = await screen.findByRole('textbox', { name: 'Last name' });
    expect((lastname as HTMLInputElement).value).toBe('Petit');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('Europe/Paris');
    fireEvent.change(lastname, { target: { value: 'Petit-Durand' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'Emma@Example.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The changes to Emma Petit-Durand have been saved.')).toBeTruthy();
    expect(writes()).toEqual([
      'PUT /api/user_pcos/U1 {"firstname":"Emma","lastname":"Petit-Durand","email":"emma@example.fr","lang":"fr","timezone":"Europe/Paris","licence_number":null}',
    ]);

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Correct-Horse-42' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'Correct-Horse-43' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(writes()).toHaveLength(1);
  });

  it('edits the applicator licence number of a PCO member, within 50 characters', async () => {
    emma = member('U1', 'Emma', 'Petit', { licence_number: 'CB-2024-0001' });
    renderEdit();
    const licence = await screen.findByRole('textbox', { name: 'Applicator licence number' });
    expect((licence as HTMLInputElement).value).toBe('CB-2024-0001');
    fireEvent.change(licence, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The licence number is too long: 50 characters at most.')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(licence, { target: { value: ' CB-2025-0042 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The changes to Emma Petit have been saved.')).toBeTruthy();
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')?.body ?? '{}')).toMatchObject({
      licence_number: 'CB-2025-0042',
    });
    expect(spaceUser.parse(emma).licence_number).toBe('CB-2025-0042');
  });

  it('explains why the e-mail of a person who also belongs to another space cannot be changed, keeping the input', async () => {
    renderEdit('U2');
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    fireEvent.change(email, { target: { value: 'jade@new.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This person also belongs to another space: only they can change their e-mail address or password.',
    );
    expect((email as HTMLInputElement).value).toBe('jade@new.example');
    // a business refusal, not an expired session: no token refresh, no replay
    expect(writes()).toEqual([
      'PUT /api/user_pcos/U2 {"firstname":"Jade","lastname":"Bernard","email":"jade@new.example","lang":"fr","timezone":"Europe/Paris","licence_number":null}',
    ]);
  });

  it('changes the role after reassigning the referent sites, then repeats the role change by itself', async () => {
    referentSites = [...SITES];
    renderEdit();
    await pick(await screen.findByRole('button', { name: /Role in the space$/ }), 'Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Change the role' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reassign the sites of Emma Petit' });
    expect(dialog.textContent).toContain('Emma Petit is the referent technician of 2 sites.');
    const sites = await within(dialog).findByRole('list', { name: '2 sites to reassign' });
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Chai principal'), expect.stringContaining('Entrepôt du port')]);
    // every site must get a referent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign and change the role' }));
    expect((await within(dialog).findAllByText('The referent technician is required.')).length).toBe(2);

    fireEvent.click(within(dialog).getByRole('button', { name: /Assign every site to$/ }));
    const options = await screen.findByRole('listbox');
    // the member who leaves is not offered
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hugo Leroy', 'Inès Moreau']);
    fireEvent.click(within(options).getByRole('option', { name: 'Hugo Leroy' }));
    await waitFor(() =>
      expect(
        within(sites)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Hugo Leroy'), expect.stringContaining('Hugo Leroy')]),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign and change the role' }));

    expect(await screen.findByText('Emma Petit is now Manager.')).toBeTruthy();
    expect(writes()).toEqual([
      'PUT /api/user_pcos/U1/role {"new_role":"ROLE_PCO_SPACE_MANAGER"}',
      'PUT /api/user_pcos/U1/referent-sites {"assignments":[{"site":"S1","referent":"U7"},{"site":"S2","referent":"U7"}]}',
      'PUT /api/user_pcos/U1/role {"new_role":"ROLE_PCO_SPACE_MANAGER"}',
    ]);
    const search = server.requests.find((r) => r.url.startsWith('/api/user_pcos/search'));
    expect(decodeURIComponent(search?.url ?? '')).toContain(
      'role[]=ROLE_PCO_SPACE_TECHNICIAN&role[]=ROLE_PCO_SPACE_MANAGER&role[]=ROLE_PCO_SPACE_OWNER',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the member is reloaded with the new role
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url === '/api/user_pcos/U1' && r.method === 'GET')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Manager'),
    );
  });

  it('deletes after confirmation; a referent answer (409) reassigns first, then deletes and returns to the list', async () => {
    referentSites = [SITES[0] as (typeof SITES)[number]];
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Emma Petit?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reassign the sites of Emma Petit' });
    expect(dialog.textContent).toContain('the user will then be deleted');
    await pick(await within(dialog).findByRole('button', { name: /Chai principal/ }), 'Inès Moreau');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign and delete' }));

    await waitFor(() => expect(locationText()).toBe('/users'));
    // the removed member is not reloaded (that would answer 404)
    expect(server.requests.filter((r) => r.url === '/api/user_pcos/U1' && r.method === 'GET')).toHaveLength(1);
    expect(writes()).toEqual([
      'DELETE /api/user_pcos/U1',
      'PUT /api/user_pcos/U1/referent-sites {"assignments":[{"site":"S1","referent":"U8"}]}',
      'DELETE /api/user_pcos/U1',
    ]);
    expect(await screen.findByText('Emma Petit has been removed from the space.')).toBeTruthy();
  });

  it('re-enables a disabled member only once confirmed', async () => {
    emma = member('U1', 'Emma', 'Petit', { status: 'disabled', disabled_at: '2026-03-01T09:00:00+01:00' });
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Re-enable' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Re-enable Emma Petit?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Re-enable' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Re-enable Emma Petit?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Re-enable' }));
    expect(await screen.findByText('Emma Petit has been re-enabled.')).toBeTruthy();
    expect(writes()).toEqual(['PUT /api/user_pcos/U1/enable']);
    // the member is reloaded: 'Disable' is offered again, and the page stays
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(locationText()).toBe('/users/U1/edit');
  });

  it('checks the avatar before sending it, then uploads it as multipart', async () => {
    renderEdit();
    await screen.findByRole('button', { name: 'Choose a photo' });
    const choose = (file: File) =>
      fireEvent.change(document.body.querySelector('input[type="file"]') as HTMLInputElement, {
        target: { files: [file] },
      });
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The image is too large (5 MB at most).')).toBeTruthy();
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The image must be a JPEG, PNG or WebP file.')).toBeTruthy();
    expect(writes()).toEqual([]);

    choose(new File([new Uint8Array([1, 2, 3])], 'me.webp', { type: 'image/webp' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save the photo' }));
    expect(await screen.findByText('The photo has been updated.')).toBeTruthy();
    const upload = server.requests.find((r) => r.method === 'POST');
    expect(upload?.url).toBe('/api/user_pcos/U1/avatar');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.body).toContain('name="file"; filename="me.webp"');
  });

  it("shows one's own role read-only and offers no disable or delete", async () => {
    renderEdit('ME');
    expect(await screen.findByText('You cannot change your own role.')).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/timezones')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Change the role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  it('shows a member the actor may not manage (a manager looking at the owner) read-only', async () => {
    renderEdit('U9', currentUser({ role: 'ROLE_PCO_SPACE_MANAGER' }));
    expect(await screen.findByText('Your role does not allow you to edit this user.')).toBeTruthy();
    expect(screen.getByText('You cannot change the role of this user.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose a photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
