/**
 * The endpoints of equipment (issue 5; SPEC §3 "Equipment", §2.7 "Sites: detail with equipment list"): a site's
 * gateways and stations, registration, correction and removal, a gateway's credential rotation, a station's readings
 * and the installation pictures. Every one requires the PCO action (owner, manager).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  deviceCredentialAnswer,
  equipmentCreated,
  equipmentInput,
  equipmentListQuery,
  equipmentPictureResource,
  equipmentResource,
  equipmentUpdateInput,
  readingSeriesResource,
  readingsQuery,
} from './equipment.js';
import { hydraCollectionOf } from './jsonld.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Equipment'] as const;
const siteParams = z.object({ id: z.string().max(200).describe('ULID of the site') });
const equipmentParams = z.object({ ulid: z.string().max(200).describe('ULID of the equipment') });

/** `PUT /api/equipment/{ulid}`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateEquipment',
  method: 'PUT',
  path: '/api/equipment/:ulid',
  tags,
  access,
  summary: 'Corrects an equipment: reference, trap and treatment types, masonry, position, installed_at, gateway',
  description:
    'Kind and serial number never change. A field left out keeps its value; `null` clears it. 422 as the ' +
    'registration.',
  params: equipmentParams,
  body: equipmentUpdateInput,
  responses: { 200: equipmentResource },
  errors: ['equipment_not_found'],
});

export const equipmentEndpoints = {
  list: defineEndpoint({
    operationId: 'listEquipment',
    method: 'GET',
    path: '/api/equipment',
    tags,
    access,
    summary: 'Every gateway and station of the current space, by reference (hydra collection, 30 a page)',
    description:
      '`site.ulid` keeps one site, `kind` one kind (gateway, igs, ags), `reference` the references containing it ' +
      '(ignoring case and accents); `itemsPerPage` up to 100. Each item carries its open alerts and its pictures. ' +
      '`hydra:totalItems` is exact up to 1 000 equipment, then estimated.',
    query: equipmentListQuery,
    responses: { 200: hydraCollectionOf(equipmentResource).meta({ id: 'EquipmentCollection' }) },
  }),
  listOfSite: defineEndpoint({
    operationId: 'listSiteEquipment',
    method: 'GET',
    path: '/api/sites/:id/equipment',
    tags,
    access,
    summary: "A site's gateways and stations (hydra collection, gateways first, then by reference)",
    description: 'Each item carries its open alerts and its pictures; every equipment of the site is on the one page.',
    params: siteParams,
    responses: { 200: hydraCollectionOf(equipmentResource).meta({ id: 'SiteEquipmentCollection' }) },
    errors: ['site_not_found'],
  }),
  register: defineEndpoint({
    operationId: 'registerEquipment',
    method: 'POST',
    path: '/api/sites/:id/equipment',
    tags,
    access,
    summary: 'Registers a gateway or a station on a site (201; a gateway also gets `device_credential`)',
    description:
      'The device credential (`<ulid>.<secret>`) is answered this once; only its hash is stored. 409 ' +
      '`serial_number_already_exist` (serials are unique across the platform); 422 `gateway_invalid` (a ' +
      "station's gateway must be a gateway of the same site), `trap_type_required`, `treatment_type_required`.",
    params: siteParams,
    body: equipmentInput,
    idempotent: true,
    responses: { 201: equipmentCreated },
    errors: ['site_not_found', 'serial_number_already_exist'],
  }),
  get: defineEndpoint({
    operationId: 'getEquipment',
    method: 'GET',
    path: '/api/equipment/:ulid',
    tags,
    access,
    summary: 'A gateway or a station',
    params: equipmentParams,
    responses: { 200: equipmentResource },
    errors: ['equipment_not_found'],
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchEquipment',
    summary: 'Corrects some fields of an equipment (merge patch)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: members left out stay as they are, `null` clears one. As ' +
      'the PUT already keeps what it does not name, the patch is checked by the PUT rules as it is.',
  }),
  remove: defineEndpoint({
    operationId: 'deleteEquipment',
    method: 'DELETE',
    path: '/api/equipment/:ulid',
    tags,
    access,
    summary: 'Removes an equipment with its readings, alerts and pictures (204)',
    description: "The stations of a removed gateway stay, without gateway; the site's priority is recomputed.",
    params: equipmentParams,
    responses: { 204: null },
    errors: ['equipment_not_found'],
  }),
  rotateCredential: defineEndpoint({
    operationId: 'rotateGatewayCredential',
    method: 'POST',
    path: '/api/equipment/:ulid/credential',
    tags,
    access,
    summary: 'Issues a new device credential for a gateway; the old one stops working',
    description: '409 `equipment_not_a_gateway` for a station.',
    params: equipmentParams,
    responses: { 200: deviceCredentialAnswer },
    errors: ['equipment_not_found', 'equipment_not_a_gateway'],
  }),
  readings: defineEndpoint({
    operationId: 'getEquipmentReadings',
    method: 'GET',
    path: '/api/equipment/:ulid/readings',
    tags,
    access,
    summary: "A station's readings over a period, oldest first",
    description:
      'ISO 8601 `from` and `to` (default: the last 30 days; at most 400 days, else 422 `period_invalid`). More ' +
      'than 500 readings are averaged into 500 equal time buckets (`bucketed: true`). A gateway has no readings.',
    params: equipmentParams,
    query: readingsQuery,
    responses: { 200: readingSeriesResource },
    errors: ['equipment_not_found', 'validation_failed'],
  }),
  uploadPicture: defineEndpoint({
    operationId: 'uploadEquipmentPicture',
    method: 'POST',
    path: '/api/equipment/:ulid/pictures',
    tags,
    access,
    summary: 'Adds an installation picture to an equipment (multipart field `file`; 201)',
    description:
      'JPEG, PNG or WebP judged by content (422 `picture_invalid` on `file` otherwise), at most 10 MB (413 ' +
      '`payload_too_large`); 415 when the body is not multipart, 400 `multipart_invalid` when it cannot be read. ' +
      'Stored resized to fit 1600×1600 as WebP.',
    params: equipmentParams,
    consumes: [MULTIPART_FORM_DATA],
    idempotent: true,
    responses: { 201: equipmentPictureResource },
    errors: ['equipment_not_found', ...UPLOAD_ERRORS],
  }),
  removePicture: defineEndpoint({
    operationId: 'deleteEquipmentPicture',
    method: 'DELETE',
    path: '/api/equipment/:ulid/pictures/:pictureUlid',
    tags,
    access,
    summary: 'Deletes an installation picture (204)',
    params: equipmentParams.extend({ pictureUlid: z.string().max(200).describe('ULID of the picture') }),
    responses: { 204: null },
  }),
  getPicture: defineEndpoint({
    operationId: 'getEquipmentPicture',
    method: 'GET',
    path: '/api/equipment_pictures/:file',
    tags,
    access,
    summary: 'An installation picture (WebP), for the members of its space; the URL is in `pictures`',
    params: z.object({ file: z.string().max(200).describe('File name, `<32 hex>.webp`') }),
    produces: ['image/webp'],
    responses: { 200: z.string().meta({ format: 'binary' }).describe('The WebP image') },
  }),
};
