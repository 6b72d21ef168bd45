/**
 * The endpoints of the product catalogue (issue 12 "Products used"): the PCO action reads it (the report form picks
 * products from it), the PCO owner edits it (the catalogue lives under the space settings).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { defineMergePatchOf } from './merge-patch.js';
import { productBody, productCollection, productListQuery, productResource } from './products.js';
import { ACTIONS } from './roles.js';

const readAccess = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const writeAccess = { anyOf: [ACTIONS.PCO_OWNER] } as const;
const tags = ['Products'] as const;
const productParams = z.object({ ulid: z.string().max(200).describe('ULID of the product') });

/** `PUT /api/products/{ulid}`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateProduct',
  method: 'PUT',
  path: '/api/products/:ulid',
  tags,
  access: writeAccess,
  summary: 'Edit a product of the catalogue: every field replaced (PCO owner)',
  description:
    'Reports already written keep the snapshot they took. `archived: true` takes it out of the pickers, `false` ' +
    'puts it back. 422: `name_required`, `unit_invalid`, `register_required` (a registration number without its ' +
    'register), `active_ingredients_invalid` (a name and a percentage 0–100 each, at most 20).',
  params: productParams,
  body: productBody,
  responses: { 200: productResource },
  errors: ['product_not_found'],
});

export const productEndpoints = {
  list: defineEndpoint({
    operationId: 'listProducts',
    method: 'GET',
    path: '/api/products',
    tags,
    access: readAccess,
    summary: 'The product catalogue of the current space, by name (hydra collection, 30 a page)',
    description:
      '`search` keeps the products whose name contains it (ignoring case and accents); archived products are left ' +
      'out unless `include_archived=true`.',
    query: productListQuery,
    responses: { 200: productCollection },
  }),
  get: defineEndpoint({
    operationId: 'getProduct',
    method: 'GET',
    path: '/api/products/:ulid',
    tags,
    access: readAccess,
    summary: 'One product of the catalogue',
    params: productParams,
    responses: { 200: productResource },
    errors: ['product_not_found'],
  }),
  create: defineEndpoint({
    operationId: 'createProduct',
    method: 'POST',
    path: '/api/products',
    tags,
    access: writeAccess,
    summary: 'Add a product to the catalogue (PCO owner; 201)',
    body: productBody,
    idempotent: true,
    responses: { 201: productResource },
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchProduct',
    summary: 'Edit some fields of a product (merge patch; PCO owner)',
    description: 'A JSON merge patch (RFC 7396) of the PUT body, checked by the PUT rules once applied.',
  }),
  remove: defineEndpoint({
    operationId: 'deleteProduct',
    method: 'DELETE',
    path: '/api/products/:ulid',
    tags,
    access: writeAccess,
    summary: 'Delete a product; one a report has used is archived instead (PCO owner)',
    description:
      '204 when the product was deleted; 200 with the product, now archived (`archived_at` set), when a report has ' +
      'used it: the regulatory record of past treatments keeps pointing at it.',
    params: productParams,
    responses: { 200: productResource, 204: null },
    errors: ['product_not_found'],
  }),
};
