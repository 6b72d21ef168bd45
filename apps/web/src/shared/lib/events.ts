/**
 * Cross-feature events (ARCHITECTURE §3 rule 1: features never import each other). Features talk through typed
 * `window` CustomEvents: one emits, another listens with `useEvent`.
 */
import type { Intervention, InterventionType } from '@isoptera/contracts';
import { useEffect, useRef } from 'react';

/** The events of the app and their `detail` payloads. */
export interface AppEvents {
  /** Opens the intervention panel (SPEC §2.5), to create (no `interventionUlid`) or edit a visit. */
  openInterventionPanel: {
    interventionUlid?: string;
    clientUlid?: string;
    siteUlid?: string;
    type?: InterventionType;
    /** A desired date (`YYYY-MM-DD`) shown as a warning in the schedule part. */
    desiredDate?: string;
    /**
     * The control visit proposed for an alert (issue 15): the slot (ISO 8601) and the intervener pre-filled; saving
     * accepts the proposal (`POST /api/alerts/{ulid}/visit_proposal/accept`), which links the visit to the alert.
     */
    proposal?: {
      alertUlid: string;
      startAt: string;
      endAt: string;
      intervener: { ulid: string; label: string } | null;
    };
  };
  /** An intervention was saved (SPEC §4 "Intervention form": 200/201); carries the server's answer. */
  interventionEdited: Intervention;
  /** The global search asks the Clients screen to select a client or filter by a text (SPEC §2.4). */
  clientsSearch: { clientUlid?: string; search?: string };
  /** Opens the profile panel 'my profile' of the header (SPEC §2.6), e.g. from the plain PCO member's page. */
  openProfilePanel: Record<string, never>;
}

export type AppEventName = keyof AppEvents;

const PREFIX = 'isoptera:';

/** Broadcasts `name` with its `detail` on `window` (SPEC §2.4, §2.5). */
export function emit<N extends AppEventName>(name: N, detail: AppEvents[N]): void {
  window.dispatchEvent(new CustomEvent<AppEvents[N]>(PREFIX + name, { detail }));
}

/** Subscribes to `name`; returns the unsubscribe function. */
export function subscribe<N extends AppEventName>(name: N, handler: (detail: AppEvents[N]) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<AppEvents[N]>).detail);
  window.addEventListener(PREFIX + name, listener);
  return () => window.removeEventListener(PREFIX + name, listener);
}

/** Calls `handler` for every `name` event while the component is mounted; the latest handler is always used. */
export function useEvent<N extends AppEventName>(name: N, handler: (detail: AppEvents[N]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(name, (detail) => latest.current(detail)), [name]);
}
