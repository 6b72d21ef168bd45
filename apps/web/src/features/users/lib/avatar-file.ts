/**
 * The client-side check of an avatar image before `POST {users}/{ulid}/avatar` (contract `AVATAR_MAX_BYTES`): JPEG,
 * PNG or WebP by declared type, at most 5 MB. The server checks the content again (`avatar_invalid`,
 * `avatar_too_large`).
 */
import { AVATAR_MAX_BYTES } from '@isoptera/contracts';

/** The accepted MIME types. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** `null` when the file may be sent, else the violation code the server would give. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): 'avatar_invalid' | 'avatar_too_large' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatar_invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar_too_large';
  return null;
}
