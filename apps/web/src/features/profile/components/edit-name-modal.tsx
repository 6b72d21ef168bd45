/**
 * Change-name modal (SPEC §2.6, §4 "Profile", §5 names): first and last name checked by the contract's
 * `editNameBody` → `PUT /api/me/edit-name`; on 204 the current user is reloaded (the header and the panel show the
 * new name) and the modal closes. Violations show under their fields; nothing typed is lost on a failure.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EditNameBody, editNameBody } from '@isoptera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { applyViolations } from '../../../shared/forms/violations';
import { TextField } from '../../../shared/ui/text-field';
import { useEditName } from '../api/edit-name';
import { ProfileFormModal } from './profile-form-modal';

type NameOutput = z.output<typeof editNameBody>;
const FIELDS = ['firstname', 'lastname'] as const;

export interface EditNameModalProps {
  firstname: string;
  lastname: string;
  onClose: () => void;
}

/** The modal; mount it to open it. */
export function EditNameModal({ firstname, lastname, onClose }: EditNameModalProps) {
  const { t, i18n } = useTranslation();
  const { reloadMe } = useSession();
  const editName = useEditName();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditNameBody, unknown, NameOutput>({
    resolver: zodResolver(editNameBody),
    defaultValues: { firstname, lastname },
  });
  const isSaving = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await editName.mutateAsync(values);
    } catch (error) {
      if (!applyViolations(error, form.setError, FIELDS)?.fields.length) setFormError(errorMessage(error));
      return;
    }
    // the name is saved: a failed reload only delays the new name in the header
    await reloadMe().catch(() => {});
    onClose();
  });

  // Japanese puts the family name first
  const order = i18n.language === 'ja' ? (['lastname', 'firstname'] as const) : FIELDS;
  return (
    <ProfileFormModal
      title={t('profile:nameModal.title')}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {order.map((name, index) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                label={t(`profile:nameModal.${name}`)}
                autoComplete={name === 'firstname' ? 'given-name' : 'family-name'}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                isRequired
                // read-only rather than disabled: a field refused by the server can take the focus
                isReadOnly={isSaving}
                autoFocus={index === 0}
              />
            )}
          />
        ))}
      </div>
    </ProfileFormModal>
  );
}
