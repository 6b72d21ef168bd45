/** A space's logo thumbnail, or its initials on a grey square when it has none. Decorative (the name is next to it). */
import { cn } from '../lib/cn';

/** Up to two initials of a name (`Termites Services Lyon` → `TS`). */
export function spaceInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
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
      {spaceInitials(name)}
    </span>
  );
}
