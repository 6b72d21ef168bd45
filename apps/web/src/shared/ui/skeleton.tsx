/** Skeleton placeholders shown while data loads (ARCHITECTURE §7 "Every list: loading skeleton"). */
import { cn } from '../lib/cn';

export interface SkeletonProps {
  className?: string;
}

/** One grey animated block; size it with classes (`h-4 w-32`). Hidden from assistive technologies. */
export function Skeleton({ className }: SkeletonProps) {
  return <span aria-hidden className={cn('block animate-pulse rounded-md bg-gray-200', className ?? 'h-4 w-full')} />;
}

/** Several text-line skeletons of varying width. */
export function SkeletonLines({ lines = 3, className }: { lines?: number; className?: string }) {
  const widths = ['w-full', 'w-11/12', 'w-4/5', 'w-2/3', 'w-3/4'];
  return (
    <span className={cn('flex flex-col gap-2', className)} aria-hidden>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
        <Skeleton key={i} className={cn('h-4', widths[i % widths.length])} />
      ))}
    </span>
  );
}
