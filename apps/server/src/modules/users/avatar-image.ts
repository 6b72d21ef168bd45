/**
 * Avatar images (SPEC §2.7 "Users": avatar; §5 "avatar and logo also depend on image format and size"; ARCHITECTURE
 * §6 "uploads checked by magic bytes and size"): the content decides, never the file name or the declared type.
 */
import { AVATAR_SIZE_PX } from '@isoptera/contracts';
import sharp from 'sharp';

/** Formats accepted as avatar sources, as sharp detects them from the bytes. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Decompression-bomb guard: larger images (in pixels) are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The stored form of an uploaded avatar: a WebP fitting an {@link AVATAR_SIZE_PX}-pixel square (aspect kept, never
 * enlarged, EXIF orientation applied, metadata dropped). Answers null when `input` is not a readable JPEG, PNG or
 * WebP image.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    return await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
