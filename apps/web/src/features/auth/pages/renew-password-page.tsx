/**
 * RenewPassword `/renew-password?token=` (SPEC §2.1, §5 password rule, §7 `POST /security/validate-password` and
 * `POST /security/reset-password {token, new_password}`, §8 renew-password `error_token_renew`): the new password
 * twice, with the rule as a live checklist. On submit the server checks the candidate first, then the password is
 * reset: a notification and the login screen. An unknown or used link (400) offers to ask for a new one; an expired
 * one (410 `expired_token_renew`) goes to the token-expired page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { translateErrorCode } from '../../../shared/api/error-message';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { resetPassword } from '../api/reset-password';
import { validatePassword } from '../api/validate-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthAlert } from '../components/auth-notice';
import { NewPasswordFields } from '../components/new-password-fields';
import { authErrorMessage } from '../lib/auth-error';
import { forgotPasswordPath, LOGIN_PATH, TOKEN_EXPIRED_PATH } from '../lib/auth-paths';
import { type RenewPasswordValues, renewPasswordSchema } from '../lib/password-form';

const fieldOf = (path: string) => (path === 'new_password' ? 'new_password' : null);

/** The link cannot be used: its message, a new link, the login. */
function InvalidLink({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth:renew.invalidTitle')}>
      <div className="flex flex-col gap-4">
        <AuthAlert>{translateErrorCode(code)}</AuthAlert>
        <Link to={forgotPasswordPath()} className={buttonClasses('primary', 'md', 'w-full')}>
          {t('auth:renew.askNew')}
        </Link>
        <Link to={LOGIN_PATH} className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}>
          {t('auth:backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}

/** The password renewal screen of the e-mailed link. */
export function RenewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [invalidCode, setInvalidCode] = useState<string | null>(token ? null : 'token_required');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RenewPasswordValues>({
    resolver: zodResolver(renewPasswordSchema),
    defaultValues: { new_password: '', confirmation: '' },
  });
  const isSaving = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    setFormError(null);
    try {
      await validatePassword({ new_password });
      await resetPassword({ token, new_password });
    } catch (error) {
      if (isApiError(error, 410)) {
        await navigate(TOKEN_EXPIRED_PATH, { replace: true });
        return;
      }
      if (isApiError(error) && (error.code === 'error_token_renew' || error.fieldErrors().token)) {
        setInvalidCode('error_token_renew');
        return;
      }
      if (!applyViolations(error, form.setError, fieldOf)?.fields.length) setFormError(authErrorMessage(error));
      return;
    }
    notify({ title: t('auth:renew.success'), content: t('auth:renew.successText') });
    await navigate(LOGIN_PATH, { replace: true });
  });

  if (invalidCode) return <InvalidLink code={invalidCode} />;

  return (
    <AuthLayout title={t('auth:renew.title')} subtitle={t('auth:renew.intro')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <NewPasswordFields control={form.control} isDisabled={isSaving} />
        <Button type="submit" isLoading={isSaving} className="mt-2 w-full">
          {isSaving ? t('auth:renew.submitting') : t('auth:renew.submit')}
        </Button>
        <Link to={LOGIN_PATH} className={buttonClasses('tertiary', 'sm', 'self-start -ml-3')}>
          {t('auth:backToLogin')}
        </Link>
      </form>
    </AuthLayout>
  );
}
