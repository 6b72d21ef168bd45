/** Client-side check of a chosen logo (SPEC §5 "PCO or dealer space"; the server checks the content again). */
import { LOGO_MAX_BYTES } from '@isoptera/contracts';

export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The error of a logo file, or null when acceptable: `logo_invalid` (not JPEG/PNG/WebP by its declared type),
 * `logo_too_large` (over {@link LOGO_MAX_BYTES} = 5 MB).
 */
export function logoFileError(file: Pick<File, 'type' | 'size'>): 'logo_invalid' | 'logo_too_large' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'logo_invalid';
  if (file.size > LOGO_MAX_BYTES) return 'logo_too_large';
  return null;
}
