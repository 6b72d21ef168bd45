/** A space's logo thumbnail, or its initials on a grey square when it has none. Decorative (the name is next to it). */
import { cn } from '../lib/cn';

/** Up to two initials of a name (`Termites Services Lyon` → `TS`; a character outside the BMP stays whole). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0] ?? ''];
  return letters
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

export function SpaceLogo({ name, src, size = 'sm' }: { name: string; src: string | null; size?: 'sm' | 'lg' }) {
  const box = size === 'sm' ? 'size-9 text-[13px]' : 'size-20 text-2xl';
  if (src) return <img src={src} alt="" className={cn('shrink-0 rounded-md bg-white object-contain', box)} />;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md bg-gray-200 font-semibold text-gray-700 select-none',
        box,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
