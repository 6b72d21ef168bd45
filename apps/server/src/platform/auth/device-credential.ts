/**
 * Device credentials of gateways (issue 5 "each gateway gets a device credential, shown once, that authenticates its
 * uplinks"): `<gateway ulid>.<secret>`, the secret 32 random bytes in base64url. Only SHA-256 (hex) of the secret is
 * stored (`equipment.credential_hash`); the credential itself is shown once, at registration or rotation.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 (hex) of a credential's secret part: what `equipment.credential_hash` holds. */
export function deviceSecretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new credential for gateway `gatewayId`: the text to show once and the hash to store. */
export function issueDeviceCredential(gatewayId: string): { credential: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { credential: `${gatewayId}.${secret}`, hash: deviceSecretHash(secret) };
}

/** The gateway id and secret hash of a presented credential, or null when it is not of the `<ulid>.<secret>` form. */
export function parseDeviceCredential(credential: string): { gatewayId: string; hash: string } | null {
  const match = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{16,128})$/.exec(credential.trim());
  if (!match) return null;
  return { gatewayId: match[1] as string, hash: deviceSecretHash(match[2] as string) };
}

/** `true` when a presented secret hash equals the stored one (constant time). */
export function sameSecretHash(presented: string, stored: string | null): boolean {
  if (!stored || presented.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(stored));
}
