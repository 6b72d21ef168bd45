/**
 * Checking a presented device credential (issue 5 "each gateway gets a device credential … that authenticates its
 * uplinks"): `<gateway ulid>.<secret base64url>`, compared with the stored SHA-256 (hex) of the secret in constant
 * time. Issuing credentials is the equipment module's (`../equipment/device-credential.ts`).
 */
import { timingSafeEqual } from 'node:crypto';
import { deviceSecretHash } from '../equipment/device-credential.js';

const CREDENTIAL = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{16,128})$/;

/** The gateway id and the secret's hash of a presented credential, or null when it is not `<ulid>.<secret>`. */
export function parseDeviceCredential(credential: string): { gatewayId: string; hash: string } | null {
  const match = CREDENTIAL.exec(credential.trim());
  if (!match) return null;
  return { gatewayId: match[1] as string, hash: deviceSecretHash(match[2] as string) };
}

/** True when the presented secret hash equals the stored one (constant time); false for a revoked (null) hash. */
export function sameSecretHash(presented: string, stored: string | null): boolean {
  if (!stored || presented.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(stored));
}
