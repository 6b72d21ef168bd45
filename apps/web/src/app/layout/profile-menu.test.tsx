/**
 * The header's profile menu (SPEC §2.3, §2.6, §9): 'My profile' opens the profile panel (loaded on demand), which
 * stays mounted for 500 ms after it closes, then unmounts so that the next opening fetches the user afresh.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ProfileServer, serverUser, startProfileServer } from '../../features/profile/test/profile-harness';
import { configureHttpClient } from '../../shared/api/http-client';
import { type Session, SessionContext } from '../../shared/auth/session';
import { ProfileMenu, useProfilePanel } from './profile-menu';

let server: ProfileServer;

beforeAll(async () => {
  server = await startProfileServer();
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
afterEach(() => vi.useRealTimers());

describe('useProfilePanel', () => {
  it('keeps the closed panel mounted for 500 ms, and keeps it when reopened meanwhile', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useProfilePanel());
    act(() => result.current.open());
    expect(result.current).toMatchObject({ isOpen: true, isMounted: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ isOpen: false, isMounted: true });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.isMounted).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isMounted).toBe(false);

    act(() => result.current.open());
    act(() => result.current.close());
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.open());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ isOpen: true, isMounted: true });
  });
});

describe('ProfileMenu', () => {
  it("opens the profile panel from 'My profile' and keeps Logout", async () => {
    const reloadMe = vi.fn(async () => {});
    const session: Session = {
      status: 'authenticated',
      me: serverUser(),
      actor: null,
      hasAction: () => false,
      timeZone: 'Europe/Paris',
      isLoggingOut: false,
      setLoggingOut: () => {},
      reloadMe,
    };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionContext.Provider value={session}>
            <ProfileMenu />
          </SessionContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sophie Durand' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'My profile' }));
    const panel = await screen.findByRole('dialog', { name: 'My profile' });
    expect(await screen.findByRole('button', { name: 'Change your e-mail address' })).toBeTruthy();
    expect(reloadMe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/timezones')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(panel.isConnected).toBe(false));
  });
});
