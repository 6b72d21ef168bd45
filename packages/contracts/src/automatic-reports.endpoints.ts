/**
 * The endpoints of the automatic reports' schedule (issue 15 "Automatic reports"; docs/decisions/018): the PCO's
 * setting and a site's override. The reports themselves are reports (`/api/reports`, type `TYPE_AUTOMATIC_REPORT`).
 */
import { z } from 'zod';
import {
  automaticReportSettingsInput,
  automaticReportSettingsResource,
  siteAutomaticReportSettingsInput,
  siteAutomaticReportSettingsResource,
} from './automatic-reports.js';
import { defineEndpoint } from './endpoint.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';

const tags = ['Automatic reports'] as const;
const read = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const write = { anyOf: [ACTIONS.PCO_OWNER] } as const;
const violations =
  '422 `frequency_invalid`, `weekday_invalid`, `month_day_invalid`, `hour_invalid`, `delivery_invalid`, ' +
  '`recipients_invalid`, `email_invalid`, `all_clear_invalid`.';

/** `PUT /api/automatic_report_settings`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateAutomaticReportSettings',
  method: 'PUT',
  path: '/api/automatic_report_settings',
  tags,
  access: write,
  summary: 'Save the automatic reports schedule of the current PCO (owner)',
  description: `Applies from the next run of the job (hourly) to every site that follows the PCO's setting. ${violations}`,
  body: automaticReportSettingsInput,
  responses: { 200: automaticReportSettingsResource },
});

const siteParams = z.object({ id: z.string().max(200).describe('ULID of the site') });

export const automaticReportEndpoints = {
  get: defineEndpoint({
    operationId: 'getAutomaticReportSettings',
    method: 'GET',
    path: '/api/automatic_report_settings',
    tags,
    access: read,
    summary: 'The automatic reports schedule of the current PCO (the defaults, off, until the owner saves it)',
    description:
      'Days and hours are in the time zone of the space (its owner’s account’s). `weekday` 1 (Monday) – 7 (Sunday) ' +
      'for `weekly`; `month_day` 1–28 or `last` for `monthly` and `quarterly`.',
    responses: { 200: automaticReportSettingsResource },
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchAutomaticReportSettings',
    summary: 'Change part of the automatic reports schedule of the current PCO (owner; merge patch)',
    description: `A JSON merge patch (RFC 7396) of the PUT body; the result must pass the PUT rules. ${violations}`,
  }),
  getSite: defineEndpoint({
    operationId: 'getSiteAutomaticReportSettings',
    method: 'GET',
    path: '/api/sites/:id/automatic_report_settings',
    tags,
    access: read,
    summary: "A site's automatic reports schedule: the PCO's or its own",
    params: siteParams,
    responses: { 200: siteAutomaticReportSettingsResource },
    errors: ['site_not_found'],
  }),
  updateSite: defineEndpoint({
    operationId: 'updateSiteAutomaticReportSettings',
    method: 'PUT',
    path: '/api/sites/:id/automatic_report_settings',
    tags,
    access: read,
    summary: "Set a site's automatic reports schedule: the PCO's (`uses_pco_settings: true`) or its own",
    description: `\`settings\` is required when \`uses_pco_settings\` is false, ignored otherwise. ${violations}`,
    params: siteParams,
    body: siteAutomaticReportSettingsInput,
    responses: { 200: siteAutomaticReportSettingsResource },
    errors: ['site_not_found'],
  }),
};
