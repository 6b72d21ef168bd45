/**
 * Login screen (SPEC §2.1 Login, §7 `POST /security/token/request`, §8 "Login"): e-mail, password and 'remember me';
 * a 401 `invalid_credentials` shows 'This combination of credentials is incorrect.'; field errors inline; a spinner
 * while submitting; then BaseRoute. The zod validation is loaded when the form is first focused, off the start-up
 * code of the login route (ARCHITECTURE §6 budget).
 */

import type { TokenRequestBody, tokenRequestBody } from '@isoptera/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';
import { useRequestToken } from '../api/request-token';
import { BrandMark } from '../components/brand-mark';
import { LanguageSelect } from '../components/language-select';

type LoginValues = z.input<typeof tokenRequestBody>;

const loadResolver = async () => (await import('./login-resolver')).loginResolver;

/** Validates with the contract's schema, loading it on first use. */
const resolver: Resolver<LoginValues, unknown, z.output<typeof tokenRequestBody>> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

/** The login form; on success the app goes to BaseRoute (`/`). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useRequestToken();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<LoginValues, unknown, z.output<typeof tokenRequestBody>>({
    resolver,
    defaultValues: { email: searchParams.get('email') ?? '', password: '', _remember_me: false },
  });

  const onSubmit = handleSubmit(async (values: TokenRequestBody) => {
    if (login.isPending) return;
    setFormError(null);
    try {
      await login.mutateAsync(values);
      await navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.violations.length > 0) {
        for (const [path, code] of Object.entries(error.fieldErrors())) {
          if (path === 'email' || path === 'password') setError(path, { message: code });
        }
      }
      // 401 invalid_credentials → 'This combination of credentials is incorrect.' (errors.invalid_credentials)
      setFormError(errorMessage(error));
    }
  });

  return (
    <div className="flex min-h-dvh flex-col bg-gray-100">
      <header className="flex justify-end p-4">
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">
          <div className="mb-6 flex justify-center">
            <BrandMark />
          </div>
          <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-lg font-semibold text-gray-900">{t('auth:login.title')}</h1>
            <p className="mt-1 mb-6 text-sm text-gray-600">{t('auth:login.subtitle')}</p>
            <form onSubmit={onSubmit} onFocus={() => void loadResolver()} noValidate className="flex flex-col gap-4">
              {formError ? <FormError message={formError} /> : null}
              <Controller
                control={control}
                name="email"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('auth:login.email')}
                    type="email"
                    autoComplete="username"
                    isRequired
                    autoFocus={!field.value}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="password"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('auth:login.password')}
                    type="password"
                    autoComplete="current-password"
                    isRequired
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="_remember_me"
                render={({ field }) => (
                  <Checkbox isSelected={!!field.value} onChange={field.onChange} name={field.name}>
                    {t('auth:login.rememberMe')}
                  </Checkbox>
                )}
              />
              <Button type="submit" isLoading={login.isPending} className="mt-2 w-full">
                {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
              </Button>
            </form>
          </div>
        </div>
      </main>
    </div>
  );
}
