/**
 * Text the database can store (issue 11 "Hardening"): no NUL character (U+0000, which PostgreSQL's `text` and `json`
 * refuse) and no lone UTF-16 surrogate (not Unicode: PostgreSQL's JSON refuses `\ud800`, and UTF-8 cannot encode it).
 * Such a string is a violation `text_invalid` at its path, never a 500.
 *
 * - The server checks every request once, before the route's own schema ({@link withValidText} around each path,
 *   query and body schema, in its validator compiler): 400 for the path or query, 422 for the body, `propertyPath` =
 *   the field.
 * - Schemas whose data also arrives another way refine their strings with {@link isValidText} (the MQTT uplinks of
 *   `equipment.ts`), so that the refusal is the same on every transport.
 */
import { z } from 'zod';
import type { ViolationCode } from './errors.js';

/** The violation code of a string that holds a NUL character or a lone surrogate. */
export const TEXT_INVALID = 'text_invalid' satisfies ViolationCode;

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const INVALID_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds neither a NUL character nor a lone UTF-16 surrogate. */
export function isValidText(value: string): boolean {
  return !INVALID_TEXT.test(value);
}

/** At most this many invalid strings are reported for one value (the answer stays small). */
const MAX_REPORTED = 20;

/** A value waiting to be checked, with the way to it (a linked list, so that depth costs nothing until reported). */
interface Pending {
  value: unknown;
  key: string | number | undefined;
  parent: Pending | undefined;
}

function pathOf(node: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Pending | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The paths of the strings of `value` that are not {@link isValidText}, in document order: objects (null-prototype
 * ones too, as path parameters are) and arrays are walked without recursion, at any depth; an invalid object key is
 * reported at its own path (its value is not walked); bytes and dates are not text. At most {@link MAX_REPORTED}.
 */
export function invalidTextPaths(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const pending: Pending[] = [{ value, key: undefined, parent: undefined }];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const node = pending.pop() as Pending;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isValidText(current)) found.push(pathOf(node));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], key: i, parent: node });
    } else if (current !== null && typeof current === 'object') {
      if (ArrayBuffer.isView(current) || current instanceof Date) continue;
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const child = isValidText(key) ? (current as Record<string, unknown>)[key] : key;
        pending.push({ value: child, key, parent: node });
      }
    }
  }
  return found;
}

/**
 * `schema`, preceded by the text check: any string of the input that is not {@link isValidText} fails with
 * `text_invalid` at its path, before `schema` runs (so nothing downstream ever sees it).
 */
export function withValidText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of invalidTextPaths(value)) ctx.addIssue({ code: 'custom', message: TEXT_INVALID, path });
    })
    .pipe(schema);
}
