/**
 * Avatars of members (SPEC §2.7 "Users": edit … avatar): uploaded through `POST {users}/{ulid}/avatar`, stored in the file
 * storage as `avatars/<32 hex>.webp`, saved on the account as the URL `/api/avatars/<file>` and served by
 * `GET /api/avatars/{file}`. File names are random and never reused, so a stored file never changes.
 */
import type { SpaceUser } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { validationFailed } from '../../platform/errors/app-error.js';
import { createImageStore, STORED_IMAGE_PATTERN } from '../../platform/images/images.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { toAvatarWebp } from './avatar-image.js';
import { requireManageable, requireMember } from './users.guards.js';
import type { UsersRepository } from './users.repository.js';
import { spaceUserResource } from './users.resource.js';

/** The only file names served: those the upload generates. */
export const AVATAR_FILE_PATTERN = STORED_IMAGE_PATTERN;
/** URL prefix of stored avatars. */
export const AVATAR_URL_PREFIX = '/api/avatars/';

export function createAvatarsService(repository: UsersRepository, options: { storage: FileStorage; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const store = createImageStore({ storage: options.storage, folder: 'avatars', urlPrefix: AVATAR_URL_PREFIX });

  /** Deletes the file of an avatar URL; a missing file or a foreign URL is ignored. */
  const removeAvatar = (url: string): Promise<void> => store.remove(url);

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
      const previous = await repository.setAvatar(member.accountId, await store.save(webp), now());
      if (previous) await removeAvatar(previous);
      const updated = await requireMember(repository, actor, member.id);
      return spaceUserResource(updated, actor.timezone);
    },

    /** The bytes of the stored avatar `name`, or null when the name is not one of ours or the file is gone. */
    read(name: string): Promise<Buffer | null> {
      return store.read(name);
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
