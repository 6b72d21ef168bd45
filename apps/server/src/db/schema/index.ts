/** The whole database schema (one PostgreSQL schema, used by PGlite and PostgreSQL alike). */
export * from './accounts.js';
export * from './audit.js';
export * from './client-imports.js';
export * from './clients.js';
export * from './contracts.js';
export * from './equipment.js';
export * from './field.js';
export * from './identity.js';
export * from './interventions.js';
export * from './reports.js';
export * from './response-clock.js';
export * from './sites.js';
export * from './spaces.js';
export * from './translations.js';
