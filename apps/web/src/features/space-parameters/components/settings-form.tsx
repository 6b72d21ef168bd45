/**
 * The settings form of the space (SPEC §2.7 "Space settings", §5 "PCO or dealer space"): name, logo (JPEG/PNG/WebP
 * ≤ 5 MB checked here, previewed; the server checks the content), address with coordinates and referral reseller,
 * checked with the contract's rules. Saving sends `PUT /api/space_parameters`, then the logo when one was chosen;
 * 422 violations show under their fields in the user's language; the save button spins meanwhile and a notification
 * confirms. Nothing typed is lost on a failed save.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { SpaceParameters } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { AddressFields } from '../../../shared/ui/address-fields';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FormError } from '../../../shared/ui/field-error';
import { LogoField, useLogoChoice } from '../../../shared/ui/logo-field';
import { notify } from '../../../shared/ui/notifications';
import { TextField } from '../../../shared/ui/text-field';
import { saveSpaceParameters, spaceParametersKeys, uploadSpaceLogo } from '../api/space-parameters-api';
import {
  type SettingsFormValues,
  settingsBody,
  settingsFormSchema,
  settingsValues,
  settingsViolations,
} from '../lib/settings-form';

/** The settings card; `settings` is the last answer of `GET /api/space_parameters`. */
export function SettingsForm({ settings }: { settings: SpaceParameters }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema) as never,
    defaultValues: settingsValues(settings),
  });
  const logo = useLogoChoice();
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;

  // another answer of the settings (e.g. after a transfer) refreshes the values unless the user is typing
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(settingsValues(settings));
  }, [settings, form]);

  // the sidebar shows the space's name and logo from the current user (GET /api/me): read it again after a save
  const { reloadMe } = useSession();
  const storeSettings = (next: SpaceParameters) =>
    queryClient.setQueryData<SpaceParameters>(spaceParametersKeys.settings(), next);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    let saved: SpaceParameters;
    try {
      saved = await saveSpaceParameters(settingsBody(values));
    } catch (error) {
      const violations = settingsViolations(error);
      for (const [index, [name, code]] of (violations?.fields ?? []).entries()) {
        form.setError(
          name as FieldPath<SettingsFormValues>,
          { type: 'server', message: code },
          { shouldFocus: index === 0 },
        );
      }
      if (!violations?.fields.length || violations.other.length) {
        setFormError(violations?.other.length ? translateErrorCode(violations.other[0] ?? '') : errorMessage(error));
      }
      return;
    }
    form.reset(settingsValues(saved));
    storeSettings(saved);
    if (logo.file) {
      try {
        const { logo: url } = await uploadSpaceLogo(logo.file);
        storeSettings({ ...saved, logo: url });
        logo.reset();
      } catch (error) {
        const violations = settingsViolations(error);
        logo.setError(violations ? (violations.fields[0]?.[1] ?? violations.other[0] ?? 'logo_invalid') : null);
        setFormError(t('spaceParameters:settings.logoFailed'));
        void reloadMe();
        return;
      }
    }
    void reloadMe();
    notify({ title: t('spaceParameters:settings.saved') });
  });

  return (
    <Card title={t('spaceParameters:settings.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        {formError ? <FormError message={formError} /> : null}
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              label={t('spaceParameters:settings.name')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              isRequired
              isDisabled={isSaving}
              error={fieldState.error?.message}
            />
          )}
        />
        <LogoField choice={logo} current={settings.logo} name={form.watch('name')} isDisabled={isSaving} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-3 text-sm font-semibold text-gray-900">{t('spaceParameters:settings.address')}</legend>
          <AddressFields control={form.control} name="address" isDisabled={isSaving} />
        </fieldset>
        <Controller
          control={form.control}
          name="referral_reseller"
          render={({ field, fieldState }) => (
            <TextField
              label={t('spaceParameters:settings.referralReseller')}
              description={t('spaceParameters:settings.referralResellerHint')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              isDisabled={isSaving}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <Button type="submit" isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
