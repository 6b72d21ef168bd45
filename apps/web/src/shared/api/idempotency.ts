/**
 * The `Idempotency-Key` of a create form (issue 16; ADR 027): `useIdempotencyKey()` in the component (or the mutation
 * hook it calls) holds one key per form instance. `keyFor(body)` answers the same key while the body is the same — a
 * double click, a retry after a network error or a lost answer: the server replays the first answer, one record —
 * and a new key once the body changed (the person corrected the form: another request). `renew()` after a success:
 * the next submit of the form is a new record.
 */
import { useRef } from 'react';

/** A comparable text of a body: JSON, or for a FormData its fields (a file by name, size and date). */
export function bodyFingerprint(body: unknown): string {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(
        typeof value === 'string'
          ? `${name}=${value}`
          : `${name}=file:${value.name}:${value.size}:${value.lastModified}`,
      );
    });
    return `form:${parts.join('&')}`;
  }
  return JSON.stringify(body ?? null);
}

/** A new random key (a UUID). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key holder of one form instance (see the module's doc). */
export interface IdempotencyKeys {
  /** The key to send with `body`: the last one while the body is unchanged, otherwise a new one. */
  keyFor(body: unknown): string;
  /** Forgets the key (after a success): the next submit gets a new one. */
  renew(): void;
}

/** A key holder outside React (tests, one-off calls). */
export function createIdempotencyKeys(): IdempotencyKeys {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body) {
      const fingerprint = bodyFingerprint(body);
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: newIdempotencyKey() };
      return last.key;
    },
    renew() {
      last = null;
    },
  };
}

/** The key holder of this form instance, kept across renders. */
export function useIdempotencyKey(): IdempotencyKeys {
  const keys = useRef<IdempotencyKeys | null>(null);
  keys.current ??= createIdempotencyKeys();
  return keys.current;
}
