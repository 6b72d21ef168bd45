/** A titled part of a client form (a `fieldset` named by its legend, so that its fields are grouped for assistive technologies). */
import type { ReactNode } from 'react';

/** A group of fields with a visible legend and an optional note under it. */
export function FormSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-b border-gray-200 pb-6">
      <legend className="mb-4 text-sm font-semibold text-gray-900">{title}</legend>
      {note ? <p className="-mt-2 text-[13px] text-gray-600">{note}</p> : null}
      {children}
    </fieldset>
  );
}
