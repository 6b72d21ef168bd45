/**
 * The product catalogue of a PCO (issue 12 "Products used"): the products its technicians apply, with their active
 * ingredients and the registration number the law asks a treatment record to carry (US EPA, French / EU biocide
 * authorisation, Japan). A product a report has used is archived, never deleted: the report keeps its snapshot
 * anyway, and the catalogue keeps the history.
 */
import { z } from 'zod';
import { pageQuery } from './common.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';
import { PRODUCT_REGISTERS, PRODUCT_UNITS } from './reports-enums.js';
import { optionalText, requiredText } from './rules.js';

/** One active ingredient and its share of the product, in percent (0–100). */
export const activeIngredient = z.object(
  {
    name: requiredText('active_ingredients_invalid', 200),
    percent: z
      .number({ error: 'active_ingredients_invalid' })
      .min(0, { error: 'active_ingredients_invalid' })
      .max(100, { error: 'active_ingredients_invalid' }),
  },
  { error: 'active_ingredients_invalid' },
);
export type ActiveIngredient = z.output<typeof activeIngredient>;

/**
 * `POST /api/products` and `PUT /api/products/{ulid}` (PCO owner): every field replaced. A registration number needs
 * its register (`register_required`); `archived: true` takes the product out of the pickers, `false` puts it back.
 */
export const productBody = z
  .object({
    name: requiredText('name_required', 200),
    active_ingredients: z
      .array(activeIngredient, { error: 'active_ingredients_invalid' })
      .max(20, { error: 'active_ingredients_invalid' })
      .default([]),
    registration_number: optionalText('registration_number_invalid', 100),
    register: z
      .enum(PRODUCT_REGISTERS, { error: 'register_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    unit: z.enum(PRODUCT_UNITS, { error: 'unit_invalid' }),
    is_bait: z.boolean({ error: 'is_bait_invalid' }).default(false),
    archived: z.boolean({ error: 'archived_invalid' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.registration_number && !value.register) {
      ctx.addIssue({ code: 'custom', path: ['register'], message: 'register_required' });
    }
  });
export type ProductBody = z.input<typeof productBody>;

/** `GET /api/products?search&include_archived&page&itemsPerPage`: by name; archived products only when asked. */
export const productListQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(100).optional().describe('Part of the name, ignoring case and accents'),
  include_archived: z
    .enum(['true', 'false'])
    .default('false')
    .describe('`true` lists the archived products too (the catalogue screen); pickers leave it out'),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** A product of the catalogue (`/api/products/{ulid}`). */
export const productResource = z
  .object({
    ...jsonLdKeys('Product'),
    ulid: z.string(),
    name: z.string(),
    active_ingredients: z.array(z.object({ name: z.string(), percent: z.number() })),
    registration_number: z.string().nullable(),
    register: z.enum(PRODUCT_REGISTERS).nullable(),
    unit: z.enum(PRODUCT_UNITS).describe('The unit its quantities are recorded in by default'),
    is_bait: z.boolean(),
    archived_at: isoDateTime.nullable().describe('When it left the catalogue, or null'),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Product' });
export type Product = z.output<typeof productResource>;

/** `GET /api/products`: a page of products by name. */
export const productCollection = hydraCollectionOf(productResource).meta({ id: 'ProductCollection' });
export type ProductCollection = z.output<typeof productCollection>;
