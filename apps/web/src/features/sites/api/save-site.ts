/**
 * `POST /api/site_contacts {site, contact}` → 201 `{site, contact}` and `PUT /api/site_contacts/{site_contact_ulid}`
 * → 200 `{site, contact}` (SPEC §7 "Sites"). A 422 answer's violations are mapped onto the form by the caller.
 */
import type { CreateSiteContactBody, SiteContactAnswer, SiteDetail } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { sitesKey } from './get-sites';

export interface SaveSiteInput {
  body: CreateSiteContactBody;
  /** The site being edited; absent for a new site. */
  site?: SiteDetail;
}

/** Creates or updates a site with its main contact. */
export function saveSite({ body, site }: SaveSiteInput): Promise<SiteContactAnswer> {
  if (!site) return http.post<SiteContactAnswer>('/api/site_contacts', body, { redirectOnError: false });
  // a site that lost its main contact is addressed by its own ULID (the server accepts both)
  const key = site.contact?.site_contact_ulid || site.ulid;
  return http.put<SiteContactAnswer>(
    `/api/site_contacts/${encodeURIComponent(key)}`,
    { ...body, site: { ...body.site, '@id': site['@id'] } },
    { redirectOnError: false },
  );
}

/** The save mutation; refreshes every cached site list and detail on success. */
export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    onSuccess: (answer) => {
      queryClient.setQueryData([...sitesKey, 'detail', answer.site.ulid], answer.site);
      return queryClient.invalidateQueries({ queryKey: sitesKey });
    },
  });
}
