import { createImageStore } from '../../platform/images/images.js';
import type { AppModule, ModuleDeps } from '../../platform/module.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { createEquipmentRepository } from './equipment.repository.js';
import { PICTURE_URL_PREFIX } from './equipment.resource.js';
import { equipmentRoutes } from './equipment.routes.js';
import { createEquipmentService } from './equipment.service.js';
import { equipmentPicturesRoutes } from './equipment-pictures.routes.js';
import { createEquipmentPicturesService } from './equipment-pictures.service.js';
import { createReadingsRepository } from './readings.repository.js';
import { createReadingsService } from './readings.service.js';

/** The repository, picture store and service of equipment on the app's dependencies. */
function equipmentParts({ db, config, mail, events, storage }: ModuleDeps) {
  const repository = createEquipmentRepository(db);
  const store = createImageStore({ storage, folder: 'equipment', urlPrefix: PICTURE_URL_PREFIX });
  const engine = createAlertEngine({ db, mail, events, appUrl: config.appUrl });
  const service = createEquipmentService({
    repository,
    pictures: store,
    refreshSites: (siteIds) => engine.refreshSites(siteIds),
  });
  return { repository, store, service };
}

/**
 * The equipment service on the app's dependencies: what another module calls to change a site's equipment (a sent
 * visit report removes or replaces stations, issue 12), the same rules as `/api/equipment` applying.
 */
export function equipmentServiceOf(deps: ModuleDeps) {
  return equipmentParts(deps).service;
}

/**
 * Gateways and stations of sites (issue 5; SPEC §3 "Equipment"): list, registration with the gateway's device
 * credential, correction, removal, installation pictures, credential rotation and a station's readings history.
 * Removal asks the alerts module's engine to recompute the site's priority.
 */
export const equipmentModule: AppModule = {
  name: 'equipment',
  async register(app, deps) {
    const { repository, store, service } = equipmentParts(deps);
    await app.register(equipmentRoutes, {
      service,
      readings: createReadingsService(createReadingsRepository(deps.db)),
    });
    await app.register(equipmentPicturesRoutes, { pictures: createEquipmentPicturesService(repository, store) });
  },
};
