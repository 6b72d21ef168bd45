/**
 * Reading zod response schemas as JSON-LD (ADR 009): which object schema is a resource class (a `@type` literal), what
 * its members hold, and the XML Schema or class range of each. Response schemas are plain data (ADR 008), so only
 * wrappers (optional, nullable, default …), objects, arrays, unions, records, literals, enums and scalars matter.
 */
import { z } from 'zod';

/** The parts of a zod 4 definition this module reads. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** What a member's schema holds once its wrappers are removed. */
export interface Unwrapped {
  schema: z.ZodType;
  /** The member may be left out. */
  optional: boolean;
  /** The member may be `null`. */
  nullable: boolean;
  /** The first `.describe()` / `.meta({description})` met from the outside in. */
  description: string | undefined;
}

/** `schema` without its optional / nullable / default / pipe / lazy wrappers. */
export function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema;
  let optional = false;
  let nullable = false;
  let description = z.globalRegistry.get(current)?.description;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional') optional = true;
    if (def.type === 'nullable') nullable = true;
    let next: z.ZodType | undefined;
    if (WRAPPERS.has(def.type)) next = def.innerType;
    else if (def.type === 'pipe') next = def.in;
    else if (def.type === 'lazy') next = def.getter?.();
    if (!next) return { schema: current, optional, nullable, description };
    current = next;
    description ??= z.globalRegistry.get(current)?.description;
  }
}

/** The members of an object schema (`{}` for any other schema). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(unwrap(schema).schema);
  return def.type === 'object' ? (def.shape ?? {}) : {};
}

/**
 * The resource class an object schema represents: its `@type` literal (`Client`), or undefined for a plain value
 * object or a Hydra type (`hydra:Collection`, `hydra:Error` — any prefixed name).
 */
export function classOf(schema: z.ZodType): string | undefined {
  const type = shapeOf(schema)['@type'];
  if (!type) return undefined;
  const def = defOf(unwrap(type).schema);
  const value = def.type === 'literal' && def.values?.length === 1 ? def.values[0] : undefined;
  return typeof value === 'string' && value !== '' && !value.includes(':') ? value : undefined;
}

/** The object schemas an answer may be: itself, or the options of a union (`GET /api/sites` answers two shapes). */
export function answerShapes(schema: z.ZodType): z.ZodType[] {
  const inner = unwrap(schema).schema;
  const def = defOf(inner);
  if (def.type === 'object') return [inner];
  if (def.type === 'union') return (def.options ?? []).flatMap(answerShapes);
  return [];
}

/** The one class an answer is a representation of (whichever shape of a union it takes), or undefined. */
export function answerClassOf(schema: z.ZodType): string | undefined {
  const names = new Set(answerShapes(schema).map(classOf));
  const [name] = names;
  return names.size === 1 ? name : undefined;
}

/** The class of the members of a Hydra collection answer (`hydra:member` items, in any shape of a union). */
export function collectionClassOf(schema: z.ZodType): string | undefined {
  for (const shape of answerShapes(schema)) {
    const member = shapeOf(shape)['hydra:member'];
    const def = member ? defOf(unwrap(member).schema) : undefined;
    const name = def?.type === 'array' && def.element ? classOf(def.element) : undefined;
    if (name) return name;
  }
  return undefined;
}

/** Every object schema under `schema` (itself included), each once: the class representations an answer holds. */
export function objectSchemasUnder(schema: z.ZodType, found = new Set<z.ZodType>()): Set<z.ZodType> {
  const inner = unwrap(schema).schema;
  if (found.has(inner)) return found;
  const def = defOf(inner);
  const children: (z.ZodType | undefined)[] = [];
  if (def.type === 'object') {
    found.add(inner);
    children.push(...Object.values(def.shape ?? {}));
  } else if (def.type === 'array') children.push(def.element);
  else if (def.type === 'union') children.push(...(def.options ?? []));
  else if (def.type === 'record') children.push(def.valueType);
  else if (def.type === 'intersection') children.push(def.left, def.right);
  for (const child of children) if (child) objectSchemasUnder(child, found);
  return found;
}

const XMLS_OF_TYPEOF: Record<string, string> = {
  string: 'xmls:string',
  number: 'xmls:decimal',
  bigint: 'xmls:integer',
  boolean: 'xmls:boolean',
};

/** What a member holds, as the Hydra documentation states it. */
export interface MemberRange {
  /** `xmls:string`, `xmls:dateTime`, `xmls:integer` …, or `#Type` of an embedded resource; empty when unknown. */
  ranges: string[];
  /** An array of values (no `owl:maxCardinality`). */
  many: boolean;
  /** Holds (an array of) embedded resources. */
  embedsClass: boolean;
}

/** The range of a member's schema (API Platform's rules: an array's range is its items'; dates are `xmls:dateTime`). */
export function rangeOf(schema: z.ZodType): MemberRange {
  const inner = unwrap(schema).schema;
  const def = defOf(inner);
  switch (def.type) {
    case 'array': {
      const items = def.element ? rangeOf(def.element) : { ranges: [], many: false, embedsClass: false };
      return { ...items, many: true };
    }
    case 'union': {
      const options = (def.options ?? []).map(rangeOf);
      return {
        ranges: [...new Set(options.flatMap((o) => o.ranges))],
        many: options.some((o) => o.many),
        embedsClass: options.some((o) => o.embedsClass),
      };
    }
    case 'object': {
      const name = classOf(inner);
      return { ranges: name ? [`#${name}`] : [], many: false, embedsClass: name !== undefined };
    }
    case 'string': {
      const format = (z.globalRegistry.get(inner)?.format as string | undefined) ?? def.format;
      const range =
        format === 'date-time' || format === 'datetime'
          ? 'xmls:dateTime'
          : format === 'date'
            ? 'xmls:date'
            : 'xmls:string';
      return { ranges: [range], many: false, embedsClass: false };
    }
    case 'number':
      return {
        ranges: [(inner as z.ZodNumber).isInt ? 'xmls:integer' : 'xmls:decimal'],
        many: false,
        embedsClass: false,
      };
    case 'bigint':
      return { ranges: ['xmls:integer'], many: false, embedsClass: false };
    case 'boolean':
      return { ranges: ['xmls:boolean'], many: false, embedsClass: false };
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      const ranges = [...new Set(values.map((v) => XMLS_OF_TYPEOF[typeof v]).filter((r): r is string => !!r))];
      return { ranges, many: false, embedsClass: false };
    }
    default:
      return { ranges: [], many: false, embedsClass: false };
  }
}
