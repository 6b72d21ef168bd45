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
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
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
