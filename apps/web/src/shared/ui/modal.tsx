/** Centred modal dialog (ARCHITECTURE §7) built on React Aria: focus trap, Escape to close, labelled by its title. */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  footer?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  isDismissable?: boolean;
  children?: ReactNode;
}

/** A modal dialog with a title, a body and a footer of buttons. */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  footer,
  role = 'dialog',
  isDismissable = true,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex items-end justify-center bg-gray-900/40 p-0 sm:items-center sm:p-4 entering:animate-[fade-in_150ms_ease-out]"
    >
      <AriaModal className="w-full max-w-lg rounded-t-xl bg-white shadow-xl outline-none sm:rounded-xl">
        <Dialog role={role} className="outline-none">
          {({ close }) => (
            <>
              <header className="flex items-start justify-between gap-3 px-5 pt-5">
                <Heading slot="title" className="text-base font-semibold text-gray-900">
                  {title}
                </Heading>
                {isDismissable ? (
                  <AriaButton
                    onPress={close}
                    aria-label={t('common:actions.close')}
                    className="-mt-1 -mr-1 rounded-md p-1.5 text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    <X size={18} aria-hidden />
                  </AriaButton>
                ) : null}
              </header>
              <div className="px-5 py-4 text-sm text-gray-700">{children}</div>
              {footer ? (
                <footer className="flex flex-col-reverse gap-2 rounded-b-xl border-t border-gray-200 bg-gray-50 px-5 py-3 sm:flex-row sm:justify-end">
                  {footer}
                </footer>
              ) : null}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
