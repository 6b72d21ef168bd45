/** Password hashing with argon2id (ARCHITECTURE §2: m = 19 MiB, t = 2, p = 1). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
/** A hash checked when the account is unknown, so that a miss costs as much as a hit. */
let decoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** `true` when `password` matches `passwordHash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-Aa1!');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
