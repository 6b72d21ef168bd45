/** White card on the grey canvas (ARCHITECTURE §7). */
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CardProps {
  title?: ReactNode;
  /** Content at the right of the title (actions, counters). */
  actions?: ReactNode;
  className?: string;
  /** Removes the inner padding (tables that touch the edges). */
  flush?: boolean;
  children?: ReactNode;
}

/** A bordered white surface with an optional title row. */
export function Card({ title, actions, className, flush = false, children }: CardProps) {
  return (
    <section className={cn('rounded-lg border border-gray-200 bg-white shadow-xs', className)}>
      {title || actions ? (
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
          {title ? <h2 className="text-[15px] font-semibold text-gray-900">{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      <div className={flush ? undefined : 'p-4'}>{children}</div>
    </section>
  );
}
