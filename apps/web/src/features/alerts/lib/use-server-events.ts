/**
 * Live refresh (issue 5 "open browsers are told at once and the lists refresh"; contract `GET /api/events`): one
 * `EventSource` per authenticated shell of a PCO owner or manager. Each `alert` event, and each reconnection (events
 * may have been missed), refreshes the sites (list and detail), the equipment and the alert logs. The browser
 * reconnects by itself after a network error; a refused stream (e.g. an expired access token) is tried again after
 * one call through the HTTP client, which refreshes the session (or logs out). Closed on unmount and logout.
 * Kept tiny: it is part of the shell bundle.
 */

import { ACTIONS } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../shared/api/http-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { useSession } from '../../../shared/auth/session';

/** Delay before reopening a refused stream, ms. */
export const EVENTS_RETRY_MS = 30_000;

/**
 * Opens the live event stream while a PCO owner or manager is logged in; `Source` replaces `EventSource` and `retryMs`
 * the delay before reopening a refused stream in tests.
 */
export function useServerEvents(
  Source: typeof EventSource | undefined = globalThis.EventSource,
  retryMs = EVENTS_RETRY_MS,
): void {
  const queryClient = useQueryClient();
  const { hasAction, isLoggingOut, actor } = useSession();
  const enabled = !!Source && hasAction(ACTIONS.PCO_ACTION) && !isLoggingOut;
  const space = actor?.space?.ulid;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new space (substitution, switch) reopens the stream
  useEffect(() => {
    if (!enabled || !Source) return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    let stopped = false;
    const refresh = () => {
      void invalidateResource(queryClient, 'alerts');
    };
    const open = () => {
      if (stopped) return;
      source = new Source(http.url('/api/events'), { withCredentials: true });
      source.addEventListener('alert', refresh);
      source.onopen = () => {
        if (opened) refresh();
        opened = true;
      };
      source.onerror = () => {
        if (source?.readyState !== 2) return; // CONNECTING: the browser retries by itself
        source.close();
        timer = setTimeout(() => {
          void http
            .get('/api/me', { redirectOnError: false })
            .catch(() => {})
            .finally(open);
        }, retryMs);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, Source, retryMs, queryClient, space]);
}
