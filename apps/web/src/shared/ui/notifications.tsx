/**
 * Notifications (SPEC §3 "Notification", §8): title, content, error flag, optional primary and secondary actions
 * (each a name and either a close flag or a callback), auto-close after 10000 ms. Rendered by sonner's `<Toaster>`
 * (mounted once in the providers).
 */
import { NOTIFICATION_AUTO_CLOSE_MS } from '@isoptera/contracts';
import { CircleCheck, CircleExclamationPoint, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import { errorMessage } from '../api/error-message';
import { i18n } from '../i18n/i18n';
import { cn } from '../lib/cn';

/** An action button of a notification: closes it (`close: true`) and/or runs `onPress`. */
export interface NotificationAction {
  name: string;
  close?: boolean;
  onPress?: () => void;
}

export interface NotificationInput {
  title: string;
  content?: ReactNode;
  error?: boolean;
  primaryAction?: NotificationAction;
  secondaryAction?: NotificationAction;
  /** Milliseconds before it closes by itself; default 10000 (SPEC §9). `Infinity` keeps it open. */
  autoCloseMs?: number;
}

function ActionButton({ action, id, primary }: { action: NotificationAction; id: string | number; primary: boolean }) {
  return (
    <button
      type="button"
      onClick={() => {
        action.onPress?.();
        if (action.close !== false) toast.dismiss(id);
      }}
      className={cn(
        'rounded-md px-2.5 py-1 text-[13px] font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        primary ? 'bg-brand-700 text-white hover:bg-brand-800' : 'text-gray-700 hover:bg-gray-100',
      )}
    >
      {action.name}
    </button>
  );
}

function NotificationCard({ id, input }: { id: string | number; input: NotificationInput }) {
  const Icon = input.error ? CircleExclamationPoint : CircleCheck;
  return (
    <div
      role={input.error ? 'alert' : 'status'}
      data-error={input.error ? 'true' : undefined}
      className={cn(
        'flex w-[min(24rem,calc(100vw-2rem))] gap-3 rounded-lg border bg-white p-4 shadow-lg',
        input.error ? 'border-red-200 border-l-4 border-l-red-700' : 'border-gray-200 border-l-4 border-l-brand-700',
      )}
    >
      <Icon size={20} aria-hidden className={cn('mt-0.5 shrink-0', input.error ? 'text-red-700' : 'text-brand-700')} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-gray-900">{input.title}</p>
        {input.content ? <div className="mt-1 text-sm text-gray-700">{input.content}</div> : null}
        {input.primaryAction || input.secondaryAction ? (
          <div className="mt-3 flex gap-2">
            {input.primaryAction ? <ActionButton action={input.primaryAction} id={id} primary /> : null}
            {input.secondaryAction ? <ActionButton action={input.secondaryAction} id={id} primary={false} /> : null}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        aria-label={i18n.t('common:notification.close')}
        onClick={() => toast.dismiss(id)}
        className="-mt-1 -mr-1 self-start rounded-md p-1 text-gray-500 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}

/** Shows a notification (SPEC §3); returns its id. */
export function notify(input: NotificationInput): string | number {
  return toast.custom((id) => <NotificationCard id={id} input={input} />, {
    duration: input.autoCloseMs ?? NOTIFICATION_AUTO_CLOSE_MS,
    unstyled: true,
  });
}

/** Shows the translated message of a failed call as an error notification (SPEC §8). */
export function notifyError(error: unknown, title: string = i18n.t('errors:title')): string | number {
  return notify({ title, content: errorMessage(error), error: true });
}

/** Closes a notification, or all of them. */
export function dismissNotification(id?: string | number): void {
  toast.dismiss(id);
}

/** Where notifications appear (top right); mount once. */
export function NotificationViewport() {
  return <Toaster position="top-right" visibleToasts={5} gap={8} offset={16} />;
}
