/**
 * Validation rules shared by the server and the forms (SPEC §5). Each rule reports its violation code as the
 * zod message, so the server answers it in `violations[].code` and the forms translate it from `errors.<code>`.
 */
import { z } from 'zod';
import { COORDINATE_DECIMALS, PASSWORD_MIN_LENGTH } from './constants.js';

/** Phone: optional leading plus, then 7 to 15 digits with optional single spaces between digits. */
export const PHONE_PATTERN = /^\+?\d(?: ?\d){6,14}$/;
/** First and last names: letters (accented and CJK included), hyphen, apostrophe and space. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}'’ -]+$/u;
/** Password: ≥ 12 characters with an uppercase letter, a lowercase letter, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\d/.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}
/** Post format of date-times: `YYYY-MM-DD HH:mm:ss`, in the actor's time zone (SPEC §9). */
export const DATE_TIME_POST_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** ISO 8601 date-time with an explicit offset, also accepted in requests (ARCHITECTURE §4). */
export const ISO_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * Rounds a coordinate upward (towards +∞) to 9 decimals and renders it as text, SPEC §3 "Site".
 * Works on the decimal text so that no binary floating-point error creeps in. Throws on a non-numeric value.
 */
export function roundCoordinateUp(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(12) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a coordinate: ${value}`);
  const [, sign, int, frac = ''] = match;
  const kept = frac.slice(0, COORDINATE_DECIMALS).padEnd(COORDINATE_DECIMALS, '0');
  const dropped = frac.slice(COORDINATE_DECIMALS);
  let scaled = BigInt(`${int}${kept}`);
  if (/[1-9]/.test(dropped) && sign !== '-') scaled += 1n; // upward: away from zero for positives, towards zero for negatives
  const digits = scaled.toString().padStart(COORDINATE_DECIMALS + 1, '0');
  const result = `${digits.slice(0, -COORDINATE_DECIMALS)}.${digits.slice(-COORDINATE_DECIMALS)}`;
  return sign === '-' && scaled !== 0n ? `-${result}` : result;
}

/** A required, trimmed string; `code` is reported when it is missing or empty (and then no further rule is checked). */
export const requiredText = (code: string, max = 255) =>
  z.string({ error: code }).trim().min(1, { error: code, abort: true }).max(max, { error: code });

/** An optional free text, empty string and null read as null. */
export const optionalText = (code: string, max = 5000) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((v) => (v ? v : null));

/** A person's first or last name (SPEC §5). */
export const personName = (field: 'firstname' | 'lastname') =>
  requiredText(`${field}_required`, 100).regex(PERSON_NAME_PATTERN, { error: `${field}_invalid` });

/** A phone number (SPEC §5), spaces kept as typed. */
export const phoneNumber = requiredText('phone_required', 32).regex(PHONE_PATTERN, { error: 'phone_invalid' });

/** An e-mail address, trimmed and lower-cased. */
export const emailAddress = requiredText('email_required', 254)
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((v) => v.toLowerCase());
