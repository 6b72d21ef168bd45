/**
 * The live refresh (contract `GET /api/events`): one stream per shell of a PCO owner or manager, opened with the
 * cookies on the API's URL; an `alert` event (and a reconnection) makes the open sites, equipment and alert queries
 * refetch from a real HTTP server, and nothing else; a refused stream is reopened after a call that refreshes the
 * session; the stream closes on unmount and when logging out, and none opens without the PCO action.
 * happy-dom has no EventSource: a fake one stands in for the browser API.
 */
import type { CurrentUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient, http } from '../../../shared/api/http-client';
import { actorHasAction, actorOf } from '../../../shared/auth/actor';
import { SessionContext } from '../../../shared/auth/session';
import { sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { currentUser, SITE } from '../test-kit';
import { useServerEvents } from './use-server-events';

/** The browser's EventSource as the hook uses it, driven by the test. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}
const Source = FakeEventSource as unknown as typeof EventSource;
const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_, response) => sendJson(response, 200, { ok: true }));
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  FakeEventSource.instances = [];
});

/** The shell's hook with four open lists: sites, equipment, alert log, clients. */
function Shell({ retryMs }: { retryMs?: number }) {
  useServerEvents(Source, retryMs);
  for (const [key, path] of [
    [['sites', 'list'], '/api/sites'],
    [['equipment', SITE], `/api/sites/${SITE}/equipment`],
    [['alerts', SITE, 'log'], `/api/sites/${SITE}/logs`],
    [['clients', 'list'], '/api/clients'],
  ] as const) {
    // biome-ignore lint/correctness/useHookAtTopLevel: a fixed list of queries, the same on every render
    useQuery({ queryKey: [...key], queryFn: () => http.get(path) });
  }
  return null;
}

function renderShell(me: CurrentUser = currentUser(), { isLoggingOut = false, retryMs = 30_000 } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const actor = actorOf(me);
  const tree = (loggingOut: boolean) => (
    <SessionContext.Provider
      value={{
        status: 'authenticated',
        me,
        actor,
        hasAction: (action) => actorHasAction(actor, action),
        timeZone: me.timezone,
        isLoggingOut: loggingOut,
        setLoggingOut: () => {},
        reloadMe: async () => {},
      }}
    >
      <QueryClientProvider client={client}>
        <Shell retryMs={retryMs} />
      </QueryClientProvider>
    </SessionContext.Provider>
  );
  const view = render(tree(isLoggingOut));
  return { ...view, logOut: () => view.rerender(tree(true)) };
}

const count = (path: string) => server.requests.filter((r) => r.url === path).length;
const counts = () => [
  count('/api/sites'),
  count(`/api/sites/${SITE}/equipment`),
  count(`/api/sites/${SITE}/logs`),
  count('/api/clients'),
];

describe('useServerEvents', () => {
  it('opens one stream with the cookies; an alert event refreshes sites, equipment and alert logs only', async () => {
    renderShell();
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1]));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe(`${server.url}/api/events`);
    expect(latest().init).toEqual({ withCredentials: true });
    act(() => latest().open());
    expect(counts()).toEqual([1, 1, 1, 1]);

    act(() =>
      latest().send('alert', {
        kind: 'opened',
        alert_ulid: 'A1',
        type: 'TYPE_TERMITE_ALERT',
        site_ulid: SITE,
        equipment_ulid: null,
      }),
    );
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 1]));
  });

  it('refreshes after a reconnection, when events may have been missed', async () => {
    renderShell();
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1]));
    act(() => latest().open());
    act(() => latest().open()); // the browser reconnected by itself
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 1]));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reopens a refused stream after a call through the HTTP client (which refreshes the session)', async () => {
    const { unmount } = renderShell(currentUser('manager'), { retryMs: 10 });
    act(() => latest().refuse());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(count('/api/me')).toBe(1);
    expect(FakeEventSource.instances[0]?.readyState).toBe(2);
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1]));
    unmount();
  });

  it('closes the stream on unmount and when logging out', async () => {
    const first = renderShell();
    const source = latest();
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1]));
    first.unmount();
    expect(source.readyState).toBe(2);

    const second = renderShell();
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2]));
    second.logOut();
    expect(latest().readyState).toBe(2);
    expect(FakeEventSource.instances).toHaveLength(2);
    second.unmount();
  });

  it('opens nothing for a user without the PCO action', async () => {
    const dealer = renderShell(currentUser('dealer'));
    const loggingOut = renderShell(currentUser(), { isLoggingOut: true });
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2]));
    dealer.unmount();
    loggingOut.unmount();
    expect(FakeEventSource.instances).toEqual([]);
  });
});
