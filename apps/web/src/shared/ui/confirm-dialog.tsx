/**
 * Confirmation dialog: title, message, cancel and a confirm button, red by default (ARCHITECTURE §7, SPEC §2.7);
 * `confirmVariant="primary"` for an action that undoes nothing (e.g. re-enabling a member).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's variant: 'red' (default) for a destructive action, 'primary' otherwise. */
  confirmVariant?: 'red' | 'primary';
  /** Shows a spinner on the confirm button and ignores further presses. */
  isLoading?: boolean;
}

/** Asks the user to confirm a destructive or important action. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  onConfirm,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'red',
  isLoading = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      role="alertdialog"
      isDismissable={!isLoading}
      footer={
        <>
          <Button variant="white" onPress={() => onOpenChange(false)} isDisabled={isLoading}>
            {cancelLabel ?? t('common:actions.cancel')}
          </Button>
          <Button variant={confirmVariant} onPress={onConfirm} isLoading={isLoading} autoFocus>
            {confirmLabel ?? t('common:actions.confirm')}
          </Button>
        </>
      }
    >
      {message}
    </Modal>
  );
}
