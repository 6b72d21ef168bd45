/**
 * The frame of the three profile modals (SPEC §2.6): a modal dialog holding one form, a form-level error, and the
 * footer Cancel / Save. While saving, Save shows a spinner and is disabled, and the modal cannot be dismissed
 * (ARCHITECTURE §7 "a disabled save with a spinner while saving"). With unsaved changes, Cancel, Escape, the close
 * button and a click outside first ask whether to discard them (the forms' guard, shared/forms/form-slide-over).
 */
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCancelButton, FormCloseProvider, useUnsavedChangesGuard } from '../../../shared/forms/form-slide-over';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { Modal } from '../../../shared/ui/modal';

export interface ProfileFormModalProps {
  title: ReactNode;
  /** A sentence under the title. */
  intro?: ReactNode;
  isSaving: boolean;
  /** The form has unsaved changes (react-hook-form's `formState.isDirty`): closing asks first. */
  isDirty?: boolean;
  /** A message for an error that belongs to no field (network, 5xx, 429…), already translated. */
  formError?: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Closes the modal (Cancel, Escape, the close button, a click outside), except while saving. */
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog with one form and Cancel / Save. */
export function ProfileFormModal({
  title,
  intro,
  isSaving,
  isDirty = false,
  formError,
  onSubmit,
  onClose,
  children,
}: ProfileFormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { guard, dialog } = useUnsavedChangesGuard({ isDirty, isSaving });
  return (
    <FormCloseProvider value={{ requestClose: (leave) => guard(leave ?? onClose), isSaving }}>
      <Modal
        isOpen
        onOpenChange={(open) => {
          if (!open) guard(onClose);
        }}
        isDismissable={!isSaving}
        title={title}
        footer={
          <>
            <FormCancelButton />
            <Button type="submit" form={formId} isLoading={isSaving}>
              {isSaving ? t('common:states.saving') : t('common:actions.save')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {intro ? <p className="text-sm text-gray-600">{intro}</p> : null}
          {formError ? <FormError message={formError} /> : null}
          {children}
        </form>
      </Modal>
      {dialog}
    </FormCloseProvider>
  );
}

/** The 'Forgot password?' action of the e-mail and password modals (SPEC §2.6): the caller closes the modal first. */
export function ForgotPasswordButton({ onPress, isDisabled }: { onPress: () => void; isDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="tertiary"
      size="sm"
      onPress={onPress}
      isDisabled={isDisabled}
      className="-ml-3 self-start text-brand-800 underline-offset-2 hover:underline"
    >
      {t('profile:forgotPassword.action')}
    </Button>
  );
}
