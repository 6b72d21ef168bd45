/** Rules of the activation page (SPEC §1, §8 "Invitation/activation"): where an activated person goes, which error shows. */
import type { ActivationResult, Role } from '@isoptera/contracts';
import { isApiError } from '../../../shared/api/api-error';
import { DOWNLOAD_APP_PATH, loginPath } from './auth-paths';

/** What the login screen is asked to say after an activation (router state `notice`). */
export type LoginNotice = 'activated';

/** The technician role: activated technicians go to the page pointing to the mobile app (SPEC §1). */
const TECHNICIAN_ROLE: Role = 'ROLE_PCO_SPACE_TECHNICIAN';

/**
 * Where an activated person goes next: technicians to DownloadApp; everyone else to the login with the e-mail
 * filled in and 'Your account is ready' (router state).
 */
export function activationTarget(result: ActivationResult): { to: string; state?: { notice: LoginNotice } } {
  if (result.role === TECHNICIAN_ROLE) return { to: DOWNLOAD_APP_PATH };
  return { to: loginPath(result.email), state: { notice: 'activated' } };
}

/**
 * The error code shown for a failed look-up or activation: 404 → `activation_link_incorrect`, 410 →
 * `expire_invite_token`; null for a failure worth trying again (network, 5xx…).
 */
export function activationErrorCode(error: unknown): string | null {
  if (isApiError(error, 404)) return 'activation_link_incorrect';
  if (isApiError(error, 410)) return 'expire_invite_token';
  return null;
}

/** `user_exist` of a link: '1' or 'true'. */
export function isTruthyParam(value: string | null): boolean {
  return value === '1' || value === 'true';
}
