/**
 * The response clock's routes' rules (issue 15; docs/decisions/019): targets, running clocks, the proposed visit
 * (read, accepted through the interventions service, dismissed). Their queries and rules are written together in
 * response-clock-api.repository.ts (scoped to the actor's space); this module is the service the routes take.
 */
export {
  CLOCKS_SHOWN,
  createResponseClockService,
  type ResponseClockService,
} from './response-clock-api.repository.js';
