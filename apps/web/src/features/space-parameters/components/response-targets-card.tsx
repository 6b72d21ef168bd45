/**
 * The response targets of a PCO space (issue 15 "Alert → visit on a response clock"; contract `responseTargetsInput`,
 * `DEFAULT_RESPONSE_TARGETS`): for each alert type, the hours within which a visit should check in on the site (or
 * someone acknowledge the alert), shown also as a duration of the language ("3 j"). Checked with the contract's rules;
 * `PUT /api/alert_response_targets` (owner only, the others see the values read-only); 422 violations show under their
 * fields; the save button spins meanwhile and a notification confirms. Nothing typed is lost on a failure.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ACTIONS, type ResponseTargets, RULE_ALERT_TYPES, responseTargetsInput } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { applyViolations } from '../../../shared/forms/violations';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { formatDuration } from '../../../shared/response-clock/duration';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { NumberField } from '../../../shared/ui/number-field';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { responseTargetsKey, saveResponseTargets, useResponseTargets } from '../api/response-targets-api';

const FIELD_NAMES = new Set<string>(RULE_ALERT_TYPES);

/** The targets form once loaded. */
function ResponseTargetsForm({ targets }: { targets: ResponseTargets }) {
  const { t, i18n } = useTranslation();
  const { hasAction } = useSession();
  const canSave = hasAction(ACTIONS.PCO_OWNER);
  const queryClient = useQueryClient();
  const form = useForm<ResponseTargets>({ resolver: zodResolver(responseTargetsInput), defaultValues: targets });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(targets);
  }, [targets, form]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await saveResponseTargets(values);
      queryClient.setQueryData(responseTargetsKey, saved);
      form.reset(saved);
      notify({ title: t('alerts:targets.saved') });
    } catch (error) {
      if (!applyViolations(error, form.setError, FIELD_NAMES)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-gray-700">{t('alerts:targets.description')}</p>
      {formError ? <FormError message={formError} /> : null}
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
        {RULE_ALERT_TYPES.map((type) => (
          <Controller
            key={type}
            control={form.control}
            name={type}
            render={({ field, fieldState }) => (
              <NumberField
                label={t(`enums:alert_type.${type}`)}
                description={
                  Number.isInteger(field.value) && field.value > 0
                    ? t('alerts:targets.within', { duration: formatDuration(field.value * 3600, i18n.language) })
                    : undefined
                }
                unit={t('alerts:targets.hours')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
                isRequired
                isDisabled={isSaving || !canSave}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      {canSave ? (
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <Button type="submit" isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </div>
      ) : (
        <p className="text-[13px] text-gray-600">{t('alerts:targets.readOnly')}</p>
      )}
    </form>
  );
}

/** The response targets card of the space settings (PCO spaces). */
function ResponseTargetsCardBody() {
  const { t } = useTranslation();
  const query = useResponseTargets();
  return (
    <Card title={t('alerts:targets.title')}>
      {query.data ? (
        <ResponseTargetsForm targets={query.data} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:states.loading')}>
          <SkeletonLines lines={5} />
        </div>
      )}
    </Card>
  );
}

/** The card, once its texts (namespace `alerts`, loaded on demand) are there. */
export const ResponseTargetsCard = withOnDemandTexts('alerts', ResponseTargetsCardBody);
