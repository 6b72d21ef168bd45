/**
 * Row mapping of the hot prepared statements, decided once per statement instead of once per cell (issue 11, "a
 * request path close to the framework and the database"; docs/benchmarks.md).
 *
 * Drizzle maps every row of a select with `mapResultRow`, which finds each cell's decoder with `is(field, Column)` /
 * `is(field, SQL)` — a prototype-chain walk for anything that is not a plain column (a `sql` expression, a column of a
 * subquery alias). On the list routes that mapping cost as much CPU as the bare framework spends on the whole
 * request. {@link compileRowMapper} resolves the decoders and the object paths of a prepared statement once and installs
 * a mapper that gives exactly what `mapResultRow` gives (nested objects by path, a left-joined table's object set to
 * `null` when all its columns are null), through the prepared query's own `customResultMapper` hook, which both
 * drivers (node-postgres and PGlite) honour. `compiled-rows.test.ts` compares it with Drizzle's mapping on both.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';

/** What a Drizzle prepared select keeps: the ordered selected fields and the nullability of its joined tables. */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface CompiledColumn {
  index: number;
  path: string[];
  key: string;
  decoder: Decoder;
  /** For a column of a joined table at depth 2 (`{site: {name: sites.name}}`): its table's name. */
  joinedTable: string | undefined;
}

/** `SQL` keeps its decoder (the `mapWith` function, or identity) in a member its public type does not show. */
type Decoded = { decoder: Decoder };

/** The decoder Drizzle's `mapResultRow` would pick for `field` (a column, an `sql` expression, an alias, a subquery). */
function drizzleDecoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * The decoder of `field`: Drizzle's, except for a `timestamp` column in `Date` mode (or an expression mapped with
 * one), whose text the driver hands over (`2026-11-28 04:40:00.123456+00`) is read by {@link parseTimestamp} —
 * Drizzle's `new Date(text)` goes through V8's slow legacy date parser, the first cost of a list's rows.
 */
function decoderOf(field: unknown): Decoder {
  const decoder = drizzleDecoderOf(field);
  if (!is(decoder, PgTimestamp)) return decoder;
  const withTimezone = decoder.withTimezone;
  return {
    mapFromDriverValue: (value: unknown) => (typeof value === 'string' ? parseTimestamp(value, withTimezone) : value),
  };
}

const ZERO = 48;
const DAY_MS = 86_400_000;
/** The digit at `i` of `text` (0–9), or a value above 9 when it is not one. */
const digitAt = (text: string, i: number) => (text.charCodeAt(i) - ZERO) >>> 0;
/** The two-digit number at `i` of `text`, or -1 when either character is not a digit. */
function twoDigits(text: string, i: number): number {
  const tens = digitAt(text, i);
  const units = digitAt(text, i + 1);
  return tens > 9 || units > 9 ? -1 : tens * 10 + units;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`; `month` 1–12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}
/** The number of days of `month` (1–12) of `year`. */
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : 30 + ((month + (month >> 3)) & 1);

/**
 * The instant of a timestamp as PostgreSQL writes it in text (`YYYY-MM-DD HH:MM:SS[.ffffff]` then, `withTimezone`, an
 * offset `±HH[:MM]`; without, UTC): the same `Date` as Drizzle's `new Date(text)` (fractions truncated to the
 * millisecond), read field by field with integer arithmetic. Anything else — years before 1000, `BC`, `infinity`,
 * offsets with seconds, a day past its month's end — goes to `new Date` as Drizzle sends it, so that the result is
 * Drizzle's in every case.
 */
export function parseTimestamp(text: string, withTimezone: boolean): Date {
  const ms = timestampMs(text, withTimezone);
  return ms === undefined ? new Date(withTimezone ? text : `${text}+0000`) : new Date(ms);
}

/** {@link parseTimestamp}'s epoch milliseconds of the usual text, or undefined (no closure per call). */
function timestampMs(text: string, withTimezone: boolean): number | undefined {
  const length = text.length;
  if (length < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32) {
    return undefined;
  }
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
  const century = twoDigits(text, 0);
  const yy = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hours = twoDigits(text, 11);
  const minutes = twoDigits(text, 14);
  const seconds = twoDigits(text, 17);
  if (century < 10 || yy < 0 || month < 1 || month > 12 || day < 1 || hours < 0 || hours > 23) return undefined;
  if (minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return undefined;
  const year = century * 100 + yy;
  if (day > daysInMonth(year, month)) return undefined;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    const start = at + 1;
    at = start;
    while (at < length && digitAt(text, at) <= 9) at += 1;
    const width = at - start;
    if (width < 1 || width > 6) return undefined;
    ms = digitAt(text, start) * 100;
    if (width > 1) ms += digitAt(text, start + 1) * 10;
    if (width > 2) ms += digitAt(text, start + 2);
  }
  let offset = 0;
  if (withTimezone) {
    const sign = text.charCodeAt(at);
    if (sign !== 43 && sign !== 45) return undefined;
    const rest = length - at;
    if (rest !== 3 && rest !== 6) return undefined;
    const h = twoDigits(text, at + 1);
    const m = rest === 3 ? 0 : text.charCodeAt(at + 3) === 58 ? twoDigits(text, at + 4) : -1;
    if (h < 0 || m < 0 || m > 59) return undefined;
    offset = (sign === 43 ? 1 : -1) * (h * 60 + m);
  } else if (at !== length) {
    return undefined;
  }
  const days = daysFromCivil(year, month, day);
  return days * DAY_MS + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + ms;
}

/**
 * Installs on `prepared` (the result of a Drizzle select's `.prepare(name)`, either driver) a row mapper compiled from
 * its selected fields, and answers `prepared`. A statement of another shape (no selected fields, or a mapper of its
 * own, such as a relational query) is answered unchanged.
 */
export function compileRowMapper<P>(prepared: P): P {
  const internals = prepared as PreparedInternals;
  const { fields, joinsNotNullableMap } = internals;
  if (!fields || internals.customResultMapper) return prepared;
  const columns: CompiledColumn[] = fields.map(({ path, field }, index) => ({
    index,
    path,
    key: path[path.length - 1] as string,
    decoder: decoderOf(field),
    joinedTable: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
  }));
  const flat = columns.every((column) => column.path.length === 1);

  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    if (flat) {
      for (const column of columns) {
        const raw = row[column.index];
        result[column.key] = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      }
      return result;
    }
    // the same rules as Drizzle's mapResultRow: the first column of an object decides its table, a second table
    // in the same object (or a non-null value) keeps it
    const nullify: Record<string, string | false> = {};
    for (const column of columns) {
      let node = result;
      for (let depth = 0; depth < column.path.length - 1; depth += 1) {
        const chunk = column.path[depth] as string;
        node[chunk] ??= {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[column.index];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      node[column.key] = value;
      if (column.joinedTable !== undefined) {
        const objectName = column.path[0] as string;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? column.joinedTable : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== column.joinedTable) {
          nullify[objectName] = false;
        }
      }
    }
    for (const [objectName, tableName] of Object.entries(nullify)) {
      if (typeof tableName === 'string' && !joinsNotNullableMap?.[tableName]) result[objectName] = null;
    }
    return result;
  };

  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
