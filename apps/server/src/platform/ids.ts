/** Identifiers: ULIDs, monotonic within a millisecond so that creation order sorts. */
import { monotonicFactory } from 'ulid';

const factory = monotonicFactory();

/** A new ULID (26 characters). */
export function newUlid(): string {
  return factory();
}
