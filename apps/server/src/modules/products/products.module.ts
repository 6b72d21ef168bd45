import type { AppModule } from '../../platform/module.js';
import { createProductsRepository } from './products.repository.js';
import { productsRoutes } from './products.routes.js';
import { createProductsService } from './products.service.js';

/** The product catalogue of each PCO (issue 12 "Products used"): what report product uses pick from. */
export const productsModule: AppModule = {
  name: 'products',
  async register(app, { db }) {
    await app.register(productsRoutes, { service: createProductsService(createProductsRepository(db)) });
  },
};
