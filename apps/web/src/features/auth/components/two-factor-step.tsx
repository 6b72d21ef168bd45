/**
 * The two-factor step of the login (SPEC §2.1 `/2fa`, §7 `POST /security/token/2fa {auth_code, trusted}` and
 * `/security/token/2fa-resend`, §8 "Two-factor", §9 'remember this device' 180 days): the 6-digit code e-mailed to
 * the member, 'Remember this device', resend and back. A wrong code keeps the step (`auth_code_invalid`); an ended
 * attempt (401 `two_factor_expired`) goes back to the credentials with its message; 429 says how long to wait.
 * Plain HTML, as the rest of the login route (ARCHITECTURE §6 budget).
 */
import { TRUSTED_DEVICE_DAYS } from '@isoptera/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { translateErrorCode } from '../../../shared/api/error-message';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { Spinner } from '../../../shared/ui/spinner';
import { resendTwoFactorCode, verifyTwoFactor } from '../api/two-factor';
import { authErrorMessage } from '../lib/auth-error';
import { normaliseAuthCode, validateAuthCode } from '../pages/login-validation';
import { AuthAlert, AuthNotice } from './auth-notice';
import { PlainInput } from './plain-input';

export interface TwoFactorStepProps {
  /** The address the code was sent to ('' when unknown). */
  email: string;
  /** Id of the text introducing the step (the input is described by it). */
  introId: string;
  /** The session is open (cookies set, current user reloaded). */
  onSuccess: () => void | Promise<void>;
  /** The login attempt ended: back to the credentials with this message. */
  onExpired: (message: string) => void;
  onBack: () => void;
}

/** The code form of the two-factor step. */
export function TwoFactorStep({ email, introId, onSuccess, onExpired, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const trustedId = useId();
  const [code, setCode] = useState('');
  const [trusted, setTrusted] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const pending = useRef(false);
  const submitted = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const focusCode = () => {
    codeRef.current?.focus();
    codeRef.current?.select();
  };

  /** Runs one call at a time (a second submit or resend while one is under way is ignored). */
  const exclusive = async (kind: 'verify' | 'resend', run: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setBusy(kind);
    try {
      await run();
    } finally {
      pending.current = false;
      setBusy(null);
    }
  };

  // no maxLength on the input: a pasted '123 456' would be cut before the digits are kept (normaliseAuthCode)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const found = validateAuthCode(code);
    setCodeError(found);
    if (found) {
      focusCode();
      return;
    }
    void exclusive('verify', async () => {
      setFormError(null);
      setNotice(null);
      try {
        await verifyTwoFactor({ auth_code: code, trusted });
      } catch (error) {
        if (isApiError(error, 401)) {
          onExpired(translateErrorCode('two_factor_expired'));
          return;
        }
        const fieldCode = isApiError(error)
          ? (error.fieldErrors().auth_code ?? (error.code === 'auth_code_invalid' ? error.code : null))
          : null;
        if (fieldCode) {
          setCodeError(fieldCode);
        } else {
          setFormError(authErrorMessage(error));
        }
        focusCode();
        return;
      }
      await onSuccess();
    });
  };

  const onResend = () =>
    void exclusive('resend', async () => {
      setFormError(null);
      setNotice(null);
      try {
        await resendTwoFactorCode();
      } catch (error) {
        if (isApiError(error, 401)) {
          onExpired(translateErrorCode('two_factor_expired'));
          return;
        }
        setFormError(isApiError(error, 429) ? authErrorMessage(error) : translateErrorCode('two_factor_resend_failed'));
        return;
      }
      setCode('');
      setCodeError(null);
      submitted.current = false;
      setNotice(email ? t('auth:twoFactor.resent', { email }) : t('auth:twoFactor.resentNoEmail'));
      focusCode();
    });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {formError ? <AuthAlert>{formError}</AuthAlert> : null}
      {notice ? <AuthNotice>{notice}</AuthNotice> : null}
      <PlainInput
        label={t('auth:twoFactor.code')}
        name="auth_code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        autoFocus
        inputRef={codeRef}
        describedBy={introId}
        value={code}
        error={codeError}
        onChange={(value) => {
          const next = normaliseAuthCode(value);
          setCode(next);
          if (submitted.current) setCodeError(validateAuthCode(next));
        }}
      />
      <label htmlFor={trustedId} className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800">
        <input
          id={trustedId}
          type="checkbox"
          name="trusted"
          checked={trusted}
          onChange={(event) => setTrusted(event.target.checked)}
          className="size-4 shrink-0 cursor-pointer accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <span>{t('auth:twoFactor.trusted', { days: TRUSTED_DEVICE_DAYS })}</span>
      </label>
      <button
        type="submit"
        disabled={busy !== null}
        aria-busy={busy === 'verify' || undefined}
        data-variant="primary"
        className={buttonClasses('primary', 'md', 'mt-2 w-full active:bg-brand-900')}
      >
        {busy === 'verify' ? <Spinner size={20} label={null} /> : null}
        {busy === 'verify' ? t('auth:twoFactor.submitting') : t('auth:twoFactor.submit')}
      </button>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={onBack}
          disabled={busy === 'verify'}
          className={buttonClasses('tertiary', 'sm', '-ml-3')}
        >
          {t('auth:twoFactor.back')}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={busy !== null}
          aria-busy={busy === 'resend' || undefined}
          className={buttonClasses('tertiary', 'sm', '-mr-3 text-brand-800')}
        >
          {busy === 'resend' ? <Spinner size={20} label={null} /> : null}
          {busy === 'resend' ? t('auth:twoFactor.resending') : t('auth:twoFactor.resend')}
        </button>
      </div>
    </form>
  );
}
