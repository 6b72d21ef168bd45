/** SPEC §3 "Filters kept while browsing": a list screen's parameters survive a trip to another screen and back. */
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useKeptSearchParams } from './use-kept-search-params';

function Sites() {
  const [params, setParams] = useKeptSearchParams('sites', { omit: ['createForClient'] });
  return (
    <div>
      <p data-testid="filters">{params.toString()}</p>
      <button type="button" onClick={() => setParams({ status: 'STATUS_CHECK', order: 'name_desc' })}>
        filter
      </button>
      <button type="button" onClick={() => setParams({ status: 'STATUS_CHECK', createForClient: 'C1' })}>
        create
      </button>
      <button type="button" onClick={() => setParams({})}>
        clear
      </button>
      <Link to="/planning">planning</Link>
    </div>
  );
}

function renderApp(initial = '/sites') {
  const router = createMemoryRouter(
    [
      { path: '/sites', element: <Sites /> },
      { path: '/planning', element: <Link to="/sites">sites</Link> },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const click = (name: string) =>
  act(() => screen.getByRole(name === 'planning' || name === 'sites' ? 'link' : 'button', { name }).click());
const shown = () => screen.getByTestId('filters').textContent;

describe('useKeptSearchParams', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('finds the filters again after a trip to another screen, in the screen and in its URL', async () => {
    const router = renderApp();
    click('filter');
    expect(shown()).toBe('status=STATUS_CHECK&order=name_desc');
    click('planning');
    click('sites');
    expect(shown()).toBe('status=STATUS_CHECK&order=name_desc');
    await act(async () => {});
    expect(router.state.location.search).toBe('?status=STATUS_CHECK&order=name_desc');
  });

  it('keeps what the user cleared, and not the one-off parameters', () => {
    renderApp();
    click('create');
    click('planning');
    click('sites');
    expect(shown()).toBe('status=STATUS_CHECK');
    click('clear');
    click('planning');
    click('sites');
    expect(shown()).toBe('');
  });

  it('uses the parameters of a link that has some, and keeps them', () => {
    window.sessionStorage.setItem('isoptera.list.admin.sites', 'status=STATUS_CHECK');
    const router = renderApp('/sites?status=STATUS_CLOSE');
    expect(shown()).toBe('status=STATUS_CLOSE');
    expect(router.state.location.search).toBe('?status=STATUS_CLOSE');
    expect(window.sessionStorage.getItem('isoptera.list.admin.sites')).toBe('status=STATUS_CLOSE');
  });
});
