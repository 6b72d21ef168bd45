/**
 * The endpoints of visit reports (issue 12; SPEC §2.7 "Reports": to-process and history lists, download PDF, send to
 * customer, resend, mark as processed without sending; §4 "Reports"; §8 "Report 404"; docs/decisions/010). Every one
 * requires the PCO action (owner, manager). A report of another space answers 404 `report_not_found`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { defineMergePatchOf } from './merge-patch.js';
import {
  REPORT_DISCARD_REASON_MAX,
  reportCollection,
  reportDiscardBody,
  reportListQuery,
  reportPhotoResource,
  reportResendBody,
  reportResource,
  reportSendBody,
  reportUpdateBody,
} from './reports.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Reports'] as const;
const reportParams = z.object({ ulid: z.string().max(200).describe('ULID of the report') });
const photoParams = reportParams.extend({ photoUlid: z.string().max(200).describe('ULID of the photo') });
const binary = (description: string) => z.string().meta({ format: 'binary' }).describe(description);

/** `PUT /api/reports/{ulid}`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateReport',
  method: 'PUT',
  path: '/api/reports/:ulid',
  tags,
  access,
  summary: 'Edit a report to process: every field replaced',
  description:
    'Visit dates, language, summary, recommendations, conducive conditions, customer signature name or absence, ' +
    'station checks (keyed by station) and product uses. 409 `report_not_editable` once sent or discarded. 422: ' +
    '`visit_ended_at_invalid` (before the start, or in the future), `station_invalid`, `product_invalid`, ' +
    '`applicator_invalid`, `language_not_accepted`. A control visit whose checks now show activity puts back the ' +
    'site status its report had changed (and the other way round).',
  params: reportParams,
  body: reportUpdateBody,
  responses: { 200: reportResource },
  errors: ['report_not_found', 'report_not_editable'],
  entityTag: 'checks',
});

export const reportEndpoints = {
  list: defineEndpoint({
    operationId: 'listReports',
    method: 'GET',
    path: '/api/reports',
    tags,
    access,
    summary: 'Reports to process (oldest visit first) or the history (latest first), with both tab counts',
    description:
      '`status=to_process` (default) or `history` (sent and discarded, by the time they were); filters ' +
      '`client.ulid`, `site.ulid`, `type`, `from`/`to` (YYYY-MM-DD, inclusive, in the actor’s time zone, on the ' +
      'end of the visit), `search` (client or site name, ignoring case and accents); `page`, `itemsPerPage` (≤ 100). ' +
      '`to_process_number` and `history_number` count each list under the same filters.',
    query: reportListQuery,
    responses: { 200: reportCollection },
  }),
  get: defineEndpoint({
    operationId: 'getReport',
    method: 'GET',
    path: '/api/reports/:ulid',
    tags,
    access,
    summary: 'A report with its site, client, interveners, station checks, product uses, photos and deliveries',
    params: reportParams,
    responses: { 200: reportResource },
    errors: ['report_not_found'],
    entityTag: 'answers',
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchReport',
    summary: 'Edit some fields of a report to process (merge patch)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: `{"recommendations": "…"}` changes that field only; arrays ' +
      '(`station_checks`, `product_uses`) are replaced whole. Checked by the PUT rules once applied.',
  }),
  pdf: defineEndpoint({
    operationId: 'getReportPdf',
    method: 'GET',
    path: '/api/reports/:ulid/pdf',
    tags,
    access,
    summary: 'The report as a PDF: the frozen one once sent, else rendered now (to process: marked "draft")',
    params: reportParams,
    produces: ['application/pdf'],
    responses: { 200: binary('The PDF document') },
    errors: ['report_not_found'],
  }),
  uploadPhoto: defineEndpoint({
    operationId: 'uploadReportPhoto',
    method: 'POST',
    path: '/api/reports/:ulid/photos',
    tags,
    access,
    summary: 'Adds a photo to a report to process (multipart: `file` and the fields `kind`, `equipment`, …; 201)',
    description:
      'Fields: `kind` (before, after, damage, conducive_condition, installation), `equipment` (a station the report ' +
      'checks), `taken_at`, `client_id` (a replay with the same one answers 200 with the photo already stored). ' +
      'The file: JPEG, PNG or WebP judged by content (422 `photo_invalid` on `file` otherwise), at most 10 MB (413 ' +
      '`payload_too_large`), stored resized to fit 1600×1600 as WebP; 415 when the body is not multipart, 400 ' +
      '`multipart_invalid` when it cannot be read; 409 `report_not_editable` once sent or discarded.',
    params: reportParams,
    consumes: [MULTIPART_FORM_DATA],
    idempotent: true,
    responses: { 201: reportPhotoResource, 200: reportPhotoResource },
    errors: ['report_not_found', 'report_not_editable', ...UPLOAD_ERRORS],
  }),
  getPhoto: defineEndpoint({
    operationId: 'getReportPhoto',
    method: 'GET',
    path: '/api/reports/:ulid/photos/:photoUlid',
    tags,
    access,
    summary: 'A photo of a report (WebP)',
    params: photoParams,
    produces: ['image/webp'],
    responses: { 200: binary('The WebP image') },
    errors: ['report_not_found', 'report_photo_not_found'],
  }),
  removePhoto: defineEndpoint({
    operationId: 'deleteReportPhoto',
    method: 'DELETE',
    path: '/api/reports/:ulid/photos/:photoUlid',
    tags,
    access,
    summary: 'Deletes a photo of a report to process (204)',
    params: photoParams,
    responses: { 204: null },
    errors: ['report_not_found', 'report_photo_not_found', 'report_not_editable'],
  }),
  send: defineEndpoint({
    operationId: 'sendReport',
    method: 'POST',
    path: '/api/reports/:ulid/send',
    tags,
    access,
    summary: 'Send to customer: renders and freezes the PDF, mails it attached, the report goes to history as sent',
    description:
      'The PDF is stored with its SHA-256; one mail per recipient in the report’s language, the PDF attached as ' +
      '`report-<site>-<date>.pdf`; the sending is kept (when, who, to whom). Removed and replaced stations of the ' +
      'checks update the site’s equipment. 409 `report_not_to_process`; 422 `recipients_required`, `email_invalid`.',
    params: reportParams,
    body: reportSendBody,
    responses: { 200: reportResource },
    errors: ['report_not_found', 'report_not_to_process'],
  }),
  resend: defineEndpoint({
    operationId: 'resendReport',
    method: 'POST',
    path: '/api/reports/:ulid/resend',
    tags,
    access,
    summary: 'Mails the same frozen PDF again (to the last recipients unless others are given)',
    params: reportParams,
    body: reportResendBody,
    responses: { 200: reportResource },
    errors: ['report_not_found', 'report_not_sent'],
  }),
  discard: defineEndpoint({
    operationId: 'discardReport',
    method: 'POST',
    path: '/api/reports/:ulid/discard',
    tags,
    access,
    summary: 'Marks a report as processed without sending it, with the reason (to history as discarded)',
    description: `The reason is required, at most ${REPORT_DISCARD_REASON_MAX} characters. 409 \`report_not_to_process\`.`,
    params: reportParams,
    body: reportDiscardBody,
    responses: { 200: reportResource },
    errors: ['report_not_found', 'report_not_to_process'],
  }),
  reopen: defineEndpoint({
    operationId: 'reopenReport',
    method: 'POST',
    path: '/api/reports/:ulid/reopen',
    tags,
    access,
    summary: 'Puts a discarded report back to process',
    params: reportParams,
    responses: { 200: reportResource },
    errors: ['report_not_found', 'report_not_discarded'],
  }),
  recordVisit: defineEndpoint({
    operationId: 'recordInterventionReport',
    method: 'POST',
    path: '/api/interventions/:id/report',
    tags,
    access,
    summary: 'Record the visit: creates the report of a past intervention done on paper (201, to process)',
    description:
      'Takes the visit’s type, site, client and interveners, its start and end as the visit times, and one check per ' +
      'station of the site (no activity, inspected, with the sensor reading of the time). The site status follows ' +
      'the work done (docs/decisions/010). 409 `report_already_exists`; 422 `intervention_not_past` while the ' +
      'visit has not started.',
    params: z.object({ id: z.string().max(200).describe('ULID of the intervention') }),
    idempotent: true,
    responses: { 201: reportResource },
    errors: ['intervention_not_found', 'report_already_exists', 'intervention_not_past'],
  }),
};
