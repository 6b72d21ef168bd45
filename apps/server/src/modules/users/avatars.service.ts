/**
 * Avatars of members (SPEC §2.7 "Users": edit … avatar): uploaded through `POST {users}/{ulid}/avatar`, stored as
 * `DATA_DIR/uploads/avatars/<32 hex>.webp`, saved on the account as the URL `/api/avatars/<file>` and served by
 * `GET /api/avatars/{file}`. File names are random and never reused, so a stored file never changes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpaceUser } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { validationFailed } from '../../platform/errors/app-error.js';
import { toAvatarWebp } from './avatar-image.js';
import { requireManageable, requireMember } from './users.guards.js';
import type { UsersRepository } from './users.repository.js';
import { spaceUserResource } from './users.resource.js';

/** The only file names served: those the upload generates. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.webp$/;
/** URL prefix of stored avatars. */
export const AVATAR_URL_PREFIX = '/api/avatars/';

export function createAvatarsService(repository: UsersRepository, options: { dataDir: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const directory = path.join(options.dataDir, 'uploads', 'avatars');

  /** The stored file of an avatar URL, or null when the URL is not one of ours. */
  function fileOf(url: string): string | null {
    const name = url.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : '';
    return AVATAR_FILE_PATTERN.test(name) ? path.join(directory, name) : null;
  }

  /** Deletes the file of an avatar URL; a missing file or a foreign URL is ignored. */
  async function removeAvatar(url: string): Promise<void> {
    const file = fileOf(url);
    if (file) await unlink(file).catch(() => undefined);
  }

  return {
    removeAvatar,

    /**
     * `POST {users}/{ulid}/avatar`: `read()` gives the uploaded bytes (null when the `file` part is missing); they
     * must be a JPEG, PNG or WebP by content. Stores the resized WebP, points the account at it, deletes the previous
     * file, and answers the member. Throws 404 `user_not_found`, 403 `forbidden` (member not manageable), 422
     * `avatar_invalid` on `file`; the upload itself throws 413 `payload_too_large` over `AVATAR_MAX_BYTES`.
     */
    async upload(actor: Actor, ulid: string, read: () => Promise<Buffer | null>): Promise<SpaceUser> {
      const member = await requireMember(repository, actor, ulid);
      requireManageable(actor, member);
      const input = await read();
      const webp = input ? await toAvatarWebp(input) : null;
      if (!webp) throw validationFailed({ propertyPath: 'file', code: 'avatar_invalid' });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), webp);
      const previous = await repository.setAvatar(member.accountId, `${AVATAR_URL_PREFIX}${name}`, now());
      if (previous) await removeAvatar(previous);
      const updated = await requireMember(repository, actor, member.id);
      return spaceUserResource(updated, actor.timezone);
    },

    /** The bytes of the stored avatar `name`, or null when the name is not one of ours or the file is gone. */
    async read(name: string): Promise<Buffer | null> {
      if (!AVATAR_FILE_PATTERN.test(name)) return null;
      return readFile(path.join(directory, name)).catch(() => null);
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
