/** Checkbox built on React Aria. */
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { cn } from '../lib/cn';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** A labelled checkbox (the label is its content). */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={cn('group inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800', className)}
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden
            className={cn(
              'flex size-4 shrink-0 items-center justify-center rounded border transition-colors',
              'group-focus-visible:ring-2 group-focus-visible:ring-brand-600 group-focus-visible:ring-offset-1',
              isSelected ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white',
            )}
          >
            {isSelected ? <Check size={12} strokeWidth={3} /> : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
