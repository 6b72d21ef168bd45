/**
 * The contracts feature's public pieces (issue 13), composed by the app (apps/web/src/app) into the client detail,
 * the site detail and Home; each is loaded on demand with its texts (lazy-contracts.tsx).
 */
export { LazyContractsSection as ContractsSection, LazyDueVisitsCard as DueVisitsCard } from './lazy-contracts';
