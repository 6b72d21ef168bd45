/** Full-screen loader: session being decided, lazy screen loading, logging out (SPEC §4 "Logout"). */
import { Spinner } from './spinner';

/** A centred 48 px spinner with an optional visible text (announced once, as a status). */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <div
      role={label ? 'status' : undefined}
      className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-brand-700"
    >
      <Spinner size={48} label={label ? null : undefined} />
      {label ? <p className="text-sm text-gray-700">{label}</p> : null}
    </div>
  );
}
