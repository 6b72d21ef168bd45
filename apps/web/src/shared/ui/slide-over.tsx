/**
 * Slide-over panel (ARCHITECTURE §7; SPEC §2.3 mobile sidebar, §2.5 intervention panel): a React Aria modal dialog
 * sliding from the right (or left), full-width on mobile, with a title, optional subtitle, scrollable body and footer.
 */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

export interface SlideOverProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel and Save). */
  footer?: ReactNode;
  side?: 'right' | 'left';
  /** Width on desktop. */
  size?: 'sm' | 'md' | 'lg';
  /** Hides the title visually (kept for assistive technologies). */
  hideTitle?: boolean;
  isDismissable?: boolean;
  children?: ReactNode;
}

const WIDTHS = { sm: 'sm:max-w-xs', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

/** A modal panel attached to one side of the screen. */
export function SlideOver({
  isOpen,
  onOpenChange,
  title,
  subtitle,
  footer,
  side = 'right',
  size = 'md',
  hideTitle = false,
  isDismissable = true,
  children,
}: SlideOverProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-40 bg-gray-900/40 entering:animate-[fade-in_150ms_ease-out] exiting:animate-[fade-in_150ms_ease-in_reverse]"
    >
      <Modal
        className={cn(
          'fixed inset-y-0 flex w-full flex-col bg-white shadow-xl outline-none',
          WIDTHS[size],
          side === 'right'
            ? 'right-0 entering:animate-[slide-from-right_200ms_ease-out] exiting:animate-[slide-from-right_200ms_ease-in_reverse]'
            : 'left-0 entering:animate-[slide-from-left_200ms_ease-out] exiting:animate-[slide-from-left_200ms_ease-in_reverse]',
        )}
      >
        <Dialog className="flex h-full min-h-0 flex-col outline-none">
          {({ close }) => (
            <>
              <header
                className={cn(
                  'flex items-start justify-between gap-3 px-5 py-4',
                  !hideTitle && 'border-b border-gray-200',
                )}
              >
                <div className={cn('min-w-0', hideTitle && 'sr-only')}>
                  <Heading slot="title" className="text-base font-semibold text-gray-900">
                    {title}
                  </Heading>
                  {subtitle ? <p className="mt-0.5 text-sm text-gray-600">{subtitle}</p> : null}
                </div>
                <AriaButton
                  onPress={close}
                  aria-label={t('common:actions.close')}
                  className="ml-auto rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <X size={20} aria-hidden />
                </AriaButton>
              </header>
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
              {footer ? (
                <footer className="flex items-center justify-end gap-2 border-t border-gray-200 bg-gray-50 px-5 py-3">
                  {footer}
                </footer>
              ) : null}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
