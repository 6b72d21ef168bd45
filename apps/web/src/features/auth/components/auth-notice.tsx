/** The message boxes of the public screens: an error (announced as an alert) and an information (a status). */
import type { ReactNode, Ref } from 'react';

/** A red box announced at once by assistive technologies (`role="alert"`). */
export function AuthAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

/**
 * A green box announced politely (`role="status"`); focusable from code (`tabIndex=-1`) so that a screen can move
 * the focus to it when it replaces a form.
 */
export function AuthNotice({ children, noticeRef }: { children: ReactNode; noticeRef?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={noticeRef}
      role="status"
      tabIndex={-1}
      className="rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {children}
    </div>
  );
}
