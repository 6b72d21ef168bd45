/** Label badge (SPEC §9 "Label badge": default colour gray; clickable only when closable). */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export type BadgeTone = 'gray' | 'brand' | 'green' | 'blue' | 'amber' | 'red' | 'purple';

/** Background, text and ring classes of each tone (AA contrast on their background). */
export const BADGE_TONES: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-700 ring-gray-300',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  red: 'bg-red-50 text-red-800 ring-red-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
};

export interface BadgeProps {
  tone?: BadgeTone;
  icon?: ReactNode;
  /** Renders a close button; the badge is interactive only then. */
  onClose?: () => void;
  /** Accessible name of the close button, default 'Remove <text>'. */
  closeLabel?: string;
  className?: string;
  /** Custom colour (e.g. a user's colour chip): a CSS colour for a small dot before the text. */
  dotColor?: string | null;
  children: ReactNode;
}

/** A small label; closable only when `onClose` is given. */
export function Badge({ tone = 'gray', icon, onClose, closeLabel, className, dotColor, children }: BadgeProps) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        BADGE_TONES[tone],
        className,
      )}
    >
      {dotColor ? (
        <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: dotColor }} />
      ) : null}
      {icon}
      <span className="truncate">{children}</span>
      {onClose ? (
        <AriaButton
          onPress={onClose}
          aria-label={
            closeLabel ?? t('common:actions.removeItem', { label: typeof children === 'string' ? children : '' })
          }
          className="-mr-1 inline-flex size-4 items-center justify-center rounded-full outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <X size={12} aria-hidden />
        </AriaButton>
      ) : null}
    </span>
  );
}
