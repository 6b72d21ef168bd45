/**
 * Avatar images (SPEC §2.7 "Users": avatar; §5 "avatar and logo also depend on image format and size"; ARCHITECTURE
 * §6 "uploads checked by magic bytes and size"): the content decides, never the file name or the declared type.
 */
import { AVATAR_SIZE_PX } from '@isoptera/contracts';
import { toWebpFitting } from '../../platform/images/images.js';

/**
 * The stored form of an uploaded avatar: a WebP fitting an {@link AVATAR_SIZE_PX}-pixel square (aspect kept, never
 * enlarged, EXIF orientation applied, metadata dropped). Answers null when `input` is not a readable JPEG, PNG or
 * WebP image.
 */
export function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  return toWebpFitting(input, AVATAR_SIZE_PX);
}
