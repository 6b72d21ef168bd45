/** Empty state: an icon, one sentence and the action that fills the list (ARCHITECTURE §7). */
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  /** One sentence. */
  message: ReactNode;
  action?: ReactNode;
}

/** Shown in place of an empty list. */
export function EmptyState({ icon, message, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-500" aria-hidden>
        {icon ?? <Inbox size={24} />}
      </span>
      <p className="max-w-sm text-sm text-gray-700">{message}</p>
      {action}
    </div>
  );
}
