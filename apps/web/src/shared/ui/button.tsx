/**
 * Buttons of the design system (SPEC §9 "Button variants": primary, secondary, tertiary, white, red; default type
 * `button`). `isLoading` shows a 20 px spinner and blocks presses and form submission (a second submit is ignored).
 */
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps, Link, type LinkProps } from 'react-aria-components';
import { cn } from '../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'white' | 'red';
export type ButtonSize = 'sm' | 'md';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 pressed:bg-brand-900 border-transparent shadow-sm',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100 pressed:bg-brand-200 border-transparent',
  tertiary: 'bg-transparent text-gray-700 hover:bg-gray-100 pressed:bg-gray-200 border-transparent',
  white: 'bg-white text-gray-800 hover:bg-gray-50 pressed:bg-gray-100 border-gray-300 shadow-sm',
  red: 'bg-red-700 text-white hover:bg-red-800 pressed:bg-red-900 border-transparent shadow-sm',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px] gap-1.5',
  md: 'h-9 px-4 text-sm gap-2',
};

/** The classes of a button; also used to style links as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center rounded-md border font-medium whitespace-nowrap transition-colors',
    'outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-wait aria-busy:opacity-80',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'isPending'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a 20 px spinner and ignores presses (saving). */
  isLoading?: boolean;
  /** An icon shown before the text. */
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A button; use `onPress` for actions (React Aria). */
export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  icon,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      type={type}
      // not React Aria's `isPending`: its transient announcer leaves unlabelled role="img" nodes behind (axe)
      isDisabled={props.isDisabled || isLoading}
      aria-busy={isLoading || undefined}
      data-variant={variant}
      className={buttonClasses(variant, size, className)}
    >
      {isLoading ? <Spinner size={20} label={null} /> : icon}
      {children}
    </AriaButton>
  );
}

export interface ButtonLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A link that looks like a button (client-side navigation through the app's router). */
export function ButtonLink({ variant = 'white', size = 'md', icon, className, children, ...props }: ButtonLinkProps) {
  return (
    <Link {...props} className={buttonClasses(variant, size, className)}>
      {icon}
      {children}
    </Link>
  );
}
