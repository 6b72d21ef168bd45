/**
 * Automatic reports (issue 15 "Automatic reports"; SPEC §3 report type `TYPE_AUTOMATIC_REPORT`;
 * docs/decisions/018-automatic-reports.md): the PCO's schedule, overridable per site, and the kinds of automatic
 * report. Days and hours are wall-clock values in the space's time zone (its owner's account's).
 */
import { z } from 'zod';
import { jsonLdKeys } from './jsonld.js';

import { emailAddress } from './rules.js';

/** How often a site gets its periodic report: never, every week (the 7 days before), month or quarter (calendar). */
export const AUTOMATIC_REPORT_FREQUENCIES = ['off', 'weekly', 'monthly', 'quarterly'] as const;
export type AutomaticReportFrequency = (typeof AUTOMATIC_REPORT_FREQUENCIES)[number];

/** `to_review`: the report lands in the to-process list; `send_automatically`: it is sent at once (PDF frozen, mailed). */
export const AUTOMATIC_REPORT_DELIVERIES = ['to_review', 'send_automatically'] as const;
export type AutomaticReportDelivery = (typeof AUTOMATIC_REPORT_DELIVERIES)[number];

/** At most this many extra recipients (as many as one sending takes, `REPORT_MAX_RECIPIENTS`). */
export const AUTOMATIC_REPORT_MAX_RECIPIENTS = 20;

/**
 * The schedule of automatic reports: the body of `PUT /api/automatic_report_settings` (the PCO's) and the `settings`
 * of a site's own override. `weekday` (ISO: 1 Monday … 7 Sunday) is used by `weekly`; `month_day` (1–28 or `last`) by
 * `monthly` and `quarterly` (a day of the month after the period: of the quarter's first month for `quarterly`);
 * `hour` (0–23) by all, in the space's time zone. Recipients: the client's primary contact when `primary_contact`, plus
 * `recipients`.
 */
export const automaticReportSettingsInput = z.object({
  frequency: z.enum(AUTOMATIC_REPORT_FREQUENCIES, { error: 'frequency_invalid' }),
  weekday: z
    .number({ error: 'weekday_invalid' })
    .int({ error: 'weekday_invalid' })
    .min(1, { error: 'weekday_invalid' })
    .max(7, { error: 'weekday_invalid' }),
  month_day: z.union(
    [
      z
        .number({ error: 'month_day_invalid' })
        .int({ error: 'month_day_invalid' })
        .min(1, { error: 'month_day_invalid' })
        .max(28, { error: 'month_day_invalid' }),
      z.literal('last', { error: 'month_day_invalid' }),
    ],
    { error: 'month_day_invalid' },
  ),
  hour: z
    .number({ error: 'hour_invalid' })
    .int({ error: 'hour_invalid' })
    .min(0, { error: 'hour_invalid' })
    .max(23, { error: 'hour_invalid' }),
  delivery: z.enum(AUTOMATIC_REPORT_DELIVERIES, { error: 'delivery_invalid' }),
  primary_contact: z.boolean({ error: 'recipients_invalid' }),
  recipients: z
    .array(emailAddress, { error: 'recipients_invalid' })
    .max(AUTOMATIC_REPORT_MAX_RECIPIENTS, { error: 'recipients_invalid' }),
  all_clear: z.boolean({ error: 'all_clear_invalid' }),
});
export type AutomaticReportSettings = z.output<typeof automaticReportSettingsInput>;

/** The schedule as answers carry it (the addresses as stored: no input transform, ADR 017). */
export const automaticReportSettingsValue = automaticReportSettingsInput
  .extend({ recipients: z.array(z.string()) })
  .meta({ id: 'AutomaticReportSchedule' });

/** Until the owner saves them: off, Monday / the 1st at 08:00, to review, to the primary contact, all clear. */
export const DEFAULT_AUTOMATIC_REPORT_SETTINGS: AutomaticReportSettings = {
  frequency: 'off',
  weekday: 1,
  month_day: 1,
  hour: 8,
  delivery: 'to_review',
  primary_contact: true,
  recipients: [],
  all_clear: true,
};

/** `GET|PUT /api/automatic_report_settings`: the schedule of the actor's PCO space (the defaults until saved). */
export const automaticReportSettingsResource = z
  .object({ ...jsonLdKeys('AutomaticReportSettings'), ...automaticReportSettingsValue.shape })
  .meta({ id: 'AutomaticReportSettings' });
export type AutomaticReportSettingsResource = z.output<typeof automaticReportSettingsResource>;

/** `PUT /api/sites/{id}/automatic_report_settings`: the PCO's schedule (`settings` ignored) or the site's own. */
export const siteAutomaticReportSettingsInput = z
  .object({
    uses_pco_settings: z.boolean({ error: 'frequency_invalid' }),
    settings: automaticReportSettingsInput.nullable().optional(),
  })
  .refine((body) => body.uses_pco_settings || Boolean(body.settings), {
    error: 'frequency_invalid',
    path: ['settings', 'frequency'],
  });
export type SiteAutomaticReportSettingsInput = z.input<typeof siteAutomaticReportSettingsInput>;

/**
 * `GET|PUT /api/sites/{id}/automatic_report_settings`: whether the site follows the PCO's schedule, the schedule that
 * applies (`settings`: the PCO's or its own) and the PCO's (`pco_settings`, what "use the PCO's setting" would give).
 */
export const siteAutomaticReportSettingsResource = z
  .object({
    ...jsonLdKeys('SiteAutomaticReportSettings'),
    site_ulid: z.string(),
    uses_pco_settings: z.boolean(),
    settings: automaticReportSettingsValue,
    pco_settings: automaticReportSettingsValue,
  })
  .meta({ id: 'SiteAutomaticReportSettings' });
export type SiteAutomaticReportSettingsResource = z.output<typeof siteAutomaticReportSettingsResource>;
