/**
 * Login screen (SPEC §2.1 Login, §7 `POST /security/token/request`, §8 "Login"): e-mail, password and 'remember me';
 * a 401 `invalid_credentials` shows 'This combination of credentials is incorrect.'; field errors inline; a spinner
 * while submitting; then BaseRoute.
 * Plain form controls and the checks of login-validation.ts rather than React Aria fields, a form library and zod:
 * the login route stays within its budget (ARCHITECTURE §6). Like the other forms, errors appear on submit, then
 * follow each field as it is edited.
 */

import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { logIn } from '../api/request-token';
import { BrandMark } from '../components/brand-mark';
import { LanguageSelect } from '../components/language-select';
import {
  type LoginErrors,
  type LoginField,
  type LoginValues,
  toTokenRequest,
  validateLogin,
  validateLoginField,
} from './login-validation';

/** The classes of a text input (as `inputClasses` of shared/ui/field-parts, which bundles React Aria). */
const INPUT_CLASSES =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-xs ' +
  'placeholder:text-gray-500 outline-none transition-colors ' +
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ' +
  'data-[invalid]:border-red-600 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500';

interface LoginInputProps {
  label: ReactNode;
  name: LoginField;
  type: 'email' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  /** An error code (`errors:<code>`), shown under the input and linked to it. */
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A labelled, required text input with its translated inline error (same look as shared/ui/text-field). */
function LoginInput({ label, name, error, onChange, ...input }: LoginInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-gray-800">
        {label}
        <span aria-hidden className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      <input
        {...input}
        id={id}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASSES}
      />
      {error ? (
        <span id={errorId} className="mt-1 block text-[13px] text-red-700">
          {translateErrorCode(error)}
        </span>
      ) : null}
    </div>
  );
}

/** The login form; on success the app goes to BaseRoute (`/`). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<LoginValues>(() => ({
    email: searchParams.get('email') ?? '',
    password: '',
    _remember_me: false,
  }));
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  /** Set on the first submit: from then on, each field is checked again as it changes. */
  const submitted = useRef(false);
  const pending = useRef(false);
  const [autoFocusEmail] = useState(() => !values.email);

  const change = (field: LoginField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (!submitted.current) return;
    const code = validateLoginField(field, { ...values, [field]: value });
    setErrors((current) => ({ ...current, [field]: code ?? undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending.current) return;
    submitted.current = true;
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    pending.current = true;
    setPending(true);
    setFormError(null);
    try {
      await logIn(toTokenRequest(values));
      await navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.violations.length > 0) {
        const fromServer: LoginErrors = {};
        for (const [path, code] of Object.entries(error.fieldErrors())) {
          if (path === 'email' || path === 'password') fromServer[path] = code;
        }
        setErrors((current) => ({ ...current, ...fromServer }));
      }
      // 401 invalid_credentials → 'This combination of credentials is incorrect.' (errors.invalid_credentials)
      setFormError(errorMessage(error));
    } finally {
      pending.current = false;
      setPending(false);
    }
  };

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
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
              {formError ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  {formError}
                </p>
              ) : null}
              <LoginInput
                label={t('auth:login.email')}
                name="email"
                type="email"
                autoComplete="username"
                autoFocus={autoFocusEmail}
                value={values.email}
                error={errors.email}
                onChange={change('email')}
              />
              <LoginInput
                label={t('auth:login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={values.password}
                error={errors.password}
                onChange={change('password')}
              />
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  name="_remember_me"
                  checked={values._remember_me}
                  onChange={(event) => setValues((current) => ({ ...current, _remember_me: event.target.checked }))}
                  className="size-4 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                />
                <span>{t('auth:login.rememberMe')}</span>
              </label>
              <button
                type="submit"
                disabled={isPending}
                aria-busy={isPending || undefined}
                data-variant="primary"
                className={buttonClasses('primary', 'md', 'mt-2 w-full active:bg-brand-900')}
              >
                {isPending ? <Spinner size={20} label={null} /> : null}
                {isPending ? t('auth:login.submitting') : t('auth:login.submit')}
              </button>
            </form>
          </div>
        </div>
      </main>
    </div>
  );
}
