/**
 * Create or edit a contract (issue 13; PCO action): a slide-over with the site (when the client has several), the
 * reference, the start and end days, the visit rule (every N weeks or months, an RFC 5545 RRULE, or N days after the
 * last completed visit) and its window, the preferred technician, the price and billing period, automatic renewal
 * with its notice period, the warranty and notes. The contract's rules check the form before sending; the server's
 * 422 violations (an RRULE the `rrule` library refuses, a start in the past…) show under their fields, in the user's
 * language; anything else above the form. An edit starts from the contract as `GET /api/contracts/{ulid}` answers it
 * and is made from that version (`If-Match`, issue 16): when someone else changed the contract since, the form keeps
 * what was typed and offers to load the latest version (asking before discarding).
 */
import {
  BILLING_PERIODS,
  type BillingPeriod,
  CONTRACT_CURRENCIES,
  type ContractCurrency,
  type ContractDetail,
} from '@isoptera/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { entityTagOf } from '../../../shared/api/http-client';
import { everyMemberQueryOptions, memberName } from '../../../shared/api/resources/members';
import { EditConflictNotice, isEditConflict } from '../../../shared/forms/edit-conflict';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { DatePicker } from '../../../shared/ui/date-picker';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { NumberField } from '../../../shared/ui/number-field';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { contractKeys, contractQueryOptions, getContract, useContractMutations } from '../api/contracts-api';
import {
  type ContractFormValues,
  contractFormValues,
  contractRequest,
  contractResolver,
  contractViolations,
  type RuleChoice,
} from '../lib/contract-form';

/** A site the contract may be on. */
export interface ContractSiteOption {
  ulid: string;
  name: string;
}

export interface ContractFormPanelProps {
  /** The contract to edit; null to create one. */
  contract: ContractDetail | null;
  /** The sites to choose from (one: the site is fixed). */
  sites: readonly ContractSiteOption[];
  onClose: () => void;
}

const RULE_CHOICES: readonly RuleChoice[] = ['every', 'rrule', 'after_last_visit', 'none'];
const NONE = 'none';

/**
 * The contract slide-over; mounted while open. Editing, it first loads the contract as it is now (with its `ETag`);
 * should that fail, it edits the listed one without a precondition.
 */
export function ContractFormPanel(props: ContractFormPanelProps) {
  const detail = useQuery(contractQueryOptions(props.contract?.ulid ?? ''));
  if (props.contract && detail.isPending) return null;
  return <ContractForm {...props} contract={props.contract ? (detail.data ?? props.contract) : null} />;
}

function ContractForm({ contract: firstContract, sites, onClose }: ContractFormPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { save } = useContractMutations();
  const members = useQuery(everyMemberQueryOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // the contract the form's values come from, and its version: what the save's `If-Match` names
  const [contract, setContract] = useState(firstContract);
  const loadedTag = useRef(entityTagOf(firstContract));
  const [conflict, setConflict] = useState(false);
  const form = useForm<ContractFormValues>({
    defaultValues: contractFormValues(contract, sites.length === 1 ? sites[0]?.ulid : ''),
    resolver: contractResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const ruleType = useWatch({ control: form.control, name: 'rule_type' });
  const isSaving = save.isPending;

  /** After a conflict, once the user agreed to lose what they typed: the contract as it now is, into the form. */
  const reload = async () => {
    if (!contract) return;
    try {
      const latest = await getContract(contract.ulid);
      queryClient.setQueryData(contractKeys.detail(contract.ulid), latest);
      form.reset(contractFormValues(latest, sites.length === 1 ? sites[0]?.ulid : ''));
      loadedTag.current = entityTagOf(latest);
      setContract(latest);
      setConflict(false);
      setFormError(null);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setConflict(false);
    try {
      const saved = await save.mutateAsync({
        ulid: contract?.ulid,
        body: contractRequest(values),
        entityTag: loadedTag.current,
      });
      notify({
        title: t(contract ? 'contracts:notifications.updated' : 'contracts:notifications.created', {
          reference: saved.reference,
        }),
      });
      onClose();
    } catch (error) {
      if (isEditConflict(error)) {
        setConflict(true);
        return;
      }
      const violations = contractViolations(error, values.rule_type);
      if (violations?.fields.length) {
        for (const [field, code] of violations.fields) {
          form.setError(field as FieldPath<ContractFormValues>, { type: 'server', message: code });
        }
        setFormError(violations.other.length ? errorMessage(error) : t('contracts:form.checkFields'));
      } else setFormError(errorMessage(error));
    }
  });

  const technicians = (members.data?.list ?? []).map((member) => ({ id: member.ulid, label: memberName(member) }));
  const text = (
    name: 'reference' | 'rrule' | 'price',
    label: string,
    extra: Partial<{ description: string; isRequired: boolean; inputMode: 'decimal' }> = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          isDisabled={isSaving}
          autoComplete="off"
          {...extra}
        />
      )}
    />
  );
  const number = (
    name: 'interval' | 'days' | 'visit_window_days' | 'notice_period_days' | 'warranty_years',
    label: string,
    extra: { description?: string; isRequired?: boolean; minValue?: number; maxValue?: number } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          formatOptions={{ maximumFractionDigits: 0 }}
          error={fieldState.error?.message}
          isDisabled={isSaving}
          minValue={0}
          {...extra}
        />
      )}
    />
  );

  return (
    <FormSlideOver
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      title={contract ? t('contracts:form.editTitle', { reference: contract.reference }) : t('contracts:form.newTitle')}
      subtitle={t('contracts:form.subtitle')}
      footer={
        <>
          <FormCancelButton />
          <Button type="submit" form={formId} isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
        {conflict ? (
          <EditConflictNotice isDirty={form.formState.isDirty} onReload={reload} isDisabled={isSaving} />
        ) : null}
        <FormError message={formError} />
        {sites.length > 1 || (contract && !sites.some((site) => site.ulid === contract.site?.ulid)) ? (
          <Controller
            control={form.control}
            name="site"
            render={({ field, fieldState }) => (
              <Select
                label={t('contracts:form.site')}
                name={field.name}
                value={field.value}
                placeholder={t('contracts:form.sitePlaceholder')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={sites.map((site) => ({ id: site.ulid, label: site.name }))}
                error={fieldState.error?.message}
                isRequired
                isDisabled={isSaving}
              />
            )}
          />
        ) : null}
        {text('reference', t('contracts:form.reference'), { isRequired: true })}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(['started_at', 'ended_at'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <DatePicker
                  label={t(name === 'started_at' ? 'contracts:form.start' : 'contracts:form.end')}
                  name={field.name}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  isRequired
                  isDisabled={isSaving}
                />
              )}
            />
          ))}
        </div>

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-1 text-sm font-semibold text-gray-900">{t('contracts:form.visits')}</legend>
          <Controller
            control={form.control}
            name="rule_type"
            render={({ field, fieldState }) => (
              <Select
                label={t('contracts:form.ruleType')}
                name={field.name}
                value={field.value}
                onChange={(id) => field.onChange(id as RuleChoice)}
                onBlur={field.onBlur}
                options={RULE_CHOICES.map((choice) => ({ id: choice, label: t(`contracts:form.ruleTypes.${choice}`) }))}
                error={fieldState.error?.message}
                isDisabled={isSaving}
              />
            )}
          />
          {ruleType === 'every' ? (
            <div className="grid grid-cols-2 gap-4">
              {number('interval', t('contracts:form.interval'), { isRequired: true, minValue: 1, maxValue: 52 })}
              <Controller
                control={form.control}
                name="unit"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('contracts:form.unit')}
                    name={field.name}
                    value={field.value}
                    onChange={(id) => field.onChange(id as 'weeks' | 'months')}
                    onBlur={field.onBlur}
                    options={(['weeks', 'months'] as const).map((unit) => ({
                      id: unit,
                      label: t(`contracts:form.units.${unit}`),
                    }))}
                    error={fieldState.error?.message}
                    isDisabled={isSaving}
                  />
                )}
              />
            </div>
          ) : null}
          {ruleType === 'rrule'
            ? text('rrule', t('contracts:form.rrule'), { description: t('contracts:form.rruleHint'), isRequired: true })
            : null}
          {ruleType === 'after_last_visit'
            ? number('days', t('contracts:form.days'), { isRequired: true, minValue: 1, maxValue: 730 })
            : null}
          {ruleType !== 'none' ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {number('visit_window_days', t('contracts:form.window'), {
                description: t('contracts:form.windowHint'),
                maxValue: 90,
              })}
              <Controller
                control={form.control}
                name="preferred_technician"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('contracts:form.technician')}
                    name={field.name}
                    value={field.value || NONE}
                    onChange={(id) => field.onChange(id === NONE ? '' : id)}
                    onBlur={field.onBlur}
                    options={[{ id: NONE, label: t('contracts:form.noTechnician') }, ...technicians]}
                    error={fieldState.error?.message}
                    isDisabled={isSaving}
                  />
                )}
              />
            </div>
          ) : null}
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-1 text-sm font-semibold text-gray-900">{t('contracts:form.pricing')}</legend>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {text('price', t('contracts:form.price'), { inputMode: 'decimal' })}
            <Controller
              control={form.control}
              name="currency"
              render={({ field, fieldState }) => (
                <Select
                  label={t('contracts:form.currency')}
                  name={field.name}
                  value={field.value}
                  onChange={(id) => field.onChange(id as ContractCurrency)}
                  onBlur={field.onBlur}
                  options={CONTRACT_CURRENCIES.map((currency) => ({ id: currency, label: currency }))}
                  error={fieldState.error?.message}
                  isDisabled={isSaving}
                />
              )}
            />
            <Controller
              control={form.control}
              name="billing_period"
              render={({ field, fieldState }) => (
                <Select
                  className="col-span-2 sm:col-span-1"
                  label={t('contracts:form.billing')}
                  name={field.name}
                  value={field.value || NONE}
                  onChange={(id) => field.onChange(id === NONE ? '' : (id as BillingPeriod))}
                  onBlur={field.onBlur}
                  options={[
                    { id: NONE, label: t('contracts:billing.none') },
                    ...BILLING_PERIODS.map((period) => ({ id: period, label: t(`contracts:billingName.${period}`) })),
                  ]}
                  error={fieldState.error?.message}
                  isDisabled={isSaving}
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="auto_renewal"
            render={({ field }) => (
              <Checkbox isSelected={field.value} onChange={field.onChange} isDisabled={isSaving}>
                {t('contracts:form.autoRenewal')}
              </Checkbox>
            )}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {number('notice_period_days', t('contracts:form.notice'), {
              description: t('contracts:form.noticeHint'),
              maxValue: 365,
            })}
            {number('warranty_years', t('contracts:form.warranty'), { maxValue: 50 })}
          </div>
        </fieldset>

        <Controller
          control={form.control}
          name="notes"
          render={({ field, fieldState }) => (
            <TextArea
              label={t('contracts:form.notes')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              isDisabled={isSaving}
              rows={3}
            />
          )}
        />
      </form>
    </FormSlideOver>
  );
}
