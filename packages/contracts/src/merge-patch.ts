/**
 * Partial updates (SPEC §7: "patches use merge-patch"; ADR 009): every `PUT` of a resource gets a `PATCH` twin on the
 * same path whose body is an RFC 7396 JSON merge patch (`application/merge-patch+json`) of the `PUT` body. The server
 * applies the patch to the resource's current `PUT` body, validates the result with the `PUT` body schema (so the
 * violations are the `PUT`'s) and runs the `PUT`'s handler; `PUT` keeps its own (full replacement) semantics.
 */
import { z } from 'zod';
import { type EndpointDefinition, MERGE_PATCH_JSON } from './endpoint.js';

/**
 * The merge patch of a JSON value of type `T` (RFC 7396): every member of an object may be left out (unchanged), set
 * to `null` (removed) or given a patch of its own; arrays and scalars are replaced whole.
 */
export type MergePatch<T> = T extends readonly unknown[]
  ? T
  : T extends Record<string, unknown>
    ? { [K in keyof T]?: MergePatch<Exclude<T[K], undefined>> | null }
    : T;

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The object schema under `optional` / `nullable` / `default` wrappers, or undefined when `schema` is no object. */
function objectUnder(schema: z.ZodType): ObjectSchema | undefined {
  if (schema instanceof z.ZodObject) return schema as ObjectSchema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return objectUnder(schema.unwrap() as z.ZodType);
  }
  return undefined;
}

function patchOf(schema: z.ZodType): z.ZodType {
  const object = objectUnder(schema);
  if (!object) return schema;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, member] of Object.entries(object.shape)) {
    shape[key] = patchOf(member as z.ZodType)
      .nullable()
      .optional();
  }
  return z.object(shape);
}

/**
 * The schema of a merge patch of `body` (a `PUT` body schema): the same members, each optional and nullable, nested
 * objects patched member by member. It types callers and documents the `PATCH` body in OpenAPI; the server does not
 * validate a patch with it but the patched result with `body` itself.
 */
export function mergePatchBody<S extends z.ZodType>(
  body: S,
): z.ZodType<MergePatch<z.output<S>>, MergePatch<z.input<S>>> {
  return patchOf(body).describe(
    'JSON merge patch (RFC 7396) of the PUT body: members left out stay as they are, `null` removes a member',
  ) as unknown as z.ZodType<MergePatch<z.output<S>>, MergePatch<z.input<S>>>;
}

/** A `PUT` endpoint with a body: what a merge-patch twin is made from. */
export type PutEndpoint = EndpointDefinition & { method: 'PUT'; body: z.ZodType };

/** The descriptor `defineMergePatchOf(put, options)` returns: the `PUT`'s, with method, body and names of its own. */
export type MergePatchEndpoint<P extends PutEndpoint, O extends MergePatchOptions> = Omit<
  P,
  'method' | 'body' | 'consumes' | 'operationId' | 'summary' | 'description' | 'mergePatchOf'
> &
  O & {
    method: 'PATCH';
    body: z.ZodType<MergePatch<z.output<P['body']>>, MergePatch<z.input<P['body']>>>;
    consumes: readonly [typeof MERGE_PATCH_JSON];
    mergePatchOf: P;
  };

/** What a merge-patch twin names for itself; the rest (path, access, params, answers, errors) is the `PUT`'s. */
export interface MergePatchOptions {
  operationId: string;
  summary: string;
  description?: string;
}

/**
 * Declares the `PATCH` twin of `put` (same path, access, path parameters, answers and errors): its body is a merge
 * patch of `put`'s body, sent as `application/merge-patch+json`. Register it on the server with `routeMergePatch`.
 */
export function defineMergePatchOf<const P extends PutEndpoint, const O extends MergePatchOptions>(
  put: P,
  options: O,
): MergePatchEndpoint<P, O> {
  const { description: _description, consumes: _consumes, ...rest } = put;
  return {
    ...rest,
    ...options,
    method: 'PATCH',
    body: mergePatchBody(put.body),
    consumes: [MERGE_PATCH_JSON],
    mergePatchOf: put,
  } as unknown as MergePatchEndpoint<P, O>;
}
