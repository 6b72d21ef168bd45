/**
 * Change-e-mail modal (SPEC §2.6, §4 "Profile", §5 "E-mail change"): the new address and the current password,
 * checked by the contract's `editEmailBody` → `PUT /api/me/edit-email`. On 204 the modal closes and the panel
 * warns that a confirmation link was sent to the new address (`onRequested`). `invalid_password` and
 * `email_already_exist` show under their fields. 'Forgot password?' closes the modal, then asks for a reset link.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EditEmailBody, editEmailBody } from '@isoptera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/error-message';
import { applyViolations } from '../../../shared/forms/violations';
import { TextField } from '../../../shared/ui/text-field';
import { useEditEmail } from '../api/edit-email';
import { ForgotPasswordButton, ProfileFormModal } from './profile-form-modal';

type EmailOutput = z.output<typeof editEmailBody>;
const FIELDS = ['new_email', 'password'] as const;

export interface EditEmailModalProps {
  /** The address now in use, shown for reference. */
  currentEmail: string;
  /** Called with the new address once the server has sent the confirmation link (204); then the modal closes. */
  onRequested: (newEmail: string) => void;
  onClose: () => void;
  /** 'Forgot password?': the caller closes this modal, then asks for the reset link. */
  onForgotPassword: () => void;
}

/** The modal; mount it to open it. */
export function EditEmailModal({ currentEmail, onRequested, onClose, onForgotPassword }: EditEmailModalProps) {
  const { t } = useTranslation();
  const editEmail = useEditEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditEmailBody, unknown, EmailOutput>({
    resolver: zodResolver(editEmailBody),
    defaultValues: { new_email: '', password: '' },
  });
  const isSaving = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await editEmail.mutateAsync(values);
    } catch (error) {
      const shown = Boolean(
        applyViolations(error, form.setError, FIELDS, {
          codes: { invalid_password: 'password', email_already_exist: 'new_email' },
        })?.fields.length,
      );
      if (!shown) setFormError(errorMessage(error));
      return;
    }
    onRequested(values.new_email);
  });

  return (
    <ProfileFormModal
      title={t('profile:emailModal.title')}
      intro={t('profile:emailModal.intro', { email: currentEmail })}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Controller
        control={form.control}
        name="new_email"
        render={({ field, fieldState }) => (
          <TextField
            label={t('profile:emailModal.newEmail')}
            type="email"
            autoComplete="email"
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            isRequired
            isReadOnly={isSaving}
            autoFocus
          />
        )}
      />
      <Controller
        control={form.control}
        name="password"
        render={({ field, fieldState }) => (
          <TextField
            label={t('profile:emailModal.password')}
            description={t('profile:emailModal.passwordHint')}
            type="password"
            autoComplete="current-password"
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            isRequired
            isReadOnly={isSaving}
          />
        )}
      />
      <ForgotPasswordButton onPress={onForgotPassword} isDisabled={isSaving} />
    </ProfileFormModal>
  );
}
