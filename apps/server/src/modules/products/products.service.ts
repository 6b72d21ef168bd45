/**
 * The product catalogue of a PCO (issue 12 "Products used"; docs/decisions/010): listed and read by the PCO action,
 * written by the PCO owner (the routes' access). A product a report has used is archived instead of deleted.
 */
import type { Product, ProductBody, ProductCollection, ProductListQuery, productBody } from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { notFound } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import type { ProductRecord, ProductsRepository, ProductValues } from './products.repository.js';
import { productResource } from './products.resource.js';

/** A parsed `POST`/`PUT` body. */
export type ProductInput = z.output<typeof productBody>;

/** Creates the products service on `repository`; `now` stamps archiving. */
export function createProductsService(repository: ProductsRepository, { now = () => new Date() } = {}) {
  /** The stored fields of `body`; `current` keeps its archiving date while the product stays archived. */
  function valuesOf(body: ProductInput, current?: ProductRecord): ProductValues {
    return {
      name: body.name,
      activeIngredients: body.active_ingredients,
      registrationNumber: body.registration_number,
      register: body.register,
      unit: body.unit,
      isBait: body.is_bait,
      archivedAt: body.archived ? (current?.archivedAt ?? now()) : null,
    };
  }

  async function found(actor: Actor, id: string): Promise<ProductRecord> {
    const row = await repository.find(actor.spaceId, id);
    if (!row) throw notFound('product_not_found');
    return row;
  }

  return {
    /**
     * `GET /api/products`: the space's products by name, archived ones only with `include_archived=true`, `search`
     * matching the name ignoring case and accents; a hydra collection whose links keep the query of `url`.
     */
    async list(actor: Actor, query: ProductListQuery, url: string): Promise<ProductCollection> {
      const window = pageWindow(query);
      const page = await repository.list(
        actor.spaceId,
        { search: query.search || undefined, includeArchived: query.include_archived === 'true' },
        window,
      );
      const members = page.rows.map((row) => productResource(row, actor));
      return hydraCollection(url, members, page.total, window, 'Product', { hasNext: page.hasNext });
    },

    /** `GET /api/products/{ulid}`. Throws 404 `product_not_found` (unknown or another space). */
    async get(actor: Actor, id: string): Promise<Product> {
      return productResource(await found(actor, id), actor);
    },

    /** The `PUT` body of product `id` as it stands (what `PATCH` applies its merge patch to). Throws 404. */
    async current(actor: Actor, id: string): Promise<ProductBody> {
      const row = await found(actor, id);
      return {
        name: row.name,
        active_ingredients: row.activeIngredients,
        registration_number: row.registrationNumber,
        register: row.register as ProductBody['register'],
        unit: row.unit as ProductBody['unit'],
        is_bait: row.isBait,
        archived: row.archivedAt !== null,
      };
    },

    /** `POST /api/products`: adds a product to the catalogue of the actor's space. */
    async create(actor: Actor, body: ProductInput): Promise<Product> {
      const id = newUlid();
      await repository.insert(actor.spaceId, id, valuesOf(body));
      return productResource(await found(actor, id), actor);
    },

    /**
     * `PUT /api/products/{ulid}`: replaces every field; reports keep their snapshots. Throws 404
     * `product_not_found`.
     */
    async update(actor: Actor, id: string, body: ProductInput): Promise<Product> {
      const current = await found(actor, id);
      if (!(await repository.update(actor.spaceId, id, valuesOf(body, current)))) throw notFound('product_not_found');
      return productResource(await found(actor, id), actor);
    },

    /**
     * `DELETE /api/products/{ulid}`: deletes the product (answers undefined), or archives it when a report used it
     * (answers it, archived). Throws 404 `product_not_found`.
     */
    async remove(actor: Actor, id: string): Promise<Product | undefined> {
      await found(actor, id);
      if (await repository.removeUnused(actor.spaceId, id)) return undefined;
      await repository.archive(actor.spaceId, id, now());
      return productResource(await found(actor, id), actor);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
