/** The alert settings of a space (thresholds of the alert engine) for other modules: automatic reports read them. */
export { readAlertSettings } from './alert-engine.repository.js';
