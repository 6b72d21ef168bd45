/** Issue 13 "the client list's contract column": reference and last day, 'to renew', or 'no contract'. */
import { clientListItem } from '@isoptera/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClientsTable } from './clients-table';

const client = (ulid: string, name: string, contract: unknown) =>
  clientListItem.parse({
    ...{ '@id': `/api/clients/${ulid}`, '@type': 'Client', ulid, name, company: true, primary_contact: null },
    ...{ site_number: 1, updated_at: '2031-01-05T10:00:00+01:00', contract },
  });
const contract = (ulid: string, reference: string, end: string, state: 'active' | 'to_renew') => ({
  ...{ '@id': `/api/contracts/${ulid}`, '@type': 'Contract', ulid, reference, end_date: end, state },
});

describe('ClientsTable: the contract column', () => {
  it('shows the running contract, its end or "to renew", and "no contract"', () => {
    render(
      <ClientsTable
        clients={[
          client('01A', 'Alpha', contract('01KA', 'CT-A', '2031-12-31', 'active')),
          client('01B', 'Bravo', contract('01KB', 'CT-B', '2031-02-10', 'to_renew')),
          client('01C', 'Charlie', null),
        ]}
        selectedUlid={null}
        onSelect={() => {}}
        search=""
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Contract' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('CT-A')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('until 31/12/2031')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getAllByText('To renew').length).toBeGreaterThan(0);
    expect(within(rows[2] as HTMLElement).getByText('No contract')).toBeTruthy();
  });
});
