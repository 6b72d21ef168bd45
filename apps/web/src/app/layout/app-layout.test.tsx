/** Layout behaviours of SPEC §2.3: hit-bottom flag (15 px), reset and scroll to top on route change, logout loader. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { actorOf } from '../../shared/auth/actor';
import { type Session, SessionContext } from '../../shared/auth/session';
import { useHitBottom } from '../../shared/lib/hit-bottom';
import { AppLayout } from './app-layout';

const me = {
  '@id': '/api/me',
  ulid: '01',
  firstname: 'Sophie',
  lastname: 'Durand',
  email: 'owner@demo.example',
  lang: 'en',
  timezone: 'Europe/Paris',
  user_type: 'pco',
  role: 'ROLE_PCO_SPACE_OWNER',
  color: null,
  pco: { '@id': '/api/pcos/1', ulid: '1', name: 'Sud-Ouest Protection Termites', logo: null },
  dealer: null,
  connected_on_pco: null,
  connected_on_dealer: null,
} as unknown as Session['me'];

function Probe({ next }: { next: string }) {
  const { hitBottom } = useHitBottom();
  return (
    <>
      <p data-testid="flag">{hitBottom ? 'bottom' : 'not bottom'}</p>
      <Link to={next}>next page</Link>
    </>
  );
}

function renderLayout(isLoggingOut = false, path = '/a') {
  const actor = actorOf(me as NonNullable<Session['me']>);
  const session: Session = {
    status: 'authenticated',
    me,
    actor,
    hasAction: () => true,
    timeZone: 'Europe/Paris',
    isLoggingOut,
    setLoggingOut: () => {},
    reloadMe: async () => {},
  };
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/a', element: <Probe next="/b" /> },
          { path: '/b', element: <Probe next="/a" /> },
          { path: '/translations', handle: { hideHeader: true }, element: <Probe next="/a" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

/** Gives the main area a scroll geometry (happy-dom does not lay out). */
function geometry(main: HTMLElement, scrollTop: number) {
  Object.defineProperty(main, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(main, 'clientHeight', { configurable: true, value: 800 });
  main.scrollTop = scrollTop;
}

describe('AppLayout', () => {
  it('raises the hit-bottom flag within 15 px of the bottom and resets it, scrolled to top, on route change', async () => {
    renderLayout();
    const main = screen.getByRole('main');
    const scrollTo = vi.fn();
    main.scrollTo = scrollTo as typeof main.scrollTo;
    expect(screen.getByTestId('flag').textContent).toBe('not bottom');

    geometry(main, 1184); // 16 px from the bottom
    fireEvent.scroll(main);
    expect(screen.getByTestId('flag').textContent).toBe('not bottom');
    geometry(main, 1185); // 15 px from the bottom
    fireEvent.scroll(main);
    expect(screen.getByTestId('flag').textContent).toBe('bottom');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next page' })));
    expect(screen.getByTestId('flag').textContent).toBe('not bottom');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('shows the space, the PCO menu and the PCO tools', () => {
    renderLayout();
    expect(screen.getAllByText('Sud-Ouest Protection Termites').length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Main menu' }).textContent).toContain('Clients');
    expect(screen.getByRole('button', { name: 'New visit' })).toBeTruthy();
  });

  it('hides the header alone on a route whose handle says so (Translations), and shows it again elsewhere', async () => {
    renderLayout(false, '/translations');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'next page' })));
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('hides the main content behind a loader while logging out', () => {
    renderLayout(true);
    expect(screen.queryByTestId('flag')).toBeNull();
    expect(screen.getByText('Logging out…')).toBeTruthy();
  });
});
