/**
 * The new-account form of the activation page (SPEC §5 names and password, §7 `POST {invites}/new-user/{token}
 * {firstname, lastname, new_password, timezone}`): first and last name (prefilled from the invitation), the password
 * twice with its checklist, and the time zone — the browser's when the server offers it, else Europe/Paris. The
 * server's 422 violations show under their fields, in the interface language.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ActivationResult, InviteLookup, UserType } from '@isoptera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';
import { createInvitedUser } from '../api/invite-activation';
import { activationErrorCode } from '../lib/activation';
import { authErrorMessage } from '../lib/auth-error';
import { type ActivationOutput, type ActivationValues, activationSchema } from '../lib/password-form';
import { defaultTimeZone } from '../lib/time-zones';
import { NewPasswordFields } from './new-password-fields';
import { TimeZonePicker } from './time-zone-picker';

export interface ActivationFormProps {
  userType: UserType;
  token: string;
  invite: InviteLookup;
  /** The zones offered (`GET /api/timezones`). */
  zones: readonly string[];
  onActivated: (result: ActivationResult) => Promise<void>;
  /** The link stopped working meanwhile (404, 410). */
  onLinkError: (error: unknown) => void;
  /** A 409 saying the account exists after all: answers true when handled. */
  onExists: (error: unknown) => boolean;
}

const FIELDS = new Set(['firstname', 'lastname', 'new_password', 'timezone'] as const);
const fieldOf = (path: string) =>
  FIELDS.has(path as 'firstname') ? (path as 'firstname' | 'lastname' | 'new_password' | 'timezone') : null;

/** Names, password and time zone of a new account. */
export function ActivationForm({
  userType,
  token,
  invite,
  zones,
  onActivated,
  onLinkError,
  onExists,
}: ActivationFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ActivationValues, unknown, ActivationOutput>({
    resolver: zodResolver(activationSchema),
    defaultValues: {
      firstname: invite.firstname ?? '',
      lastname: invite.lastname ?? '',
      new_password: '',
      confirmation: '',
      timezone: defaultTimeZone(zones),
    },
  });
  const isSaving = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ confirmation: _, ...body }) => {
    setFormError(null);
    let result: ActivationResult;
    try {
      result = await createInvitedUser(userType, token, body);
    } catch (error) {
      if (activationErrorCode(error)) onLinkError(error);
      else if (!onExists(error) && !applyViolations(error, form.setError, fieldOf)?.fields.length) {
        setFormError(authErrorMessage(error));
      }
      return;
    }
    await onActivated(result);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="firstname"
          render={({ field, fieldState }) => (
            <TextField
              label={t('auth:activation.firstname')}
              autoComplete="given-name"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              isRequired
              isDisabled={isSaving}
            />
          )}
        />
        <Controller
          control={form.control}
          name="lastname"
          render={({ field, fieldState }) => (
            <TextField
              label={t('auth:activation.lastname')}
              autoComplete="family-name"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              isRequired
              isDisabled={isSaving}
            />
          )}
        />
      </div>
      <NewPasswordFields control={form.control} isDisabled={isSaving} />
      <Controller
        control={form.control}
        name="timezone"
        render={({ field, fieldState }) => (
          <TimeZonePicker
            label={t('auth:activation.timezone')}
            description={t('auth:activation.timezoneHint')}
            name={field.name}
            zones={zones}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            isDisabled={isSaving}
          />
        )}
      />
      <Button type="submit" isLoading={isSaving} className="mt-2 w-full">
        {isSaving ? t('auth:activation.submitting') : t('auth:activation.submit')}
      </Button>
    </form>
  );
}
