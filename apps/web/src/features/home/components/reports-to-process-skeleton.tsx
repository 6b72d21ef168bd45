/**
 * Home's 'Reports to process' while it loads — first its code (the page's placeholder), then its data (the card's
 * skeleton): one layout for both, that of the loaded list — the count line, {@link TO_PROCESS_SHOWN} rows of a one-line
 * name and a date, the 'more' line — so that the sections under the card in its column do not move when the reports
 * arrive (no layout shift, ARCHITECTURE §6). Small on purpose: the page imports it with the shell.
 */
import { Skeleton } from '../../../shared/ui/skeleton';

/** How many reports the card lists; the count and 'see all' cover the rest. */
export const TO_PROCESS_SHOWN = 6;

/** The loading list; `label` is read by screen readers. */
export function ToProcessSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      {/* the heights of the loaded lines: text-sm 20 px, text-xs 16 px, with their padding and borders */}
      <div className="border-b border-gray-200 px-4 py-2.5">
        <Skeleton className="h-5 w-40" />
      </div>
      <ul aria-hidden className="divide-y divide-gray-100">
        {Array.from({ length: TO_PROCESS_SHOWN }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <li key={i} className="flex flex-col gap-0.5 px-4 py-3">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </li>
        ))}
      </ul>
      <div className="border-t border-gray-200 px-4 py-2.5">
        <Skeleton className="h-5 w-32" />
      </div>
    </div>
  );
}
