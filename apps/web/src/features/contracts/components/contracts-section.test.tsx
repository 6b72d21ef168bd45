/**
 * Issue 13 "Screens: contracts in the client detail and the site detail": the contracts section against a local HTTP
 * server — the list with state, rule, price and PDF; create with a monthly visit rule, the server's 422 violations
 * kept under their fields; end early; delete with confirmation. Fixtures pass the contracts' response schemas.
 */
import {
  type ContractBody,
  type ContractDetail,
  contractCollection,
  contractResource,
  DEFAULT_TIMEZONE,
  userSearchResult,
} from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { NotificationViewport } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { ContractsSection } from './contracts-section';

const SITE = '01JS0000000000000000000001';
const TECH = '01JM0000000000000000000001';

/** A contract as the API answers it, parsed by the contract's schema. */
export function contractFixture(ulid: string, overrides: Partial<ContractDetail> = {}): ContractDetail {
  return contractResource.parse({
    '@context': '/api/contexts/Contract',
    '@id': `/api/contracts/${ulid}`,
    '@type': 'Contract',
    ulid,
    reference: 'CT-2031-01',
    started_at: '2031-01-01T00:00:00+01:00',
    ended_at: '2031-12-31T00:00:00+01:00',
    start_date: '2031-01-01',
    end_date: '2031-12-31',
    notes: null,
    site: { '@id': `/api/sites/${SITE}`, '@type': 'Site', ulid: SITE, name: 'Chai principal' },
    client: {
      '@id': '/api/clients/01JC0000000000000000000001',
      '@type': 'Client',
      ulid: '01JC0000000000000000000001',
      name: 'Château Margaux',
    },
    state: 'active',
    visit_rule: { type: 'every', interval: 3, unit: 'months' },
    visit_window_days: 10,
    preferred_technician: { '@id': `/api/user_pcos/${TECH}`, ulid: TECH, firstname: 'Léa', lastname: 'Martin' },
    price: '1200.50',
    currency: 'EUR',
    billing_period: 'yearly',
    auto_renewal: true,
    notice_period_days: 30,
    warranty_years: 2,
    terminated_at: null,
    document: { size: 2_400_000, uploaded_at: '2031-01-02T10:00:00+01:00', url: `/api/contracts/${ulid}/document` },
    created_at: '2031-01-01T10:00:00+01:00',
    updated_at: '2031-01-01T10:00:00+01:00',
    ...overrides,
  });
}

let contracts: ContractDetail[] = [];
let server: TestServer;

beforeAll(async () => {
  await loadOnDemandCatalogue('contracts', 'en');
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/user_pcos/search') {
      return sendJson(
        response,
        200,
        userSearchResult.parse({
          list: [
            {
              ...{ '@id': `/api/user_pcos/${TECH}`, '@type': 'User', ulid: TECH, firstname: 'Léa', lastname: 'Martin' },
              ...{ email: 'lea@pco.example', color: null, status: 'active', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
            },
          ],
          total: 1,
        }),
      );
    }
    if (url.pathname === '/api/contracts' && request.method === 'GET') {
      return sendJson(
        response,
        200,
        contractCollection.parse({
          '@context': '/api/contexts/Contract',
          '@id': '/api/contracts',
          '@type': 'hydra:Collection',
          'hydra:member': contracts,
          'hydra:totalItems': contracts.length,
        }),
      );
    }
    if (url.pathname === '/api/contracts' && request.method === 'POST') {
      const body = JSON.parse(request.body) as ContractBody;
      if (body.reference === 'CT-BAD') {
        return sendProblem(response, 422, 'validation_failed', [
          { propertyPath: 'started_at', code: 'started_at_invalid', message: 'x' },
          { propertyPath: 'visit_rule', code: 'visit_rule_invalid', message: 'x' },
        ]);
      }
      const created = contractFixture('01JK00000000000000000000N1', {
        reference: body.reference,
        start_date: body.started_at,
        end_date: body.ended_at,
        document: null,
      });
      contracts.push(created);
      return sendJson(response, 201, created);
    }
    const [, , , ulid, action] = url.pathname.split('/');
    const index = contracts.findIndex((c) => c.ulid === ulid);
    if (index < 0) return sendProblem(response, 404, 'contract_not_found');
    if (action === 'end') {
      const { ended_at } = JSON.parse(request.body) as { ended_at: string };
      contracts[index] = {
        ...(contracts[index] as ContractDetail),
        end_date: ended_at,
        terminated_at: '2031-02-01T10:00:00+01:00',
      };
      return sendJson(response, 200, contracts[index]);
    }
    if (request.method === 'DELETE') {
      contracts.splice(index, 1);
      return sendJson(response, 204, null);
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
  server.requests.length = 0;
  contracts = [contractFixture('01JK0000000000000000000001')];
});

function renderSection() {
  const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;
  render(
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ContractsSection scope={{ site: SITE }} sites={[{ ulid: SITE, name: 'Chai principal' }]} />
        </MemoryRouter>
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('ContractsSection', () => {
  it('lists the site’s contracts with their state, visit rule, technician, price, renewal and PDF', async () => {
    renderSection();
    expect(await screen.findByText('CT-2031-01')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('A control visit every 3 months (within 10 days)')).toBeTruthy();
    expect(screen.getByText('Preferred technician: Léa Martin')).toBeTruthy();
    expect(screen.getByText(/€1,200.50 · per year/)).toBeTruthy();
    expect(screen.getByText('Renews automatically (30 days’ notice)')).toBeTruthy();
    expect(screen.getByText('2-year warranty')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the signed contract CT-2031-01' });
    expect(link.getAttribute('href')).toBe('/api/contracts/01JK0000000000000000000001/document');
    expect(server.requests[0]?.url).toContain(`site=${SITE}`);
  });

  it('creates a contract with a monthly rule; the server’s violations stay under their fields', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'New contract' }));
    const panel = await screen.findByRole('dialog', { name: 'New contract' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Enter a reference.')).toBeTruthy();
    expect(within(panel).getByText('The contract start date is required.')).toBeTruthy();
    expect(writes()).toEqual([]);

    const reference = within(panel).getByRole('textbox', { name: 'Reference' });
    fireEvent.change(reference, { target: { value: 'CT-BAD' } });
    const [start, end] = within(panel).getAllByRole('group');
    const type = (group: HTMLElement | undefined, value: string) => {
      // English dates are day/month/year (en-GB)
      const [day, month, year] = within(group as HTMLElement).getAllByRole('spinbutton');
      for (const [segment, text] of [
        [day, value.slice(8, 10)],
        [month, value.slice(5, 7)],
        [year, value.slice(0, 4)],
      ] as const) {
        for (const char of text) {
          (segment as HTMLElement).focus();
          fireEvent.keyDown(segment as HTMLElement, { key: char });
          fireEvent(
            segment as HTMLElement,
            new InputEvent('beforeinput', { data: char, inputType: 'insertText', bubbles: true, cancelable: true }),
          );
        }
      }
    };
    type(start, '2031-03-01');
    type(end, '2032-02-28');
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('The contract start date must be in the future.')).toBeTruthy();
    expect(within(panel).getByText('This visit rule is not valid.')).toBeTruthy();
    expect(JSON.parse(writes()[0]?.body ?? '{}')).toMatchObject({
      site: `/api/sites/${SITE}`,
      reference: 'CT-BAD',
      started_at: '2031-03-01',
      ended_at: '2032-02-28',
      visit_rule: { type: 'every', interval: 1, unit: 'months' },
      notice_period_days: 30,
      currency: 'EUR',
    });

    fireEvent.change(reference, { target: { value: 'CT-2031-02' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contract CT-2031-02 created')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('CT-2031-02')).toBeTruthy());
  });

  it('ends a contract early and deletes one after confirmation', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'End contract CT-2031-01 early' }));
    const dialog = await screen.findByRole('dialog', { name: 'End contract CT-2031-01 early' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the contract' }));
    await waitFor(() => expect(writes()[0]?.url).toBe('/api/contracts/01JK0000000000000000000001/end'));
    expect(JSON.parse(writes()[0]?.body ?? '{}')).toEqual({ ended_at: '2031-12-31' });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete contract CT-2031-01' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete contract CT-2031-01?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete the contract' }));
    expect(await screen.findByText('This site has no contract yet.')).toBeTruthy();
    expect(writes().at(-1)?.method).toBe('DELETE');
  });
});
