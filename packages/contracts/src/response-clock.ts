/**
 * The response clock of alerts (issue 15 "Alert → visit on a response clock"; docs/decisions/019-response-clock.md):
 * the default response targets and the states of an alert's clock. Durations are whole hours or seconds as named.
 */
import type { RuleAlertType } from './equipment.js';

/**
 * The response target of each alert type when the PCO saved none, in hours: termite and colony 72 h, communication
 * (error and weak signal) 7 days, battery 14 days.
 */
export const DEFAULT_RESPONSE_TARGETS: Record<RuleAlertType, number> = {
  TYPE_TERMITE_ALERT: 72,
  TYPE_COLONY_DETECTED: 72,
  TYPE_COMMUNICATION_ERROR: 168,
  TYPE_COMMUNICATION_WEAK_SIGNAL: 168,
  TYPE_LOW_BATTERY: 336,
};
/** Bounds of a response target, in hours (1 hour to 365 days). */
export const RESPONSE_TARGET_MIN_HOURS = 1;
export const RESPONSE_TARGET_MAX_HOURS = 8760;

/**
 * The state of an alert's response clock: `running` (no check-in on the site and no acknowledgement since it
 * opened, and still open), `responded` (stopped by the first of the two: `response_seconds` is set), `cleared` (the
 * alert closed by itself before any response: stopped without a response time).
 */
export const RESPONSE_CLOCK_STATES = ['running', 'responded', 'cleared'] as const;
export type ResponseClockState = (typeof RESPONSE_CLOCK_STATES)[number];
