/**
 * The new password and its confirmation (SPEC §5): the rule as a live checklist under the password, and 'Passwords
 * do not match' as soon as the confirmation differs from what was typed (not while it is still a beginning of it).
 * For react-hook-form forms with the fields `new_password` and `confirmation`.
 */
import { useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../../shared/ui/password-checklist';
import { TextField } from '../../../shared/ui/text-field';

export interface NewPasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  isDisabled?: boolean;
}

/** Password + confirmation fields with the checklist. */
export function NewPasswordFields<T extends FieldValues>({ control, isDisabled = false }: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const checklistId = useId();
  const passwordName = 'new_password' as FieldPath<T>;
  const confirmationName = 'confirmation' as FieldPath<T>;
  const password = (useWatch({ control, name: passwordName }) as string | undefined) ?? '';
  const confirmation = (useWatch({ control, name: confirmationName }) as string | undefined) ?? '';
  const liveMismatch = confirmation !== '' && !password.startsWith(confirmation);
  return (
    <>
      <div className="flex flex-col gap-2">
        <Controller
          control={control}
          name={passwordName}
          render={({ field, fieldState }) => (
            <TextField
              label={t('auth:password.new')}
              type="password"
              autoComplete="new-password"
              name={field.name}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              aria-describedby={checklistId}
              isRequired
              isDisabled={isDisabled}
            />
          )}
        />
        <PasswordChecklist id={checklistId} value={password} />
      </div>
      <Controller
        control={control}
        name={confirmationName}
        render={({ field, fieldState }) => (
          <TextField
            label={t('auth:password.confirmation')}
            type="password"
            autoComplete="new-password"
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={liveMismatch ? 'passwords_do_not_match' : fieldState.error?.message}
            isRequired
            isDisabled={isDisabled}
          />
        )}
      />
    </>
  );
}
