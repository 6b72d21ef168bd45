/**
 * Change-password modal (SPEC §2.6, §4 "Profile", §5 "Password"): current password, new password with the live
 * checklist of the rule, and its confirmation ('Passwords do not match'), checked by the contract's
 * `editPasswordBody` → `POST /api/me/edit-password`. On 204 a success notification shows and the modal closes;
 * `invalid_password` shows under the current password. 'Forgot password?' closes the modal, then asks for a reset
 * link.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EditPasswordBody, editPasswordBody } from '@isoptera/contracts';
import { useId, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/error-message';
import { applyViolations } from '../../../shared/forms/violations';
import { notify } from '../../../shared/ui/notifications';
import { PasswordChecklist } from '../../../shared/ui/password-checklist';
import { TextField } from '../../../shared/ui/text-field';
import { useEditPassword } from '../api/edit-password';
import { ForgotPasswordButton, ProfileFormModal } from './profile-form-modal';

type PasswordOutput = z.output<typeof editPasswordBody>;
const FIELDS = ['current_password', 'new_password1', 'new_password2'] as const;
const AUTOCOMPLETE: Record<(typeof FIELDS)[number], string> = {
  current_password: 'current-password',
  new_password1: 'new-password',
  new_password2: 'new-password',
};

export interface EditPasswordModalProps {
  onClose: () => void;
  /** 'Forgot password?': the caller closes this modal, then asks for the reset link. */
  onForgotPassword: () => void;
}

/** The modal; mount it to open it. */
export function EditPasswordModal({ onClose, onForgotPassword }: EditPasswordModalProps) {
  const { t } = useTranslation();
  const checklistId = useId();
  const editPassword = useEditPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditPasswordBody, unknown, PasswordOutput>({
    resolver: zodResolver(editPasswordBody),
    defaultValues: { current_password: '', new_password1: '', new_password2: '' },
  });
  const isSaving = form.formState.isSubmitting;
  const newPassword = useWatch({ control: form.control, name: 'new_password1' }) ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await editPassword.mutateAsync(values);
    } catch (error) {
      const shown = Boolean(
        applyViolations(error, form.setError, FIELDS, { codes: { invalid_password: 'current_password' } })?.fields
          .length,
      );
      if (!shown) setFormError(errorMessage(error));
      return;
    }
    notify({ title: t('profile:passwordModal.successTitle'), content: t('profile:passwordModal.successText') });
    onClose();
  });

  const renderField = (name: FieldPath<EditPasswordBody>, index: number) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={t(`profile:passwordModal.${name}`)}
          type="password"
          autoComplete={AUTOCOMPLETE[name]}
          aria-describedby={name === 'new_password1' ? checklistId : undefined}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          isRequired
          isReadOnly={isSaving}
          autoFocus={index === 0}
        />
      )}
    />
  );

  return (
    <ProfileFormModal
      title={t('profile:passwordModal.title')}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {renderField('current_password', 0)}
      <ForgotPasswordButton onPress={onForgotPassword} isDisabled={isSaving} />
      {renderField('new_password1', 1)}
      <PasswordChecklist value={newPassword} id={checklistId} title={t('profile:passwordModal.rulesTitle')} />
      {renderField('new_password2', 2)}
    </ProfileFormModal>
  );
}
