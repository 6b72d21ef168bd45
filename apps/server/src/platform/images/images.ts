/**
 * Uploaded images (SPEC §5 "avatar and logo also depend on image format and size"; ARCHITECTURE §6 "uploads checked
 * by magic bytes and size"): the content decides, never the file name or the declared type. Shared by avatars
 * (users module) and logos (spaces module).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../storage/file-storage.js';

/** Formats accepted as sources, as sharp detects them from the bytes. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Decompression-bomb guard: larger images (in pixels) are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * `input` as a WebP fitting a `sizePx`-pixel square (aspect kept, never enlarged, EXIF orientation applied, metadata
 * dropped). Answers null when `input` is not a readable JPEG, PNG or WebP image.
 */
export async function toWebpFitting(input: Buffer, sizePx: number): Promise<Buffer | null> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    return await image
      .rotate()
      .resize(sizePx, sizePx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** The only file names an image store serves: those it generates (`<32 hex>.webp`). */
export const STORED_IMAGE_PATTERN = /^[0-9a-f]{32}\.webp$/;

/**
 * The WebP images of `folder` in the file storage (`<folder>/<32 hex>.webp`), each known by the URL
 * `<urlPrefix><file>`. Names are random and never reused, so a stored file never changes (it may be cached forever).
 */
export function createImageStore(options: { storage: FileStorage; folder: string; urlPrefix: string }) {
  const { storage, folder } = options;

  /** The storage key of a URL, or null when the URL is not one of this store. */
  function keyOf(url: string): string | null {
    const name = url.startsWith(options.urlPrefix) ? url.slice(options.urlPrefix.length) : '';
    return STORED_IMAGE_PATTERN.test(name) ? `${folder}/${name}` : null;
  }

  return {
    /** Stores `webp` under a new random name and answers its URL. */
    async save(webp: Buffer): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await storage.put(`${folder}/${name}`, webp);
      return `${options.urlPrefix}${name}`;
    },

    /** Deletes the file of a URL; a missing file or a foreign URL is ignored. */
    async remove(url: string): Promise<void> {
      const key = keyOf(url);
      if (key) await storage.remove(key);
    },

    /** The bytes of the stored image `name`, or null when the name is not one of ours or the file is gone. */
    async read(name: string): Promise<Buffer | null> {
      if (!STORED_IMAGE_PATTERN.test(name)) return null;
      return storage.get(`${folder}/${name}`);
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

/**
 * `input` (a JPEG, PNG or WebP image) as PNG bytes — what a PDF library embeds when it cannot read WebP (logos) — or
 * null when it is no readable image.
 */
export async function toPng(input: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).png().toBuffer();
  } catch {
    return null;
  }
}
