/**
 * The response clock of an alert (issue 15 "Alert → visit on a response clock"; docs/decisions/019-response-clock.md):
 * the one definition every module uses — Home, the site log, the overdue mail, the automatic reports, the fleet
 * health's median. The clock starts at the alert's opening and stops at the first of the first check-in on its site
 * by the technician API (`reports.checked_in_at`) and its acknowledgement; the response time is that instant minus the
 * opening, in whole seconds, null while it runs; an alert cleared before any response stops it without one. The SQL
 * fragments (`respondedAtSql`, `dueAtSql`, `targetHoursSql`, `firstCheckInSql`, `responseSecondsSql`,
 * `responseClockColumns()`), `responseClockOf` (no I/O), `responseTargetsOf` and `medianResponseSeconds` live in
 * response-clock.repository.ts (the database stays in repositories, ARCHITECTURE §4) and are re-exported here.
 */
export * from './response-clock.repository.js';
