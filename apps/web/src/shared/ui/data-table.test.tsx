/** The shared data table (issue 14, ADR 021): sorting, empty vs no-match, error retry, phone cards, loading skeleton. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table';

interface Pest {
  id: string;
  name: string;
  colonies: number;
}

const ROWS: Pest[] = [
  { id: 'a', name: 'Reticulitermes', colonies: 12 },
  { id: 'b', name: 'Kalotermes', colonies: 3 },
];

const COLUMNS: DataTableColumn<Pest, 'name' | 'colonies'>[] = [
  { id: 'name', header: 'Species', cell: (row) => row.name, sortKey: 'name', role: 'primary' },
  { id: 'colonies', header: 'Colonies', cell: (row) => String(row.colonies), sortKey: 'colonies', align: 'end' },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (row) => <button type="button">Menu {row.name}</button>,
    role: 'actions',
  },
];

const EMPTY = { message: 'No species recorded yet.' };
const NO_MATCH = { message: 'No species matches the search.' };

/** happy-dom's viewport, which `window.matchMedia` (and so `useMediaQuery`) answers from. */
function setViewport(width: number) {
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 844 });
}
afterEach(() => setViewport(1024));

function Sorted({ onSortChange }: { onSortChange: (sort: DataTableSort<'name' | 'colonies'>) => void }) {
  const [sort, setSort] = useState<DataTableSort<'name' | 'colonies'>>({ key: 'name', direction: 'asc' });
  return (
    <DataTable
      caption="Species"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      empty={EMPTY}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSortChange(next);
      }}
    />
  );
}

describe('DataTable', () => {
  it('sorts by a header button: aria-sort follows and the screen is told the new order', () => {
    const onSortChange = vi.fn();
    render(<Sorted onSortChange={onSortChange} />);
    const table = screen.getByRole('table', { name: 'Species' });
    const species = within(table).getByRole('columnheader', { name: 'Species' });
    const colonies = within(table).getByRole('columnheader', { name: 'Colonies' });
    expect(species.getAttribute('aria-sort')).toBe('ascending');
    expect(colonies.hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(species).getByRole('button', { name: 'Species' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    expect(species.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(colonies).getByRole('button', { name: 'Colonies' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'colonies', direction: 'asc' });
    expect(colonies.getAttribute('aria-sort')).toBe('ascending');
    expect(species.hasAttribute('aria-sort')).toBe(false);
    // the hidden header of the actions column is still named for screen readers
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });

  it('says "no data yet" without filters and "no match" with them', () => {
    const { rerender } = render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty={EMPTY}
        noMatch={NO_MATCH}
      />,
    );
    expect(screen.getByText(EMPTY.message)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty={EMPTY}
        noMatch={NO_MATCH}
        isFiltered
      />,
    );
    expect(screen.getByText(NO_MATCH.message)).toBeTruthy();
    expect(screen.queryByText(EMPTY.message)).toBeNull();
  });

  it('shows the error with a retry button that calls again', () => {
    const onRetry = vi.fn();
    render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={undefined}
        rowKey={(row) => row.id}
        empty={EMPTY}
        error={new Error('boom')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the headers and the given number of rows while loading', () => {
    const { container } = render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={undefined}
        isLoading
        skeletonRows={7}
        rowKey={(row) => row.id}
        empty={EMPTY}
      />,
    );
    const table = screen.getByRole('table', { name: 'Species' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(container.querySelectorAll('tbody tr[data-skeleton-row]')).toHaveLength(7);
    expect(screen.queryByText(EMPTY.message)).toBeNull();
  });

  it('shows cards on a 390 px phone: the primary cell as heading, the actions beside it, the others labelled', () => {
    setViewport(390);
    const onRowClick = vi.fn();
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        empty={EMPTY}
        onRowClick={onRowClick}
        sort={{ key: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Species' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3, name: 'Reticulitermes' })).toBeTruthy();
    expect(within(first).getByText('Colonies')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();

    // a click on the card selects the row, a click on its menu does not
    fireEvent.click(within(first).getByText('12'));
    expect(onRowClick).toHaveBeenCalledWith(ROWS[0]);
    fireEvent.click(within(first).getByRole('button', { name: 'Menu Reticulitermes' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);

    // without headers, the sort is a select
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'colonies:desc' } });
    expect(onSortChange).toHaveBeenCalledWith({ key: 'colonies', direction: 'desc' });
  });

  it('shows skeleton cards on a phone while loading, as many as asked', () => {
    setViewport(390);
    const { container } = render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={undefined}
        isLoading
        skeletonRows={4}
        rowKey={(row) => row.id}
        empty={EMPTY}
      />,
    );
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(4);
  });

  it('pages with "displayed of total"', () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Species"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        empty={EMPTY}
        pagination={{ page: 1, total: 45, onPageChange }}
      />,
    );
    expect(screen.getByText('30 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
