/**
 * The endpoints through which the API describes itself to Hydra clients (API Platform Admin, its client generator,
 * `@api-platform/api-doc-parser`): public, like the OpenAPI document. ADR 009.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  API_DOCUMENTATION_PATH,
  API_ENTRYPOINT_PATH,
  apiEntrypoint,
  hydraApiDocumentation,
  jsonLdContextDocument,
} from './hydra.js';

const tags = ['API description'] as const;

export const hydraEndpoints = {
  entrypoint: defineEndpoint({
    operationId: 'getApiEntrypoint',
    method: 'GET',
    path: API_ENTRYPOINT_PATH,
    tags,
    access: 'public',
    summary: 'The API entrypoint (JSON-LD): the IRI of every collection',
    responses: { 200: apiEntrypoint },
  }),
  context: defineEndpoint({
    operationId: 'getJsonLdContext',
    method: 'GET',
    path: '/api/contexts/:type',
    tags,
    access: 'public',
    summary: 'The JSON-LD context of a resource type (`@context` of its answers), or of the entrypoint',
    params: z.object({ type: z.string().describe('A resource type (`Client`, `Site` …) or `Entrypoint`') }),
    responses: { 200: jsonLdContextDocument },
  }),
  documentation: defineEndpoint({
    operationId: 'getHydraDocumentation',
    method: 'GET',
    path: API_DOCUMENTATION_PATH,
    tags,
    access: 'public',
    summary: 'The Hydra API documentation: every class with its properties and operations, and the entrypoint',
    responses: { 200: hydraApiDocumentation },
  }),
};
