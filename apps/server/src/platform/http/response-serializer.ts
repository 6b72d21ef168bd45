/**
 * The response serialiser of every route (ADR 017): one JSON encoder per response schema, compiled once at start-up
 * with `fast-json-stringify` from the JSON Schema that zod derives from the contract's schema (`z.toJSONSchema`,
 * output side), so that the answer is written straight from the handler's object without a zod pass.
 *
 * What a client receives is what the contract says, in both modes:
 * - a member the schema does not name never leaves (objects are `additionalProperties: false` unless the schema is
 *   loose, such as problem+json's), a missing required member throws (the route answers 500, logged as
 *   `FST_ERR_RESPONSE_SERIALIZATION`-like errors are today);
 * - `mode: 'checked'` (tests and development) also encodes the answer with zod, as before, and throws when the two
 *   encoders disagree — so every answer of the API and end-to-end suites proves the compiled encoder against zod;
 * - `mode: 'compiled'` (production) runs the compiled encoder alone.
 *
 * A schema that JSON Schema cannot describe (a transform on the output side) or that `fast-json-stringify` cannot
 * compile falls back to zod's encoding and `JSON.stringify` for that response only (a test fails when one does).
 */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** How responses are encoded: compiled only (production), or compiled and checked against zod (tests, development). */
export type ResponseSerializerMode = 'compiled' | 'checked';

/** Thrown when an answer does not fit its response schema, or (checked mode) when the two encoders disagree. */
export class ResponseSerializationError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`Response of ${method} ${url} ${message}`, options);
    this.name = 'ResponseSerializationError';
  }
}

/** A JSON Schema node as `z.toJSONSchema` writes it (draft 7). */
type JsonSchemaNode = { [key: string]: unknown };

/** The zod schema Fastify hands over: a zod type, or `{properties: zodType}` as `fastify-type-provider-zod` accepts. */
function resolveSchema(maybeSchema: unknown): z.ZodType | undefined {
  if (maybeSchema instanceof $ZodType) return maybeSchema as unknown as z.ZodType;
  if (typeof maybeSchema === 'object' && maybeSchema !== null) {
    const properties = (maybeSchema as { properties?: unknown }).properties;
    if (properties instanceof $ZodType) return properties as unknown as z.ZodType;
  }
  return undefined;
}

function isNullSchema(node: unknown): boolean {
  return typeof node === 'object' && node !== null && (node as JsonSchemaNode).type === 'null';
}

/**
 * Rewrites what zod writes for `X.nullable()` — `anyOf: [X, {type: 'null'}]` — as `X` with `nullable: true`, which
 * `fast-json-stringify` encodes directly; it would otherwise validate every value against each branch with Ajv to
 * choose one. A `$ref` branch is inlined (its definition, not recursive in our contracts: a cycle keeps the `anyOf`).
 * Returns a new tree; the input is not changed.
 */
export function simplifyNullable(root: JsonSchemaNode): JsonSchemaNode {
  const definitions = (root.definitions ?? {}) as Record<string, JsonSchemaNode>;
  const walk = (node: unknown, inlining: ReadonlySet<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, inlining));
    if (typeof node !== 'object' || node === null) return node;
    const source = node as JsonSchemaNode;
    const anyOf = source.anyOf;
    if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema)) {
      let other = anyOf.find((branch) => !isNullSchema(branch)) as JsonSchemaNode;
      const ref = typeof other.$ref === 'string' ? other.$ref.replace('#/definitions/', '') : undefined;
      if (ref !== undefined && (inlining.has(ref) || !definitions[ref])) return mapValues(source, inlining);
      const nextInlining = ref === undefined ? inlining : new Set([...inlining, ref]);
      if (ref !== undefined) other = definitions[ref] as JsonSchemaNode;
      const { anyOf: _anyOf, ...rest } = source;
      if (Array.isArray(other.anyOf) || Array.isArray(other.oneOf) || other.type === undefined) {
        return mapValues(source, inlining);
      }
      return walk({ ...other, ...rest, nullable: true }, nextInlining);
    }
    return mapValues(source, inlining);
  };
  const mapValues = (node: JsonSchemaNode, inlining: ReadonlySet<string>): JsonSchemaNode =>
    Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, inlining)]));
  return walk(root, new Set()) as JsonSchemaNode;
}

/**
 * A top-level JSON-LD resource's `@context` comes first, as API Platform writes it (`route()` adds it; the schema has
 * it optional because embedded resources have none). `fast-json-stringify` writes required members before optional
 * ones, so the root object is compiled without `@context`, and the context is written in front of it.
 */
function contextFirst(root: JsonSchemaNode): ((data: unknown) => string) | undefined {
  const ref = typeof root.$ref === 'string' ? root.$ref.replace('#/definitions/', '') : undefined;
  const definitions = (root.definitions ?? {}) as Record<string, JsonSchemaNode>;
  const object = ref === undefined ? root : definitions[ref];
  const properties = object?.properties as Record<string, unknown> | undefined;
  if (!object || !properties || !('@context' in properties)) return undefined;
  if (((object.required ?? []) as string[]).includes('@context')) return undefined;
  const { '@context': _context, ...rest } = properties;
  const { $ref: _ref, ...outer } = root;
  const withoutContext = fastJsonStringify({ ...outer, ...object, properties: rest } as unknown as Schema) as (
    data: unknown,
  ) => string;
  const withContext = fastJsonStringify(root as unknown as Schema) as (data: unknown) => string;
  return (data) => {
    const context = (data as { '@context'?: unknown } | null)?.['@context'];
    if (typeof context !== 'string') return withContext(data);
    const body = withoutContext(data);
    return `{"@context":${JSON.stringify(context)}${body === '{}' ? '}' : `,${body.slice(1)}`}`;
  };
}

/** The compiled encoder of `schema`, or `undefined` when JSON Schema or `fast-json-stringify` cannot express it. */
export function compileEncoder(schema: z.ZodType): ((data: unknown) => string) | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    const root = simplifyNullable(jsonSchema as JsonSchemaNode);
    return contextFirst(root) ?? (fastJsonStringify(root as unknown as Schema) as (data: unknown) => string);
  } catch {
    return undefined;
  }
}

/**
 * An encoder that runs both `reference` (zod's encoding) and `compiled`, and throws {@link ResponseSerializationError}
 * unless they give the same JSON value (members may come in another order: the compiled encoder writes the optional
 * ones last). `route` (`METHOD url`) names the response in the error.
 */
export function checkedEncoder(
  reference: (data: unknown) => string,
  compiled: (data: unknown) => string,
  route: string,
): (data: unknown) => string {
  const [method = '', url = ''] = route.split(' ');
  return (data) => {
    const expected = reference(data);
    let actual: string;
    try {
      actual = compiled(data);
    } catch (error) {
      throw new ResponseSerializationError(method, url, 'fits zod but not the compiled encoder', { cause: error });
    }
    if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
      throw new ResponseSerializationError(
        method,
        url,
        `differs between the compiled encoder and zod:\ncompiled: ${actual.slice(0, 2000)}\nzod:      ${expected.slice(0, 2000)}`,
      );
    }
    return actual;
  };
}

/** Encoders already compiled, by schema: the problem+json schema of every route's errors is compiled once. */
const encoders = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

/** {@link compileEncoder}, once per schema object in this process (`null`: the schema falls back to zod). */
function encoderOf(schema: z.ZodType): ((data: unknown) => string) | null {
  let encoder = encoders.get(schema);
  if (encoder === undefined) {
    encoder = compileEncoder(schema) ?? null;
    encoders.set(schema, encoder);
  }
  return encoder;
}

/**
 * The Fastify serialiser compiler of the app: see the module's doc. `mode` is `compiled` in production, `checked`
 * elsewhere. An encoder is compiled when its response is first sent (about 10 ms for a large schema, once per schema
 * and process), so that starting the app — which every API test file does — does not compile the ~300 responses of
 * the API. Throws {@link ResponseSerializationError} (a 500 for the client, logged) for an answer that does not fit.
 */
export function responseSerializerCompiler(mode: ResponseSerializerMode): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url, httpStatus }) => {
    const schema = resolveSchema(maybeSchema);
    if (!schema) throw new Error(`${method} ${url} ${httpStatus}: the response schema is not a zod schema`);
    const encodeWithZod = (data: unknown): string => {
      const result = safeEncode(schema, data);
      if (!result.success) {
        throw new ResponseSerializationError(method, url, 'does not fit its schema', { cause: result.error });
      }
      return JSON.stringify(result.data);
    };
    let encode: ((data: unknown) => string) | undefined;
    return (data) => {
      if (!encode) {
        const compiled = encoderOf(schema);
        if (!compiled) encode = encodeWithZod;
        else encode = mode === 'compiled' ? compiled : checkedEncoder(encodeWithZod, compiled, `${method} ${url}`);
      }
      return encode(data);
    };
  };
}
