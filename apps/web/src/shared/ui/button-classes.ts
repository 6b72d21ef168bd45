/**
 * The classes of the design system's buttons (SPEC §9 "Button variants": primary, secondary, tertiary, white, red),
 * apart from the React Aria components of button.tsx so that plain `<button>`s and links can use them without
 * bundling React Aria (the login route, ARCHITECTURE §6 budget).
 */
import { cn } from '../lib/cn';

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
