import type { AppModule } from '../../platform/module.js';
import { createContractJob, createContractPlanner } from './contract-job.js';
import { createContractsRepository } from './contracts.repository.js';
import { contractsRoutes } from './contracts.routes.js';
import { createContractsService } from './contracts.service.js';

/**
 * Service contracts (issue 13; docs/decisions/013): the `/api/contracts` routes, and the daily job that plans their
 * control visits and renews or expires them (started with the app, except under NODE_ENV=test where tests run it).
 */
export const contractsModule: AppModule = {
  name: 'contracts',
  async register(app, { db, config, mail }) {
    const planner = createContractPlanner(db, { mail });
    const service = createContractsService(createContractsRepository(db), { planner });
    await app.register(contractsRoutes, { service });
    if (config.env !== 'test') {
      const job = createContractJob({ db, mail, log: app.log });
      app.addHook('onReady', () => job.start());
      app.addHook('onClose', () => job.stop());
    }
  },
};
