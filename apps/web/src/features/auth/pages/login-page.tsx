/**
 * Login screen (SPEC §2.1 Login and `/2fa`, §7 "Authentication", §8 "Login", "Two-factor"), in three steps:
 * - credentials: e-mail, password and 'remember me'; a 401 `invalid_credentials` shows 'This combination of
 *   credentials is incorrect.'; field errors inline; a spinner while submitting; then BaseRoute;
 * - two-factor: when the token request answers `{two_factor: true, email}`, the e-mailed code (two-factor-step.tsx);
 *   `/2fa?email=` opens it directly (router state `twoFactor`);
 * - forgot password: `/login?forgot=1&email=…` (forgot-password-step.tsx).
 * `?email=` fills the e-mail; router state `notice: 'activated'` (from the activation page) shows 'Your account is
 * ready'.
 * Plain form controls and the checks of login-validation.ts rather than React Aria fields, a form library and zod:
 * the login route stays within its budget (ARCHITECTURE §6). Like the other forms, errors appear on submit, then
 * follow each field as it is edited.
 */

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { mapViolations } from '../../../shared/forms/violations';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { logIn } from '../api/request-token';
import { AuthLayout } from '../components/auth-layout';
import { AuthAlert, AuthNotice } from '../components/auth-notice';
import { ForgotPasswordStep } from '../components/forgot-password-step';
import { PlainInput } from '../components/plain-input';
import { TwoFactorStep } from '../components/two-factor-step';
import type { LoginNotice } from '../lib/activation';
import { authErrorMessage } from '../lib/auth-error';
import { forgotPasswordPath } from '../lib/auth-paths';
import {
  type LoginErrors,
  type LoginField,
  type LoginValues,
  toTokenRequest,
  validateLogin,
  validateLoginField,
} from './login-validation';

interface LoginLocationState {
  twoFactor?: boolean;
  notice?: LoginNotice;
}

/** The terms and privacy links under the login form (SPEC §2.1; issue 14). */
const LEGAL_LINK =
  'rounded-sm text-gray-600 underline underline-offset-2 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600';

/** The login screen; on success the app goes to BaseRoute (`/`). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [routerState] = useState(() => (location.state ?? {}) as LoginLocationState);
  const [values, setValues] = useState<LoginValues>(() => ({
    email: searchParams.get('email') ?? '',
    password: '',
    _remember_me: false,
  }));
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  /** The address of the two-factor step when it is shown; null on the other steps. */
  const [twoFactorEmail, setTwoFactorEmail] = useState<string | null>(() =>
    routerState.twoFactor ? (searchParams.get('email') ?? '') : null,
  );
  /** Set on the first submit: from then on, each field is checked again as it changes. */
  const submitted = useRef(false);
  const pending = useRef(false);
  const [autoFocusEmail] = useState(() => !values.email);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** Where the focus goes when the credentials come back (after 'Back' or an ended two-factor attempt). */
  const focusOnReturn = useRef<'email' | 'password' | null>(null);
  const introId = useId();

  const step = searchParams.get('forgot') === '1' ? 'forgot' : twoFactorEmail !== null ? 'two_factor' : 'credentials';

  useEffect(() => {
    if (step !== 'credentials' || !focusOnReturn.current) return;
    (focusOnReturn.current === 'password' && values.email ? passwordRef : emailRef).current?.focus();
    focusOnReturn.current = null;
  }, [step, values.email]);

  const change = (field: LoginField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (!submitted.current) return;
    const code = validateLoginField(field, { ...values, [field]: value });
    setErrors((current) => ({ ...current, [field]: code ?? undefined }));
  };

  const openSession = async () => {
    await navigate('/', { replace: true });
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
      const twoFactor = await logIn(toTokenRequest(values));
      if (twoFactor) {
        setTwoFactorEmail(twoFactor.email || values.email.trim());
        return;
      }
      await openSession();
    } catch (error) {
      const fromServer = mapViolations(error, ['email', 'password']);
      if (fromServer?.fields.length) {
        setErrors((current) => ({ ...current, ...(Object.fromEntries(fromServer.fields) as LoginErrors) }));
      }
      // 401 invalid_credentials → 'This combination of credentials is incorrect.' (errors.invalid_credentials)
      setFormError(authErrorMessage(error));
    } finally {
      pending.current = false;
      setPending(false);
    }
  };

  /** Back to the credentials from another step, keeping (or taking) the e-mail. */
  const backToCredentials = (email: string = values.email, message: string | null = null) => {
    setValues((current) => ({ ...current, email }));
    setFormError(message);
    setTwoFactorEmail(null);
    focusOnReturn.current = 'password';
    if (step === 'forgot') setSearchParams(email ? { email } : {});
  };

  if (step === 'two_factor') {
    const email = twoFactorEmail ?? '';
    return (
      <AuthLayout
        title={t('auth:twoFactor.title')}
        subtitle={email ? t('auth:twoFactor.intro', { email }) : t('auth:twoFactor.introNoEmail')}
        subtitleId={introId}
      >
        <TwoFactorStep
          email={email}
          introId={introId}
          onSuccess={openSession}
          onExpired={(message) => backToCredentials(values.email || email, message)}
          onBack={() => backToCredentials(values.email || email)}
        />
      </AuthLayout>
    );
  }

  if (step === 'forgot') {
    return (
      <AuthLayout title={t('auth:forgot.title')} subtitle={t('auth:forgot.intro')}>
        <ForgotPasswordStep
          initialEmail={searchParams.get('email') ?? values.email}
          onBack={(email) => backToCredentials(email)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth:login.title')} subtitle={t('auth:login.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? (
          <AuthAlert>{formError}</AuthAlert>
        ) : routerState.notice === 'activated' ? (
          <AuthNotice>{t('auth:login.activated')}</AuthNotice>
        ) : null}
        <PlainInput
          label={t('auth:login.email')}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus={autoFocusEmail}
          inputRef={emailRef}
          value={values.email}
          error={errors.email}
          onChange={change('email')}
        />
        <PlainInput
          label={t('auth:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus={!autoFocusEmail}
          inputRef={passwordRef}
          value={values.password}
          error={errors.password}
          onChange={change('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
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
          <Link
            to={forgotPasswordPath(values.email)}
            className="rounded-sm text-sm font-medium text-brand-800 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {t('auth:login.forgotPassword')}
          </Link>
        </div>
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
      <nav aria-label={t('auth:login.legal')} className="mt-6 border-t border-gray-200 pt-4">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
          <li>
            <Link to="/cgu" className={LEGAL_LINK}>
              {t('auth:login.terms')}
            </Link>
          </li>
          <li>
            <Link to="/privacy" className={LEGAL_LINK}>
              {t('auth:login.privacy')}
            </Link>
          </li>
        </ul>
      </nav>
    </AuthLayout>
  );
}
