/**
 * The validator compiler of every route (`app.ts`; the merge-patch twins' own compiler in `endpoint-route.ts` goes
 * through it too): the route's zod schema for its path parameters, query and body, preceded by the contracts' text
 * check (`withValidText`, issue 11 "Hardening"), so that a NUL character or a lone surrogate anywhere in a request is a
 * violation `text_invalid` at its field — 400 for the path or query, 422 for the body — and never reaches the database.
 */
import { withValidText } from '@isoptera/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: withValidText(route.schema) });
