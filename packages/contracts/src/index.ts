/** The contract shared by the server and the web app: enumerations, roles, errors, rules and schemas. */
export * from './auth.js';
export * from './clients.js';
export * from './common.js';
export * from './constants.js';
export * from './enums.js';
export * from './equipment.js';
export * from './errors.js';
export * from './identity.js';
export * from './interventions.js';
export * from './paths.js';
export * from './roles.js';
export * from './rules.js';
export * from './sites.js';
export * from './spaces.js';
export * from './users.js';
