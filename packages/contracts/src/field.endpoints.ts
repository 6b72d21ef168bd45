/**
 * The technician API `/api/field/v1` (issue 12 "The technician API"; docs/decisions/011-technician-api.md), for the
 * mobile app. Authentication: `Authorization: Bearer <access_token>` from `POST /auth/login` only (never the web
 * cookie; the web routes never accept a field token). Callers: a technician, owner or manager of a PCO space; every
 * call is scoped to the user's space and to the interventions the user is an intervener of (others: 404).
 * Every write (`POST`, `PUT`) carries `Idempotency-Key`: a replay answers the stored answer with
 * `Idempotent-Replayed: true`; the same key with another request answers 422 `idempotency_key_reused`.
 */
import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from './endpoint.js';
import {
  fieldAgenda,
  fieldAgendaQuery,
  fieldChanges,
  fieldChangesQuery,
  fieldCheckBody,
  fieldCompleteBody,
  fieldCompleted,
  fieldInstallBody,
  fieldLoginBody,
  fieldPhoto,
  fieldProducts,
  fieldProductUse,
  fieldProductUseBody,
  fieldRefreshBody,
  fieldRemoveBody,
  fieldReplaceBody,
  fieldSite,
  fieldStationChange,
  fieldStationCheck,
  fieldStationCheckBody,
  fieldTokenAnswer,
  fieldTwoFactorAnswer,
  fieldVisit,
} from './field.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';

/** The base path of the technician API. */
export const FIELD_API_PREFIX = '/api/field/v1';

const tags = ['Field'] as const;
const access = { anyOf: [ACTIONS.PCO_TECHNICIAN, ACTIONS.PCO_ACTION] } as const;
const auth = 'field' as const;
const json = ['application/json'] as const;
const ulidParam = (what: string) => z.string().max(200).describe(`ULID of the ${what}`);
const visitParams = z.object({ ulid: ulidParam('intervention') });
const stationParams = visitParams.extend({ stationUlid: ulidParam('station') });
const WRITE_ERRORS = ['idempotency_key_required', 'idempotency_key_reused', 'idempotency_key_in_progress'] as const;
const VISIT_ERRORS = ['intervention_not_found', 'visit_completed', ...WRITE_ERRORS] as const;

/** A read of the technician API (bearer, plain JSON). */
const read = <const E extends Omit<EndpointDefinition, 'method' | 'tags' | 'access' | 'auth' | 'produces'>>(e: E) =>
  defineEndpoint({ ...e, method: 'GET' as const, tags, access, auth, produces: json });
/** A write of a visit (bearer, idempotency key, plain JSON). */
const write = <
  const M extends 'POST' | 'PUT',
  const E extends Omit<EndpointDefinition, 'method' | 'tags' | 'access' | 'auth' | 'produces'>,
>(
  method: M,
  e: E,
) => defineEndpoint({ ...e, method, tags, access, auth, produces: json });

export const fieldEndpoints = {
  login: defineEndpoint({
    operationId: 'fieldLogin',
    method: 'POST',
    path: `${FIELD_API_PREFIX}/auth/login`,
    tags,
    access: 'public',
    auth,
    produces: json,
    summary: 'Device login: e-mail, password, device name, and the e-mailed code when the account requires one',
    description:
      'The rules of the web sign-in (issue 3): 401 `invalid_credentials`; rate-limited with it (429). When a ' +
      'membership of the account is in a two-factor space type, a first call without `two_factor_code` e-mails a ' +
      'code and answers 202 `{two_factor: true}`; the second call with the code (same e-mail and password) opens the ' +
      'session; a wrong or stale code answers 400 `auth_code_invalid`, no open attempt 401 `two_factor_expired`. ' +
      'Only a technician, owner or manager of a PCO space may sign in here (403 `forbidden`).',
    body: fieldLoginBody,
    responses: { 200: fieldTokenAnswer, 202: fieldTwoFactorAnswer },
    errors: ['invalid_credentials', 'auth_code_invalid', 'two_factor_expired', 'forbidden', 'too_many_requests'],
  }),
  refresh: defineEndpoint({
    operationId: 'fieldRefresh',
    method: 'POST',
    path: `${FIELD_API_PREFIX}/auth/refresh`,
    tags,
    access: 'public',
    auth,
    produces: json,
    summary: 'New access and refresh tokens for a refresh token (which stops working)',
    description:
      'A refresh token is single use: presenting one already used revokes the whole device session (its family). ' +
      '401 `invalid_refresh_token` (unknown, used, expired, revoked, or the membership is no longer active).',
    body: fieldRefreshBody,
    responses: { 200: fieldTokenAnswer },
    errors: ['invalid_refresh_token'],
  }),
  logout: defineEndpoint({
    operationId: 'fieldLogout',
    method: 'POST',
    path: `${FIELD_API_PREFIX}/auth/logout`,
    tags,
    access: 'public',
    auth,
    produces: json,
    summary: 'Ends the device session of a refresh token: its tokens stop working at once (204)',
    body: fieldRefreshBody,
    responses: { 204: null },
  }),
  agenda: read({
    operationId: 'fieldAgenda',
    path: `${FIELD_API_PREFIX}/agenda`,
    summary: 'My interventions between two days (user’s time zone), with site, client, visit status and open alerts',
    description: '`from` and `to` are YYYY-MM-DD, inclusive, at most 62 days (400 `bad_request` otherwise).',
    query: fieldAgendaQuery,
    responses: { 200: fieldAgenda },
  }),
  site: read({
    operationId: 'fieldSite',
    path: `${FIELD_API_PREFIX}/sites/:ulid`,
    summary: 'A site of one of my interventions: its stations with their sensor state, last check and open alerts',
    params: z.object({ ulid: ulidParam('site') }),
    responses: { 200: fieldSite },
    errors: ['site_not_found'],
  }),
  products: read({
    operationId: 'fieldProducts',
    path: `${FIELD_API_PREFIX}/products`,
    summary: 'The product catalogue of my space (archived products left out), with a strong ETag',
    description: '`If-None-Match` with the last `ETag` answers 304 without a body when nothing changed.',
    responses: { 200: fieldProducts, 304: null },
  }),
  changes: read({
    operationId: 'fieldChanges',
    path: `${FIELD_API_PREFIX}/changes`,
    summary: 'What changed for me since a cursor: my interventions (and their sites), products; the next cursor',
    description:
      'Without `since` (or with an unreadable one): every intervention of mine from a week back to 4 weeks ahead and the ' +
      'whole catalogue. The cursor is the database’s clock, read with a margin, so clock skew between instances or ' +
      'with the device loses nothing (a change may come twice). `intervention_ulids` lists every intervention of ' +
      'the window: the app drops the ones it holds that are not there (deleted, or I am no longer an intervener).',
    query: fieldChangesQuery,
    responses: { 200: fieldChanges },
  }),
  checkIn: write('POST', {
    operationId: 'fieldCheckIn',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/check-in`,
    summary: 'Check in at the visit (time, optional position); opens its report in progress',
    params: visitParams,
    body: fieldCheckBody,
    responses: { 200: fieldVisit },
    errors: [...VISIT_ERRORS],
  }),
  checkOut: write('POST', {
    operationId: 'fieldCheckOut',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/check-out`,
    summary: 'Check out of the visit (time, optional position)',
    params: visitParams,
    body: fieldCheckBody,
    responses: { 200: fieldVisit },
    errors: [...VISIT_ERRORS],
  }),
  putStationCheck: write('PUT', {
    operationId: 'fieldPutStationCheck',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/station-checks/:stationUlid`,
    summary: 'Record what was found and done at a station of the visit’s site (replaces its previous check)',
    params: stationParams,
    body: fieldStationCheckBody,
    responses: { 200: fieldStationCheck },
    errors: [...VISIT_ERRORS, 'equipment_not_found'],
  }),
  installStation: write('POST', {
    operationId: 'fieldInstallStation',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/stations`,
    summary: 'Install a station: registered on the site at once, recorded as an `installed` check (201)',
    description:
      'The serial comes from `serial_number` or from `qr` (its last segment after `/`, `:` or `=`). 409 ' +
      '`serial_number_already_exist`; 422 `serial_number_required`/`serial_number_invalid` and the equipment rules.',
    params: visitParams,
    body: fieldInstallBody,
    responses: { 201: fieldStationChange },
    errors: [...VISIT_ERRORS, 'serial_number_already_exist'],
  }),
  replaceStation: write('POST', {
    operationId: 'fieldReplaceStation',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/stations/:stationUlid/replace`,
    summary: 'Replace a station: installed now (a new serial when given), recorded as a `station_replaced` check',
    description:
      'With a new serial (`serial_number` or `qr`) the old device is removed and a new one registered at the same ' +
      'place with the same reference and types; without, the station’s installation time becomes now.',
    params: stationParams,
    body: fieldReplaceBody,
    responses: { 200: fieldStationChange },
    errors: [...VISIT_ERRORS, 'equipment_not_found', 'serial_number_already_exist'],
  }),
  removeStation: write('POST', {
    operationId: 'fieldRemoveStation',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/stations/:stationUlid/remove`,
    summary: 'Remove a station from the site at once, recorded as a `removed` check (snapshot kept)',
    params: stationParams,
    body: fieldRemoveBody,
    responses: { 200: fieldStationChange },
    errors: [...VISIT_ERRORS, 'equipment_not_found'],
  }),
  uploadPhoto: write('POST', {
    operationId: 'fieldUploadPhoto',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/photos`,
    summary: 'Add a photo to the visit (multipart: `file`, `client_id`, `kind`, `equipment`, `taken_at`; 201)',
    description:
      '`client_id` (required) makes the upload idempotent: the same one answers 200 with the photo already stored. ' +
      'JPEG, PNG or WebP judged by content (422 `photo_invalid` otherwise), at most 10 MB, stored as WebP.',
    params: visitParams,
    consumes: [MULTIPART_FORM_DATA],
    responses: { 201: fieldPhoto, 200: fieldPhoto },
    errors: [...VISIT_ERRORS, ...UPLOAD_ERRORS],
  }),
  putProductUse: write('PUT', {
    operationId: 'fieldPutProductUse',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/product-uses/:clientId`,
    summary: 'Record (or correct) one use of a product, keyed by the app’s own id',
    params: visitParams.extend({
      clientId: z
        .string()
        .max(100)
        .regex(/^[A-Za-z0-9._:-]+$/)
        .describe('The app’s id of this use'),
    }),
    body: fieldProductUseBody,
    responses: { 200: fieldProductUse },
    errors: [...VISIT_ERRORS],
  }),
  complete: write('POST', {
    operationId: 'fieldCompleteVisit',
    path: `${FIELD_API_PREFIX}/interventions/:ulid/complete`,
    summary: 'Complete the visit: its report becomes to process (the site status follows the work done)',
    description:
      '422 `customer_signature_required` (neither a signature nor `customer_absent`), `signature_invalid` (not a ' +
      'PNG by content), `visit_ended_at_invalid`. Any later write of the visit answers 409 `visit_completed`.',
    params: visitParams,
    body: fieldCompleteBody,
    responses: { 200: fieldCompleted },
    errors: [...VISIT_ERRORS],
  }),
} as const;
