/** Every domain module, in registration order. Add a module here to expose its routes. */
import type { AppModule } from '../platform/module.js';
import { alertsModule } from './alerts/alerts.module.js';
import { authModule } from './auth/auth.module.js';
import { automaticReportsModule } from './automatic-reports/automatic-reports.module.js';
import { clientImportsModule } from './client-imports/client-imports.module.js';
import { clientsModule } from './clients/clients.module.js';
import { contractsModule } from './contracts/contracts.module.js';
import { equipmentModule } from './equipment/equipment.module.js';
import { fieldModule } from './field/field.module.js';
import { interventionsModule } from './interventions/interventions.module.js';
import { invitesModule } from './invites/invites.module.js';
import { meModule } from './me/me.module.js';
import { overviewModule } from './overview/overview.module.js';
import { productsModule } from './products/products.module.js';
import { reportsModule } from './reports/reports.module.js';
import { sitesModule } from './sites/sites.module.js';
import { spaceParametersModule } from './space-parameters/space-parameters.module.js';
import { spacesModule } from './spaces/spaces.module.js';
import { substitutionModule } from './substitution/substitution.module.js';
import { telemetryModule } from './telemetry/telemetry.module.js';
import { translationsModule } from './translations/translations.module.js';
import { usersModule } from './users/users.module.js';

export const modules: AppModule[] = [
  // first: its request hook keeps the server's texts at the published translations for every route after it
  translationsModule,
  authModule,
  meModule,
  substitutionModule,
  clientImportsModule,
  clientsModule,
  interventionsModule,
  sitesModule,
  equipmentModule,
  usersModule,
  invitesModule,
  spacesModule,
  spaceParametersModule,
  telemetryModule,
  alertsModule,
  productsModule,
  reportsModule,
  fieldModule,
  contractsModule,
  overviewModule,
  automaticReportsModule,
];
