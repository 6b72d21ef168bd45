import { createImageStore } from '../../platform/images/images.js';
import type { AppModule } from '../../platform/module.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createEquipmentRepository } from './equipment.repository.js';
import { PICTURE_URL_PREFIX } from './equipment.resource.js';
import { equipmentRoutes } from './equipment.routes.js';
import { createEquipmentService } from './equipment.service.js';
import { equipmentPicturesRoutes } from './equipment-pictures.routes.js';
import { createEquipmentPicturesService } from './equipment-pictures.service.js';
import { createReadingsRepository } from './readings.repository.js';
import { createReadingsService } from './readings.service.js';

/**
 * Gateways and stations of sites (issue 5; SPEC §3 "Equipment"): list, registration with the gateway's device
 * credential, correction, removal, installation pictures, credential rotation and a station's readings history.
 * Removal asks the alerts module's engine to recompute the site's priority.
 */
export const equipmentModule: AppModule = {
  name: 'equipment',
  async register(app, { db, config, mail, events }) {
    const repository = createEquipmentRepository(db);
    const store = createImageStore({ dataDir: config.dataDir, folder: 'equipment', urlPrefix: PICTURE_URL_PREFIX });
    const engine = createAlertEngine({ db, mail, events, appUrl: config.appUrl });
    await app.register(equipmentRoutes, {
      service: createEquipmentService({
        repository,
        pictures: store,
        refreshSites: (siteIds) => engine.refreshSites(siteIds),
      }),
      readings: createReadingsService(createReadingsRepository(db)),
    });
    await app.register(equipmentPicturesRoutes, { pictures: createEquipmentPicturesService(repository, store) });
  },
};
