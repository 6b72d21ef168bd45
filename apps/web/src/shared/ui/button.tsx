/**
 * Buttons of the design system (SPEC §9 "Button variants": primary, secondary, tertiary, white, red; default type
 * `button`). `isLoading` shows a 20 px spinner and blocks presses and form submission (a second submit is ignored).
 */
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps, Link, type LinkProps } from 'react-aria-components';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';
import { Spinner } from './spinner';

export { type ButtonSize, type ButtonVariant, buttonClasses };

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
