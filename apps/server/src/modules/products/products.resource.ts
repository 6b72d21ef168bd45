/** Product rows → JSON-LD items (issue 12 "Products used"); date-times in the actor's time zone with offset. */
import { iri, type Product, type ProductRegister, type ProductUnit } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { ProductRecord } from './products.repository.js';

/** The `Product` item of `row`, dates ISO 8601 with the offset of `actor.timezone`. */
export function productResource(row: ProductRecord, actor: Actor): Product {
  return {
    '@id': iri('products', row.id),
    '@type': 'Product',
    ulid: row.id,
    name: row.name,
    active_ingredients: row.activeIngredients.map(({ name, percent }) => ({ name, percent })),
    registration_number: row.registrationNumber,
    register: row.register as ProductRegister | null,
    unit: row.unit as ProductUnit,
    is_bait: row.isBait,
    archived_at: row.archivedAt ? formatZoned(row.archivedAt, actor.timezone) : null,
    created_at: formatZoned(row.createdAt, actor.timezone),
    updated_at: formatZoned(row.updatedAt, actor.timezone),
  };
}
