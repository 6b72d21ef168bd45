/**
 * `POST /api/site_contacts {site, contact}` → 201 `{site, contact}` and `PUT /api/site_contacts/{site_contact_ulid}`
 * → 200 `{site, contact}` (SPEC §7 "Sites"). A 422 answer's violations are mapped onto the form by the caller.
 */
import type { CreateSiteContactBody, SiteContactAnswer, SiteDetail, siteEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { entityTagOf, ifMatch, rememberEntityTag } from '../../../shared/api/http-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { siteKeys } from '../../../shared/api/resources/sites';

export interface SaveSiteInput {
  body: CreateSiteContactBody;
  /** The site being edited; absent for a new site. */
  site?: SiteDetail;
  /** The `ETag` of the site as the form loaded it: sent as `If-Match` (412 `edit_conflict` if it changed since). */
  entityTag?: string;
}

/**
 * Creates or updates a site with its main contact (`idempotencyKey`: the create's, ADR 027; `entityTag`: the edit's
 * `If-Match`, ADR 024).
 */
export function saveSite(
  { body, site, entityTag }: SaveSiteInput,
  idempotencyKey?: string,
): Promise<SiteContactAnswer> {
  if (!site) {
    return callEndpoint<typeof siteEndpoints.createContact>(
      { method: 'POST', path: '/api/site_contacts' },
      { body, idempotencyKey, redirectOnError: false },
    );
  }
  // a site that lost its main contact is addressed by its own ULID (the server accepts both)
  const key = site.contact?.site_contact_ulid || site.ulid;
  return callEndpoint<typeof siteEndpoints.updateContact>(
    { method: 'PUT', path: '/api/site_contacts/:id' },
    {
      params: { id: key },
      body: { ...body, site: { ...body.site, '@id': site['@id'] } },
      headers: ifMatch(entityTag),
      redirectOnError: false,
    },
  );
}

/**
 * The save mutation (a create sends this form's `Idempotency-Key`): the answer becomes the cached detail, then every view of sites refreshes, and with them the
 * clients (site counts, a new contact) and the visits (site names in the planning and on Home).
 */
export function useSaveSite() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: SaveSiteInput) => saveSite(input, input.site ? undefined : keys.keyFor(input.body)),
    onSuccess: (answer) => {
      keys.renew();
      // the answer's ETag is the site's new version
      rememberEntityTag(answer.site, entityTagOf(answer));
      queryClient.setQueryData(siteKeys.detail(answer.site.ulid), answer.site);
      return invalidateResource(queryClient, 'sites', { keep: [siteKeys.detail(answer.site.ulid)] });
    },
  });
}
