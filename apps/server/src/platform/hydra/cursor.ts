/**
 * The opaque keyset cursor of a list's `hydra:next` link (`?page=N&cursor=…`, issue 11): the sort keys of the last
 * row of the previous page as text (PostgreSQL's own rendering, so a `timestamptz` keeps its microseconds), the total
 * the first page settled, and the order the keys belong to. base64url of JSON; clients pass it back unchanged.
 */
import { validationFailed } from '../errors/app-error.js';

export interface Cursor {
  /** The last row's sort keys, in the order's key order, the id last. */
  keys: string[];
  /** The list's total as the first page settled it. */
  total: number;
}

interface Encoded {
  o: string;
  k: string[];
  t: number;
}

/** The cursor after a row whose sort keys are `keys`, in the order named `order` (e.g. `name.asc`). */
export function encodeCursor(order: string, cursor: Cursor): string {
  const encoded: Encoded = { o: order, k: cursor.keys, t: cursor.total };
  return Buffer.from(JSON.stringify(encoded)).toString('base64url');
}

/**
 * The cursor `value` of a list in the order `order` with `keyCount` keys; undefined without one. Throws 422
 * `value_invalid` on `cursor` when it is not a cursor of this order (altered, or from another order).
 */
export function decodeCursor(value: string | undefined, order: string, keyCount: number): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  let decoded: Partial<Encoded> | null = null;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Encoded>;
  } catch {
    decoded = null;
  }
  const keys = decoded?.k;
  const total = decoded?.t;
  if (
    decoded?.o !== order ||
    !Array.isArray(keys) ||
    keys.length !== keyCount ||
    !keys.every((k) => typeof k === 'string' && !k.includes('\u0000')) ||
    typeof total !== 'number' ||
    !Number.isSafeInteger(total) ||
    total < 0
  ) {
    throw validationFailed({ propertyPath: 'cursor', code: 'value_invalid' });
  }
  return { keys, total };
}
