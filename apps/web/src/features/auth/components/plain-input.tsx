/**
 * A labelled text input with its translated inline error, in plain HTML (same look as shared/ui/text-field, which
 * bundles React Aria): the login route's steps use it to stay within their budget (ARCHITECTURE §6).
 */
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { translateErrorCode } from '../../../shared/api/error-message';

/** The classes of a text input (as `inputClasses` of shared/ui/field-parts). */
export const PLAIN_INPUT_CLASSES =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs ' +
  'placeholder:text-gray-500 outline-none transition-colors ' +
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ' +
  'data-[invalid]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500';

export interface PlainInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'required' | 'className'> {
  label: ReactNode;
  name: string;
  value: string;
  /** An error code (`errors:<code>`), shown under the input, linked to it and announced. */
  error?: string | null;
  /** Ids of other elements describing the input (e.g. an explanation above it). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/** A required text input: label with its marker, the input, and a polite live region holding its error. */
export function PlainInput({ label, name, error, describedBy, inputRef, onChange, ...input }: PlainInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-gray-800">
        {label}
        <span aria-hidden className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        data-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={PLAIN_INPUT_CLASSES}
      />
      <span id={errorId} aria-live="polite" className={error ? 'mt-1 block text-[13px] text-red-700' : undefined}>
        {error ? translateErrorCode(error) : null}
      </span>
    </div>
  );
}
