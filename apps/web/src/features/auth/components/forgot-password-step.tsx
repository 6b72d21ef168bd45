/**
 * The forgot-password step of the login (SPEC §2.7 "forgot password", §7 `POST /security/forgot-password {email}`):
 * the e-mail, then always the same confirmation — whether an account exists or not (ARCHITECTURE §6) — with the way
 * back to the sign-in. Opened from the login form or directly by `/login?forgot=1&email=…`. Plain HTML, as the rest of
 * the login route (ARCHITECTURE §6 budget).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { forgotPassword } from '../api/forgot-password';
import { authErrorMessage } from '../lib/auth-error';
import { validateEmail } from '../pages/login-validation';
import { AuthAlert, AuthNotice } from './auth-notice';
import { PlainInput } from './plain-input';

export interface ForgotPasswordStepProps {
  initialEmail: string;
  /** Back to the credentials, with the e-mail typed here. */
  onBack: (email: string) => void;
}

/** The e-mail form of the forgot-password step, then its confirmation. */
export function ForgotPasswordStep({ initialEmail, onBack }: ForgotPasswordStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  /** The address the link was asked for, once the server answered. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pending = useRef(false);
  const submitted = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // the confirmation replaces the form: move the focus to it so that it is read
  useEffect(() => {
    if (sentTo !== null) noticeRef.current?.focus();
  }, [sentTo]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending.current) return;
    submitted.current = true;
    const found = validateEmail(email);
    setEmailError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    pending.current = true;
    setPending(true);
    setFormError(null);
    try {
      await forgotPassword({ email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      const fieldCode = isApiError(error) ? (error.fieldErrors().email ?? null) : null;
      if (fieldCode) {
        setEmailError(fieldCode);
        emailRef.current?.focus();
      } else {
        setFormError(authErrorMessage(error));
      }
    } finally {
      pending.current = false;
      setPending(false);
    }
  };

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-4">
        <AuthNotice noticeRef={noticeRef}>
          <p>{t('auth:forgot.sent', { email: sentTo })}</p>
          <p className="mt-2">{t('auth:forgot.spam')}</p>
        </AuthNotice>
        <button
          type="button"
          onClick={() => onBack(sentTo)}
          className={buttonClasses('primary', 'md', 'w-full active:bg-brand-900')}
        >
          {t('auth:forgot.back')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {formError ? <AuthAlert>{formError}</AuthAlert> : null}
      <PlainInput
        label={t('auth:login.email')}
        name="email"
        type="email"
        autoComplete="username"
        autoFocus
        inputRef={emailRef}
        value={email}
        error={emailError}
        onChange={(value) => {
          setEmail(value);
          if (submitted.current) setEmailError(validateEmail(value));
        }}
      />
      <button
        type="submit"
        disabled={isPending}
        aria-busy={isPending || undefined}
        data-variant="primary"
        className={buttonClasses('primary', 'md', 'mt-2 w-full active:bg-brand-900')}
      >
        {isPending ? <Spinner size={20} label={null} /> : null}
        {isPending ? t('auth:forgot.submitting') : t('auth:forgot.submit')}
      </button>
      <button
        type="button"
        onClick={() => onBack(email.trim())}
        className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}
      >
        {t('auth:forgot.back')}
      </button>
    </form>
  );
}
