/** Shared pieces and classes of the form fields (labels, help text, inputs), ARCHITECTURE §7 "Every form: labels". */
import type { ReactNode } from 'react';
import { Label, Text } from 'react-aria-components';
import { cn } from '../lib/cn';

/** Props common to every field. `error` is an error code, translated by `FieldError`. */
export interface FieldBaseProps {
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** Classes of a text-like input (input, textarea, date field group). */
export const inputClasses = cn(
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs',
  'placeholder:text-gray-500 outline-none transition-colors',
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30',
  'data-[invalid]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500',
);

/** A field label with a required marker. */
export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className="mb-1 block text-[13px] font-medium text-gray-800">
      {children}
      {isRequired ? (
        <span aria-hidden className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </Label>
  );
}

/** Help text under a field, linked to it by React Aria. */
export function FieldDescription({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Text slot="description" className="mt-1 block text-[13px] text-gray-600">
      {children}
    </Text>
  );
}
