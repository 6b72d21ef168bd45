/**
 * Inline error of a form field, translated from its code (`errors:<code>`, ARCHITECTURE §3 rule 4; SPEC §5 form
 * errors). Inside a React Aria field it is linked to the input through `aria-describedby`.
 */
import { FieldError as AriaFieldError } from 'react-aria-components';
import { translateErrorCode } from '../api/error-message';

export interface FieldErrorProps {
  /** The error code, e.g. `email_required` (as reported by the contract's zod rules or the server's violations). */
  code: string | null | undefined;
}

/** The translated error message of a React Aria field (renders only when the field is invalid). */
export function FieldError({ code }: FieldErrorProps) {
  if (!code) return null;
  return <AriaFieldError className="mt-1 block text-[13px] text-red-700">{translateErrorCode(code)}</AriaFieldError>;
}

/** The same message outside a React Aria field (e.g. a form-level error), announced as an alert. */
export function FormError({ code, message }: { code?: string | null; message?: string | null }) {
  const text = message ?? (code ? translateErrorCode(code) : null);
  if (!text) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {text}
    </p>
  );
}
