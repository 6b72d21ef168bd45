/**
 * The endpoints of sites and their main contact (SPEC §7 "Sites"). Every one requires the PCO action. The logs and
 * the equipment of a site (`/api/sites/{id}/logs`, `/api/sites/{id}/equipment`) are declared with their own domains.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import {
  createSiteContactBody,
  siteCollection,
  siteContactAnswer,
  siteDetail,
  siteLight,
  siteListAnswer,
  siteListQuery,
  siteSearchQuery,
  siteSearchResult,
  updateSiteContactBody,
} from './sites.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Sites'] as const;
const siteParams = z.object({ id: z.string().max(200).describe('ULID of the site') });
const siteContactParams = z.object({
  id: z
    .string()
    .max(200)
    .describe("ULID of the site↔contact link (site_contact_ulid), or the site's own ULID when it has no main contact"),
});

/** `PUT /api/site_contacts/{id}`, declared apart: its merge-patch twin `patchContact` is made from it. */
const updateContact = defineEndpoint({
  operationId: 'updateSiteContact',
  method: 'PUT',
  path: '/api/site_contacts/:id',
  tags,
  access,
  summary: 'Update a site and its main contact (200 {site, contact})',
  description: 'As the creation; 422 `site_invalid` when `site.@id` names another site.',
  params: siteContactParams,
  body: updateSiteContactBody,
  responses: { 200: siteContactAnswer },
  errors: ['site_not_found'],
  entityTag: 'checks',
});

export const siteEndpoints = {
  list: defineEndpoint({
    operationId: 'listSites',
    method: 'GET',
    path: '/api/sites',
    tags,
    access,
    summary: 'Sites in alert, then the other sites, paged; `pagination=false` answers a hydra collection',
    description:
      'One page (`page`, `itemsPerPage` ≤ 100, 30 by default) of the matching sites: the sites in alert first ' +
      '(`priority_sum` descending, then the requested order), then the other sites. `in_alert_sites` and ' +
      '`other_sites` hold this page’s share of each; `in_alert_site_number` and `other_site_number` count every ' +
      'matching site; `hydra:view` links the next and previous pages. Filters: `name` (contains), `users[]` ' +
      '(referents), `clients[]`, `status[]`, `treatment_type[]`, `alert_type[]` (`NONE`: no alert), `order[name]`, ' +
      '`order[updated_at]` (default name ascending). With `pagination=false` (and `client.ulid`), a hydra ' +
      'collection of every matching site (at most 1000) instead.',
    query: siteListQuery,
    responses: { 200: z.union([siteListAnswer, siteCollection]) },
  }),
  search: defineEndpoint({
    operationId: 'searchSites',
    method: 'GET',
    path: '/api/sites/search',
    tags,
    access,
    summary: 'Search sites by name, optionally of one client: {list: [{@id, ulid, name}], total}, 30 a page',
    query: siteSearchQuery,
    responses: { 200: siteSearchResult },
  }),
  get: defineEndpoint({
    operationId: 'getSite',
    method: 'GET',
    path: '/api/sites/:id',
    tags,
    access,
    summary: 'A site with its client, referent, main contact and next planned visit (SPEC §3 "Site")',
    params: siteParams,
    responses: { 200: siteDetail },
    errors: ['site_not_found'],
    entityTag: 'answers',
  }),
  light: defineEndpoint({
    operationId: 'getSiteLight',
    method: 'GET',
    path: '/api/sites/:id/light',
    tags,
    access,
    summary: 'Light view of a site: description, status, desired installation date (SPEC §3)',
    params: siteParams,
    responses: { 200: siteLight },
    errors: ['site_not_found'],
  }),
  remove: defineEndpoint({
    operationId: 'deleteSite',
    method: 'DELETE',
    path: '/api/sites/:id',
    tags,
    access,
    summary: 'Delete a site with its interventions (204)',
    params: siteParams,
    responses: { 204: null },
    errors: ['site_not_found'],
  }),
  createContact: defineEndpoint({
    operationId: 'createSiteContact',
    method: 'POST',
    path: '/api/site_contacts',
    tags,
    access,
    summary: 'Create a site with its main contact (201 {site, contact})',
    description:
      '`contact` is the IRI of one of the client’s contacts, or a new contact (then also linked to the client as ' +
      'an alternative contact). 422: `client_invalid`, `referent_invalid`, `contact_invalid` and the field rules.',
    body: createSiteContactBody,
    idempotent: true,
    responses: { 201: siteContactAnswer },
  }),
  updateContact,
  patchContact: defineMergePatchOf(updateContact, {
    operationId: 'patchSiteContact',
    summary: 'Partly update a site and its main contact (merge patch; 200 {site, contact})',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: `{"site": {"name": "Chai nord"}}` renames the site only, ' +
      '`{"contact": "/api/contacts/{ulid}"}` changes its main contact, `null` removes an optional member ' +
      '(`description`, `notes`). The patched body must pass the PUT rules (same violations).',
  }),
};
