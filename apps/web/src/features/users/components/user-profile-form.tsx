/**
 * The member edit form (SPEC §2.7 Users "edit (name, e-mail, password, language, timezone)", §5 "User"): first and last
 * name, e-mail, language, time zone, the applicator licence number of a PCO member (issue 12: copied onto the reports
 * of their visits), and a new password with its confirmation (left empty: unchanged). Rules of the
 * contract's `userEditBody`; `PUT {users}/{ulid}`; the server's violations show under their fields, nothing typed is
 * lost on a failed save, and the save button shows a spinner while saving.
 */
import { LANGUAGES, type SpaceUser } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { timezonesQueryOptions } from '../../../shared/api/timezones';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateUser } from '../api/update-user';
import { displayName } from '../lib/user-display';
import {
  USER_EDIT_FIELDS,
  type UserEditValues,
  userEditRequest,
  userEditResolver,
  userEditValues,
} from '../lib/user-edit-form';
import type { UserPaths } from '../lib/user-paths';
import { TimezoneField } from './timezone-field';

export interface UserProfileFormProps {
  paths: UserPaths;
  user: SpaceUser;
}

type TextName = 'firstname' | 'lastname' | 'email' | 'licence_number' | 'new_password1' | 'new_password2';
const TEXT_FIELDS: Array<{ name: TextName; type?: string; autoComplete: string; wide?: boolean }> = [
  { name: 'firstname', autoComplete: 'off' },
  { name: 'lastname', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off', wide: true },
];
const PASSWORD_FIELDS: Array<{ name: TextName; type?: string; autoComplete: string }> = [
  { name: 'new_password1', type: 'password', autoComplete: 'new-password' },
  { name: 'new_password2', type: 'password', autoComplete: 'new-password' },
];

/** The edit form of one member. */
export function UserProfileForm({ paths, user }: UserProfileFormProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUser(paths, user.ulid);
  const zones = useQuery(timezonesQueryOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UserEditValues>({ resolver: userEditResolver, defaultValues: userEditValues(user) });
  const isSaving = form.formState.isSubmitting;

  // another member (or the same one reloaded after a save elsewhere): start from what the server holds
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the member changes only
  useEffect(() => {
    form.reset(userEditValues(user));
  }, [user.ulid]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(userEditRequest(values));
      form.reset(userEditValues(saved ?? { ...user, ...values }));
      notify({
        title: t('users:notifications.saved', { name: displayName(saved ?? { ...user, ...values }, i18n.language) }),
      });
    } catch (error) {
      if (!applyViolations(error, form.setError, USER_EDIT_FIELDS)?.fields.length) {
        setFormError(errorMessage(error));
      }
    }
  });

  // the applicator licence concerns the people of a PCO (who treat sites), not dealers or administrators
  const withLicence = user['@id'].startsWith('/api/user_pcos/');
  const text = ({ name, type, autoComplete }: { name: TextName; type?: string; autoComplete: string }) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={t(`users:edit.fields.${name}`)}
          type={type}
          autoComplete={autoComplete}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          isRequired={!name.startsWith('new_password') && name !== 'licence_number'}
          isDisabled={isSaving}
          description={
            name === 'new_password1'
              ? t('users:edit.passwordHint')
              : name === 'licence_number'
                ? t('users:edit.licenceHint')
                : undefined
          }
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {formError ? <FormError message={formError} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
            {text(f)}
          </div>
        ))}
        <Controller
          control={form.control}
          name="lang"
          render={({ field, fieldState }) => (
            <Select
              label={t('users:edit.fields.lang')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={LANGUAGES.map((lang) => ({ id: lang, label: t(`enums:language_native.${lang}`) }))}
              error={fieldState.error?.message}
              isRequired
              isDisabled={isSaving}
            />
          )}
        />
        <Controller
          control={form.control}
          name="timezone"
          render={({ field, fieldState }) => (
            <TimezoneField
              label={t('users:edit.fields.timezone')}
              name={field.name}
              zones={zones.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              isRequired
              isDisabled={isSaving}
            />
          )}
        />
        {withLicence ? (
          <div className="sm:col-span-2">{text({ name: 'licence_number', autoComplete: 'off' })}</div>
        ) : null}
      </div>
      <fieldset className="min-w-0 border-t border-gray-100 pt-5">
        {/* floated, so that the legend does not cut the top border */}
        <legend className="float-left mb-3 w-full text-sm font-semibold text-gray-900">
          {t('users:edit.passwordTitle')}
        </legend>
        <div className="clear-both grid grid-cols-1 gap-4 sm:grid-cols-2">{PASSWORD_FIELDS.map((f) => text(f))}</div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving}>
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
