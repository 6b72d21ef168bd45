/**
 * Space settings endpoints (SPEC §2.7 "Space settings"; contract `spaceParametersEndpoints`), all on the actor's
 * current space (dealer owner, PCO owner, or anyone substituted into it): `GET /api/space_parameters` →
 * SpaceParameters, `PUT` (name, address, referral reseller; 422 violations), the logo (`POST …/logo`, multipart `file`;
 * 422 `logo_invalid`), the ownership transfer (`POST …/transfer {new_owner}`, 204; 422 `new_owner_invalid`), the
 * deletion (`POST …/delete {confirmation}`, 204; 422 `confirmation_invalid`) and the audit trail (`GET …/audit?page`).
 */
import { spaceParametersEndpoints as api, type SpaceParameters, type SpaceParametersInput } from '@isoptera/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

export const spaceParametersKeys = {
  all: ['space-parameters'] as const,
  settings: () => ['space-parameters', 'settings'] as const,
  audit: (page: number) => ['space-parameters', 'audit', page] as const,
};

/** The settings of the current space and its possible new owners. */
export function useSpaceParameters() {
  return useQuery({
    queryKey: spaceParametersKeys.settings(),
    queryFn: ({ signal }) => callEndpoint(api.get, { signal }),
  });
}

/** `PUT /api/space_parameters`: answers the saved settings (422 with violations on name / address.* / referral_reseller). */
export function saveSpaceParameters(body: SpaceParametersInput): Promise<SpaceParameters> {
  return callEndpoint(api.update, { body });
}

/** Uploads the logo of the current space (JPEG/PNG/WebP ≤ 5 MB); answers its URL. 422 `logo_invalid`. */
export function uploadSpaceLogo(file: File): Promise<{ logo: string }> {
  const body = new FormData();
  body.append('file', file);
  return callEndpoint(api.uploadLogo, { body });
}

/** Hands ownership to the member `newOwner` (membership ULID). 204; 422 `new_owner_invalid`. */
export function transferOwnership(newOwner: string): Promise<void> {
  return callEndpoint(api.transfer, { body: { new_owner: newOwner } });
}

/** Closes the current space; `confirmation` must be its exact name. 204; 422 `confirmation_invalid`. */
export function deleteSpace(confirmation: string): Promise<void> {
  return callEndpoint(api.remove, { body: { confirmation } });
}

/** One page (30 events, newest first) of the changes made in the space under substitution. */
export function useAuditEvents(page: number) {
  return useQuery({
    queryKey: spaceParametersKeys.audit(page),
    queryFn: ({ signal }) => callEndpoint(api.audit, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
