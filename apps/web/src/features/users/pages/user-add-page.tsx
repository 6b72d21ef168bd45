/**
 * 'Invite users' (SPEC §2.2 `/users/add`, §2.7 Users, §5, §6): several people at once, each with an e-mail, a role
 * the actor may grant (`grantableRoles`) and optionally the language of the invitation e-mail; rows can be added and
 * removed. Sends `POST {invites}/send {invites}`; the 422 violations (`email_entered_several_times`,
 * `email_already_exist`, `chosen_role_not_allowed`, …) show under the right row's field and nothing typed is lost.
 * Success: a notification and back to the list's 'invited' segment.
 */
import { LANGUAGES } from '@isoptera/contracts';
import { ArrowLeft, Plus, Send, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { useUnsavedChangesGuard } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { PageHeader } from '../../../shared/ui/page-header';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import { useSendInvites } from '../api/send-invites';
import {
  emptyInviteRow,
  type InviteFormValues,
  inviteBody,
  inviteField,
  inviteFormResolver,
  MAX_INVITE_ROWS,
} from '../lib/invite-form';
import { rolesFor } from '../lib/member-permissions';
import { userPaths } from '../lib/user-paths';

/** The 'Invite users' screen. */
export function UserAddPage() {
  const { t } = useTranslation();
  const { actor } = useSession();
  const navigate = useNavigate();
  const type = actor?.userType ?? 'pco';
  const paths = useMemo(() => userPaths(type), [type]);
  const roles = useMemo(() => rolesFor(actor), [actor]);
  const send = useSendInvites(paths);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteFormValues>({
    resolver: inviteFormResolver(roles),
    defaultValues: { invites: [emptyInviteRow(roles.length === 1 ? roles[0] : '')] },
  });
  const rows = useFieldArray({ control: form.control, name: 'invites' });
  const isSaving = form.formState.isSubmitting;
  // Cancel with addresses typed asks before dropping them, as the forms' panels do
  const { guard, dialog } = useUnsavedChangesGuard({ isDirty: form.formState.isDirty, isSaving });

  const roleOptions = roles.map((role) => ({ id: role, label: t(`enums:role.${role}`) }));
  const languageOptions = [
    { id: 'auto', label: t('users:invite.languageAuto') },
    ...LANGUAGES.map((lang) => ({ id: lang, label: t(`enums:language_native.${lang}`) })),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync(inviteBody(values.invites));
      notify({ title: t('users:notifications.invited', { count: values.invites.length }) });
      void navigate('/users?status=invited');
    } catch (error) {
      const violations = applyViolations(error, form.setError, inviteField);
      if (violations?.other[0]) {
        setFormError(translateErrorCode(violations.other[0]));
      } else if (!violations?.fields.length) {
        setFormError(errorMessage(error));
      }
    }
  });

  const addRow = () => {
    const last = form.getValues(`invites.${rows.fields.length - 1}`);
    rows.append(emptyInviteRow(last?.role ?? ''), { shouldFocus: true });
  };

  return (
    <>
      <Link
        to="/users"
        className="mb-3 inline-flex items-center gap-1.5 rounded text-sm font-medium text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('users:backToList')}
      </Link>
      <PageHeader title={t('users:invite.title')} description={t('users:invite.description')} />
      <form onSubmit={onSubmit} noValidate className="flex max-w-4xl flex-col gap-4">
        {formError ? <FormError message={formError} /> : null}
        <Card>
          <ol className="flex flex-col divide-y divide-gray-100">
            {rows.fields.map((row, index) => (
              <li key={row.id} className="py-4 first:pt-0 last:pb-0">
                <fieldset
                  aria-label={t('users:invite.row', { number: index + 1 })}
                  className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_9rem_auto]"
                >
                  <Controller
                    control={form.control}
                    name={`invites.${index}.email`}
                    render={({ field, fieldState }) => (
                      <TextField
                        label={t('users:invite.email')}
                        type="email"
                        autoComplete="off"
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
                    name={`invites.${index}.role`}
                    render={({ field, fieldState }) => (
                      <Select
                        label={t('users:invite.role')}
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        options={roleOptions}
                        placeholder={t('users:invite.chooseRole')}
                        error={fieldState.error?.message}
                        isRequired
                        isDisabled={isSaving}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`invites.${index}.lang`}
                    render={({ field, fieldState }) => (
                      <Select
                        label={t('users:invite.language')}
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        options={languageOptions}
                        error={fieldState.error?.message}
                        isDisabled={isSaving}
                      />
                    )}
                  />
                  <div className="flex sm:pt-6">
                    <Button
                      variant="tertiary"
                      aria-label={t('users:invite.removeRow', { number: index + 1 })}
                      icon={<Trash2 size={16} aria-hidden />}
                      onPress={() => rows.remove(index)}
                      isDisabled={rows.fields.length === 1 || isSaving}
                    >
                      <span className="sm:hidden">{t('users:invite.remove')}</span>
                    </Button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
          <div className="mt-4 border-t border-gray-100 pt-4">
            <Button
              variant="white"
              icon={<Plus size={16} aria-hidden />}
              onPress={addRow}
              isDisabled={rows.fields.length >= MAX_INVITE_ROWS || isSaving}
            >
              {t('users:invite.addRow')}
            </Button>
          </div>
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to="/users"
            className={buttonClasses('white')}
            onClick={(event) => {
              if (!form.formState.isDirty) return;
              event.preventDefault();
              guard(() => void navigate('/users'));
            }}
          >
            {t('common:actions.cancel')}
          </Link>
          <Button type="submit" isLoading={isSaving} icon={<Send size={16} aria-hidden />}>
            {t('users:invite.submit', { count: rows.fields.length })}
          </Button>
        </div>
      </form>
      {dialog}
    </>
  );
}
