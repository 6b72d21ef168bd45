/**
 * The equipment section of the site detail against a real HTTP server (SPEC §2.7 "Sites: detail", §3 "Equipment"):
 * the list with state, battery, signal and alerts; the empty state; registering a station (body sent, 422 violations
 * under their fields); a gateway's device credential shown once; removal after confirmation; station selection; the
 * lazily loaded map with one marker per positioned equipment.
 */
import type { Equipment, EquipmentCreated } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import {
  collectionOf,
  equipmentOf,
  GATEWAY_ULID,
  OTHER_STATION_ULID,
  pictureOf,
  SITE_ULID,
  STATION_ULID,
  siteEquipment,
} from '../test-fixtures';
import { EquipmentSection, type EquipmentSectionProps } from './equipment-section';

const NEW_ULID = '01JN0000000000000000000000';
const CREDENTIAL = `${NEW_ULID}.c2VjcmV0LXNob3duLW9uY2U`;

let server: TestServer;
let items: Equipment[];
let createAnswer: { status: 201; body: EquipmentCreated } | { status: number; body: unknown };
let listFails = false;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === `/api/sites/${SITE_ULID}/equipment` && request.method === 'GET') {
      if (listFails) sendProblem(response, 500, 'internal_error');
      else sendJson(response, 200, collectionOf(items));
    } else if (url.pathname === `/api/sites/${SITE_ULID}/equipment` && request.method === 'POST') {
      if (createAnswer.status === 201) {
        const { device_credential: _credential, ...created } = createAnswer.body as EquipmentCreated;
        items = [...items, created];
        sendJson(response, 201, createAnswer.body);
      } else {
        sendJson(response, createAnswer.status, createAnswer.body, 'application/problem+json');
      }
    } else if (url.pathname.startsWith('/api/equipment/') && request.method === 'DELETE') {
      const ulid = url.pathname.split('/')[3];
      items = items.filter((item) => item.ulid !== ulid);
      sendJson(response, 204, null);
    } else if (url.pathname === `/api/equipment/${STATION_ULID}` && request.method === 'PUT') {
      const changes = JSON.parse(request.body) as { reference: string };
      items = items.map((item) => (item.ulid === STATION_ULID ? { ...item, reference: changes.reference } : item));
      sendJson(
        response,
        200,
        items.find((item) => item.ulid === STATION_ULID),
      );
    } else if (url.pathname === `/api/equipment/${NEW_ULID}/pictures` && request.method === 'POST') {
      sendJson(response, 201, pictureOf(NEW_ULID, '01JP0000000000000000000009', 'n'));
    } else if (url.pathname === `/api/equipment/${GATEWAY_ULID}/credential` && request.method === 'POST') {
      sendJson(response, 200, { device_credential: `${GATEWAY_ULID}.bmV3LXNlY3JldA` });
    } else {
      sendProblem(response, 404, 'not_found');
    }
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  listFails = false;
  items = siteEquipment();
  createAnswer = { status: 201, body: equipmentOf(NEW_ULID, 'IGS-08') };
});

const site: EquipmentSectionProps['site'] = {
  ulid: SITE_ULID,
  treatment_type: 'TYPE_ELIMINATION',
  address: {
    label: '8 allée des Lilas, 33700 Mérignac',
    street: '8 allée des Lilas',
    postal_code: '33700',
    city: 'Mérignac',
    country: 'France',
    latitude: '44.8429',
    longitude: '-0.6453',
  },
};

function renderSection() {
  const onSelectStation = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EquipmentSection site={site} onSelectStation={onSelectStation} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSelectStation };
}

/** The section with its selection kept, as the site detail route does. */
function SelectingSection() {
  const [selected, setSelected] = useState<string | null>(null);
  return <EquipmentSection site={site} selectedStationUlid={selected} onSelectStation={setSelected} />;
}

const table = () => screen.getByRole('table', { name: 'Gateways and stations of the site' });
const rowOf = (reference: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(reference)) as HTMLElement;
/** Waits for the list's rows (the table and its headers show from the start, over skeleton rows). */
const listed = async () => within(await screen.findByRole('table')).findByText('IGS-07');
const requestsTo = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && new URL(r.url, 'http://x').pathname === path);

async function chooseOption(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openRegisterPanel() {
  fireEvent.click(await screen.findByRole('button', { name: 'Register equipment' }));
  return screen.findByRole('dialog', { name: 'Register equipment' });
}

describe('EquipmentSection', () => {
  it('lists each equipment with its state, battery, signal, last update and open alerts', async () => {
    renderSection();
    await listed();
    const station = rowOf('IGS-07');
    expect(within(station).getByText('In-ground station')).toBeTruthy();
    expect(within(station).getByText('Warning')).toBeTruthy();
    expect(within(station).getByText('Low')).toBeTruthy();
    expect(within(station).getByText('12%')).toBeTruthy();
    expect(within(station).getByText('-118 dBm')).toBeTruthy();
    expect(within(station).getByText('Very weak signal')).toBeTruthy();
    expect(within(station).getByText(/^05\/03\/2026,? 10:00$/)).toBeTruthy();
    // the termite alert first (it weighs more), then the battery one; since the oldest one opened
    const badges = within(station)
      .getAllByText(/Termite activity|Low battery/)
      .map((b) => b.textContent);
    expect(badges).toEqual(['Termite activity', 'Low battery']);
    expect(within(station).getByText(/^In alert since 04\/03\/2026,? 08:30$/)).toBeTruthy();

    const gateway = rowOf('BOX-01');
    expect(within(gateway).getByText('Gateway')).toBeTruthy();
    expect(within(gateway).getByText('Operational')).toBeTruthy();
    expect(within(gateway).getByText('High')).toBeTruthy();
    expect(within(gateway).getByText('-80 dBm')).toBeTruthy();

    const silent = rowOf('AGS-02');
    expect(within(silent).getByText('Initialising')).toBeTruthy();
    expect(within(silent).getByText('Never')).toBeTruthy();
    expect(within(silent).getAllByText('No reading yet')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: /Equipment\s*3/ })).toBeTruthy();
  });

  it('shows an empty state with the register button when the site has no equipment', async () => {
    items = [];
    renderSection();
    expect(await screen.findByText('No equipment installed yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register equipment' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: "Map of the site's equipment" })).toBeNull();
  });

  it('shows an error state with a retry button when the list cannot be loaded', async () => {
    listFails = true;
    renderSection();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    listFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Gateways and stations of the site' })).toBeTruthy();
  });

  it('registers a station with the contract body, the gateway as an IRI and the installation day in the user zone', async () => {
    renderSection();
    const dialog = await openRegisterPanel();
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), ' IGS-08 ');
    type(within(dialog).getByRole('textbox', { name: /^Serial number/ }), 'SN-0008');
    await chooseOption(dialog, /Trap type/, 'Interior');
    await chooseOption(dialog, /Ground/, 'Masonry');
    await chooseOption(dialog, /Gateway$/, 'BOX-01');
    type(within(dialog).getByRole('textbox', { name: /^Latitude/ }), '44,84301');
    type(within(dialog).getByRole('textbox', { name: /^Longitude/ }), '-0.64512');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(requestsTo('POST', `/api/sites/${SITE_ULID}/equipment`)).toHaveLength(1));
    const body = JSON.parse(requestsTo('POST', `/api/sites/${SITE_ULID}/equipment`)[0]?.body ?? '{}');
    expect(body).toEqual({
      kind: 'igs',
      reference: 'IGS-08',
      serial_number: 'SN-0008',
      trap_type: 'interior',
      // the site's treatment type is proposed
      treatment_type: 'TYPE_ELIMINATION',
      masonry: 1,
      gateway: `/api/equipment/${GATEWAY_ULID}`,
      latitude: '44.84301',
      longitude: '-0.64512',
      installed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:00$/),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register equipment' })).toBeNull());
    expect(await within(await screen.findByRole('table')).findByText('IGS-08')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Device credential' })).toBeNull();
  });

  it('sends the chosen pictures, previewed, once the equipment is created', async () => {
    renderSection();
    const dialog = await openRegisterPanel();
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'IGS-08');
    type(within(dialog).getByRole('textbox', { name: /^Serial number/ }), 'SN-0008');
    await chooseOption(dialog, /Trap type/, 'Exterior');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'trap.jpg', { type: 'image/jpeg' });
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [photo, notes] } });
    expect(await within(dialog).findByRole('img', { name: 'trap.jpg' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('notes.txt');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(requestsTo('POST', `/api/equipment/${NEW_ULID}/pictures`)).toHaveLength(1));
    const upload = requestsTo('POST', `/api/equipment/${NEW_ULID}/pictures`)[0];
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.body).toContain('name="file"; filename="trap.jpg"');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register equipment' })).toBeNull());
  });

  it('checks the required station fields before sending anything', async () => {
    renderSection();
    const dialog = await openRegisterPanel();
    await chooseOption(dialog, /Treatment type/, 'Prevention (monitoring)');
    type(within(dialog).getByRole('textbox', { name: /^Latitude/ }), '44.8');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    expect(await within(dialog).findByText('Enter a reference.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the serial number.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the trap type.')).toBeTruthy();
    expect(within(dialog).getByText('The longitude is not valid.')).toBeTruthy();
    expect(requestsTo('POST', `/api/sites/${SITE_ULID}/equipment`)).toHaveLength(0);
  });

  it("shows the server's violations under their fields and keeps what was typed", async () => {
    createAnswer = {
      status: 422,
      body: {
        '@type': 'hydra:Error',
        title: 'validation_failed',
        status: 422,
        error: 'validation_failed',
        violations: [
          { propertyPath: 'gateway', code: 'gateway_invalid', message: '' },
          { propertyPath: 'serial_number', code: 'serial_number_invalid', message: '' },
        ],
      },
    };
    renderSection();
    const dialog = await openRegisterPanel();
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'IGS-09');
    type(within(dialog).getByRole('textbox', { name: /^Serial number/ }), 'SN-0009');
    await chooseOption(dialog, /Trap type/, 'Exterior');
    await chooseOption(dialog, /Gateway$/, 'BOX-01');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    expect(await within(dialog).findByText('Choose a gateway of this site.')).toBeTruthy();
    expect(
      within(dialog).getByText('The serial number must have 4 to 64 letters, digits, dots, hyphens or underscores.'),
    ).toBeTruthy();
    const serial = within(dialog).getByRole('textbox', { name: /^Serial number/ }) as HTMLInputElement;
    expect(serial.value).toBe('SN-0009');
    expect(serial.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Register equipment' })).toBeTruthy();
  });

  it('puts a serial number already registered on its field', async () => {
    createAnswer = {
      status: 409,
      body: { '@type': 'hydra:Error', title: 'conflict', status: 409, error: 'serial_number_already_exist' },
    };
    renderSection();
    const dialog = await openRegisterPanel();
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'IGS-09');
    type(within(dialog).getByRole('textbox', { name: /^Serial number/ }), 'SN-0009');
    await chooseOption(dialog, /Trap type/, 'Exterior');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    expect(await within(dialog).findByText('A device with this serial number is already registered.')).toBeTruthy();
  });

  it('registers a gateway without station fields and shows its device credential once', async () => {
    createAnswer = {
      status: 201,
      body: {
        ...equipmentOf(NEW_ULID, 'BOX-02', { kind: 'gateway', trap_type: null, treatment_type: null, masonry: null }),
        device_credential: CREDENTIAL,
      },
    };
    renderSection();
    const dialog = await openRegisterPanel();
    await chooseOption(dialog, /Type of equipment/, 'Gateway');
    expect(within(dialog).queryByRole('button', { name: /Trap type/ })).toBeNull();
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'BOX-02');
    type(within(dialog).getByRole('textbox', { name: /^Serial number/ }), 'GW-0002');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    const credential = await screen.findByRole('dialog', { name: 'Device credential' });
    const body = JSON.parse(requestsTo('POST', `/api/sites/${SITE_ULID}/equipment`)[0]?.body ?? '{}');
    expect(body).toMatchObject({
      kind: 'gateway',
      trap_type: null,
      treatment_type: null,
      masonry: null,
      gateway: null,
    });
    expect(within(credential).getByTestId('device-credential').textContent).toBe(CREDENTIAL);
    expect(within(credential).getByText(/it will not be shown again/)).toBeTruthy();
    expect(within(credential).getByText(/gateway BOX-02/)).toBeTruthy();
    expect(within(credential).getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(within(credential).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Device credential' })).toBeNull());
    expect(await within(table()).findByText('BOX-02')).toBeTruthy();
    expect(document.body.textContent).not.toContain(CREDENTIAL);
  });

  it('edits an equipment with its current values, sending neither its kind nor its serial number', async () => {
    renderSection();
    await listed();
    fireEvent.click(within(rowOf('IGS-07')).getByRole('button', { name: 'Actions for IGS-07' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit equipment' });
    const serial = within(dialog).getByRole('textbox', { name: /^Serial number/ }) as HTMLInputElement;
    expect(serial.value).toBe('SN-IGS-07');
    expect(serial.disabled).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: /^Latitude/ }) as HTMLInputElement).value).toBe('44.842960000');
    expect(within(dialog).getAllByRole('img', { name: /^Stored picture/ })).toHaveLength(2);
    type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'IGS-07B');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(requestsTo('PUT', `/api/equipment/${STATION_ULID}`)).toHaveLength(1));
    const body = JSON.parse(requestsTo('PUT', `/api/equipment/${STATION_ULID}`)[0]?.body ?? '{}');
    expect(body).toEqual({
      reference: 'IGS-07B',
      trap_type: 'exterior',
      treatment_type: 'TYPE_PREVENTION',
      masonry: 0,
      gateway: `/api/equipment/${GATEWAY_ULID}`,
      latitude: '44.842960000',
      longitude: '-0.645390000',
      installed_at: '2026-02-10T00:00:00+01:00',
    });
    expect(await within(table()).findByText('IGS-07B')).toBeTruthy();
  });

  it('issues a new credential for a gateway after confirmation and shows it', async () => {
    renderSection();
    await listed();
    fireEvent.click(within(rowOf('BOX-01')).getByRole('button', { name: 'Actions for BOX-01' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Issue a new device credential' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Issue a new device credential?' });
    expect(requestsTo('POST', `/api/equipment/${GATEWAY_ULID}/credential`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Issue a new credential' }));
    const credential = await screen.findByRole('dialog', { name: 'Device credential' });
    expect(within(credential).getByTestId('device-credential').textContent).toBe(`${GATEWAY_ULID}.bmV3LXNlY3JldA`);
  });

  it('removes an equipment only after confirmation, then refreshes the list', async () => {
    renderSection();
    await listed();
    fireEvent.click(within(rowOf('IGS-07')).getByRole('button', { name: 'Actions for IGS-07' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this equipment?' });
    expect(confirm.textContent).toContain('IGS-07 will be removed with its readings and alerts.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsTo('DELETE', `/api/equipment/${STATION_ULID}`)).toHaveLength(0);

    fireEvent.click(within(rowOf('IGS-07')).getByRole('button', { name: 'Actions for IGS-07' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove this equipment?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(requestsTo('DELETE', `/api/equipment/${STATION_ULID}`)).toHaveLength(1));
    await waitFor(() => expect(within(table()).queryByText('IGS-07')).toBeNull());
  });

  it('selects a station by its reference or a click on its row, never a gateway', async () => {
    const { onSelectStation } = renderSection();
    await listed();
    fireEvent.click(within(rowOf('IGS-07')).getByRole('button', { name: 'IGS-07' }));
    expect(onSelectStation).toHaveBeenLastCalledWith(STATION_ULID, 'IGS-07');
    fireEvent.click(within(rowOf('AGS-02')).getByText('Initialising'));
    expect(onSelectStation).toHaveBeenLastCalledWith(OTHER_STATION_ULID, 'AGS-02');
    onSelectStation.mockClear();
    fireEvent.click(within(rowOf('BOX-01')).getByText('Operational'));
    expect(within(rowOf('BOX-01')).queryByRole('button', { name: 'BOX-01' })).toBeNull();
    expect(onSelectStation).not.toHaveBeenCalled();
  });

  it('shows the pictures of an equipment and enlarges one', async () => {
    renderSection();
    await listed();
    fireEvent.click(within(rowOf('IGS-07')).getByRole('button', { name: 'Actions for IGS-07' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'View the pictures (2)' }));
    const modal = await screen.findByRole('dialog', { name: 'Pictures of IGS-07' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Enlarge picture 2' }));
    const image = within(modal).getByRole('img', { name: 'Installation picture 2 of IGS-07' });
    expect(image.getAttribute('src')).toBe('/api/equipment_pictures/b.webp');
    expect(within(modal).getByText('2 of 2')).toBeTruthy();
  });

  it('loads the map on demand with one keyboard-reachable marker per positioned equipment', async () => {
    renderSection();
    const map = await screen.findByRole('region', { name: "Map of the site's equipment" });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2));
    const station = map.querySelector(`[data-ulid="${STATION_ULID}"]`) as HTMLElement;
    expect(station.getAttribute('tabindex')).toBe('0');
    expect(station.getAttribute('aria-label')).toBe(
      'IGS-07 · In-ground station · Warning · Termite activity · Low battery',
    );
    expect(map.querySelector(`[data-ulid="${OTHER_STATION_ULID}"]`)).toBeNull();
    expect(screen.getByText('1 piece of equipment has no GPS position and is not on the map.')).toBeTruthy();
    expect(map.textContent).toContain('OpenStreetMap contributors');
  });

  it('opens a popup and selects the station when its marker is activated', async () => {
    const { onSelectStation } = renderSection();
    const map = await screen.findByRole('region', { name: "Map of the site's equipment" });
    await waitFor(() => expect(map.querySelector(`[data-ulid="${STATION_ULID}"]`)).toBeTruthy());
    fireEvent.click(map.querySelector(`[data-ulid="${STATION_ULID}"]`) as HTMLElement);
    expect(onSelectStation).toHaveBeenLastCalledWith(STATION_ULID, 'IGS-07');
    const popup = await waitFor(() => map.querySelector('.leaflet-popup-content') as HTMLElement);
    expect(popup.textContent).toContain('IGS-07');
    expect(popup.textContent).toContain('State: Warning');
    expect(popup.textContent).toContain('Termite activity');
    onSelectStation.mockClear();
    fireEvent.click(map.querySelector(`[data-ulid="${GATEWAY_ULID}"]`) as HTMLElement);
    expect(onSelectStation).not.toHaveBeenCalled();
  });

  it('shows the selected station in the list and on the map, keeping its popup open', async () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SelectingSection />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const map = await screen.findByRole('region', { name: "Map of the site's equipment" });
    await waitFor(() => expect(map.querySelector(`[data-ulid="${STATION_ULID}"]`)).toBeTruthy());
    fireEvent.click(map.querySelector(`[data-ulid="${STATION_ULID}"]`) as HTMLElement);
    await waitFor(() =>
      expect(map.querySelector(`[data-ulid="${STATION_ULID}"]`)?.getAttribute('data-selected')).toBe('true'),
    );
    expect(map.querySelector('.leaflet-popup-content')?.textContent).toContain('IGS-07');
    expect(within(rowOf('IGS-07')).getByRole('button', { name: 'IGS-07' }).getAttribute('aria-current')).toBe('true');
    expect(map.querySelector(`[data-ulid="${STATION_ULID}"]`)?.getAttribute('aria-label')).toMatch(/^IGS-07 · /);
  });
});

describe('EquipmentSection: search, filters and sort (issue 14)', () => {
  /** The references in the table, in their order. */
  const references = () =>
    within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => /(BOX|IGS|AGS)-\d+/.exec(row.textContent ?? '')?.[0]);

  it('searches by reference or serial number, filters by kind and alerts, and says when nothing matches', async () => {
    renderSection();
    await listed();
    type(screen.getByRole('searchbox', { name: 'Search the equipment' }), 'sn-ags');
    await waitFor(() => expect(references()).toEqual(['AGS-02']));

    type(screen.getByRole('searchbox', { name: 'Search the equipment' }), '');
    await waitFor(() => expect(references()).toHaveLength(3));
    await chooseOption(document.body, /Alerts$/, 'In alert');
    await waitFor(() => expect(references()).toEqual(['IGS-07']));
    await chooseOption(document.body, /Type$/, 'Gateway');
    expect(await screen.findByText('No equipment matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(references()).toEqual(['BOX-01', 'IGS-07', 'AGS-02']));
  });

  it('sorts by the reference, battery and last-update headers, the never-reported last', async () => {
    renderSection();
    await listed();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    fireEvent.click(within(header('Equipment')).getByRole('button'));
    expect(header('Equipment').getAttribute('aria-sort')).toBe('ascending');
    expect(references()).toEqual(['AGS-02', 'BOX-01', 'IGS-07']);
    fireEvent.click(within(header('Battery')).getByRole('button'));
    expect(header('Battery').getAttribute('aria-sort')).toBe('ascending');
    expect(references()).toEqual(['IGS-07', 'BOX-01', 'AGS-02']);
    fireEvent.click(within(header('Battery')).getByRole('button'));
    expect(header('Battery').getAttribute('aria-sort')).toBe('descending');
    expect(references()).toEqual(['BOX-01', 'IGS-07', 'AGS-02']);
  });

  it('keeps its filters for the session: back on the site, they apply again', async () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={[`/sites/${SITE_ULID}`]}>
        <QueryClientProvider client={new QueryClient()}>
          <EquipmentSection site={site} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await listed();
    await chooseOption(document.body, /Type$/, 'Above-ground station');
    await waitFor(() => expect(references()).toEqual(['AGS-02']));
    unmount();

    // another screen, then the site again by a link without parameters
    render(
      <MemoryRouter initialEntries={[`/sites/${SITE_ULID}`]}>
        <QueryClientProvider client={new QueryClient()}>
          <EquipmentSection site={site} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await within(await screen.findByRole('table')).findByText('AGS-02');
    expect(references()).toEqual(['AGS-02']);
    expect(screen.getByRole('button', { name: /Type$/ }).textContent).toContain('Above-ground station');
  });
});
