/** Spinner of 20, 24, 32 or 48 px (SPEC §9 "Spinner sizes"), announced as 'Loading' to assistive technologies. */
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export type SpinnerSize = 20 | 24 | 32 | 48;

export interface SpinnerProps {
  size?: SpinnerSize;
  className?: string;
  /** Accessible label; default 'Loading'. Pass `null` when the surrounding text already says it. */
  label?: string | null;
}

/** An animated loading indicator (ARCHITECTURE §7). */
export function Spinner({ size = 24, className, label }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label === undefined ? t('common:states.loading') : label;
  return (
    <span role={text ? 'status' : undefined} className={cn('inline-flex shrink-0', className)}>
      <LoaderCircle
        width={size}
        height={size}
        className="animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]"
        aria-hidden
      />
      {text ? <span className="sr-only">{text}</span> : null}
    </span>
  );
}
