/**
 * 'New dealer' / 'New PCO' and their edit (SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer space"): a
 * slide-over with the name, the address (label, street, postal code, city, country and the coordinates typed in, no
 * maps service being reachable), the logo (required on create; JPEG/PNG/WebP ≤ 5 MB checked here, previewed), the
 * owner's invitation e-mail (create only), the ERP ids and, for an admin's PCO, its dealer. Saved as `POST`/`PUT`,
 * then the logo upload; a 422 answer's violations show under their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ManagedSpace } from '@isoptera/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { AddressFields } from '../../../shared/ui/address-fields';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { LogoField, useLogoChoice } from '../../../shared/ui/logo-field';
import { notify } from '../../../shared/ui/notifications';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { TextField } from '../../../shared/ui/text-field';
import { saveSpace, searchDealerOptions, uploadLogo } from '../api/spaces-api';
import {
  emptySpaceValues,
  type SpaceFormValues,
  type SpaceFormVariant,
  spaceBody,
  spaceFormSchema,
  spaceValues,
  spaceViolations,
} from '../lib/space-form';
import type { SpaceKind } from '../lib/space-kind';

export interface SpaceFormPanelProps {
  kind: SpaceKind;
  /** The space edited; null: a new one. */
  space: ManagedSpace | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Admin: the PCO form shows the dealer picker. */
  withDealer: boolean;
  /** Called once the space (and its logo) is saved. */
  onSaved: () => void;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm font-semibold text-gray-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The dealer / PCO form slide-over. */
export function SpaceFormPanel({ kind, space, isOpen, onOpenChange, withDealer, onSaved }: SpaceFormPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const mode = space ? 'edit' : 'create';
  const variant: SpaceFormVariant = { kind, mode, withDealer: kind === 'pco' && withDealer };
  const form = useForm<SpaceFormValues>({
    resolver: zodResolver(spaceFormSchema(variant)) as never,
    defaultValues: emptySpaceValues(),
  });
  const logo = useLogoChoice();
  const resetLogo = logo.reset;
  const [formError, setFormError] = useState<string | null>(null);
  /** A space created whose logo upload failed: a retry only uploads the logo. */
  const created = useRef<ManagedSpace | null>(null);
  /** The create's `Idempotency-Key` (ADR 027): a double click or a retry creates one space. */
  const keys = useIdempotencyKey();
  const isSaving = form.formState.isSubmitting;
  const errors = form.formState.errors;

  useEffect(() => {
    if (!isOpen) return;
    form.reset(space ? spaceValues(space) : emptySpaceValues());
    resetLogo();
    setFormError(null);
    created.current = null;
  }, [isOpen, space, form, resetLogo]);

  const logoMissing = () => {
    if (mode === 'create' && !logo.file && !created.current) {
      logo.setError('logo_required');
      return true;
    }
    return false;
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      if (logoMissing()) return;
      let saved = created.current;
      if (!saved) {
        try {
          const body = spaceBody(values, variant);
          saved = await saveSpace(kind, body, space?.ulid, space ? undefined : keys.keyFor(body));
          keys.renew();
        } catch (error) {
          const violations = spaceViolations(error);
          if (violations?.fields.length) {
            for (const [index, [name, code]] of violations.fields.entries()) {
              form.setError(
                name as FieldPath<SpaceFormValues>,
                { type: 'server', message: code },
                { shouldFocus: index === 0 },
              );
            }
          }
          if (!violations?.fields.length || violations.other.length) {
            setFormError(
              violations?.other.length ? translateErrorCode(violations.other[0] ?? '') : errorMessage(error),
            );
          }
          return;
        }
        if (mode === 'create') created.current = saved;
      }
      if (logo.file) {
        try {
          await uploadLogo(kind, saved.ulid, logo.file);
        } catch (error) {
          const violations = spaceViolations(error);
          logo.setError(violations ? (violations.fields[0]?.[1] ?? violations.other[0] ?? 'logo_invalid') : null);
          setFormError(
            mode === 'create' ? t('spaces:form.logoFailedAfterCreate', { name: saved.name }) : errorMessage(error),
          );
          onSaved();
          return;
        }
      }
      notify({
        title:
          mode === 'create'
            ? t(`spaces:${kind}.created`, { name: saved.name })
            : t(`spaces:${kind}.updated`, { name: saved.name }),
        content: mode === 'create' ? t('spaces:form.invitationSent', { email: values.owner_email }) : undefined,
      });
      onOpenChange(false);
      onSaved();
    },
    () => {
      logoMissing();
    },
  );

  const fieldError = (path: FieldPath<SpaceFormValues>): string | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const text = (
    path: FieldPath<SpaceFormValues>,
    label: string,
    options: { required?: boolean; type?: string; inputMode?: 'decimal' | 'email'; description?: string } = {},
  ) => (
    <Controller
      control={form.control}
      name={path}
      render={({ field }) => (
        <TextField
          label={label}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          type={options.type}
          inputMode={options.inputMode}
          isRequired={options.required}
          isDisabled={isSaving}
          description={options.description}
          error={fieldError(path)}
        />
      )}
    />
  );

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      size="lg"
      title={t(`spaces:${kind}.${mode === 'create' ? 'createTitle' : 'editTitle'}`)}
      subtitle={mode === 'create' ? t(`spaces:${kind}.createSubtitle`) : space?.name}
      footer={
        <>
          <FormCancelButton />
          <Button type="submit" form={formId} isLoading={isSaving}>
            {mode === 'create' ? t(`spaces:${kind}.create`) : t('spaces:actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-6">
        {formError ? <FormError message={formError} /> : null}
        <Group legend={t('spaces:form.sections.identity')}>
          {text('name', t('spaces:form.name'), { required: true })}
          <LogoField
            choice={logo}
            current={space?.logo ?? null}
            name={form.watch('name')}
            isRequired={mode === 'create'}
            isDisabled={isSaving}
          />
        </Group>
        <Group legend={t('spaces:form.sections.address')}>
          <AddressFields control={form.control} name="address" isDisabled={isSaving} />
        </Group>
        <Group legend={t('spaces:form.sections.account')}>
          {mode === 'create'
            ? text('owner_email', t('spaces:form.ownerEmail'), {
                required: true,
                type: 'email',
                inputMode: 'email',
                description: t('spaces:form.ownerEmailHint'),
              })
            : null}
          {variant.withDealer ? (
            <Controller
              control={form.control}
              name="dealer"
              render={({ field }) => (
                <SearchPicker
                  label={t('spaces:form.dealer')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  loadOptions={searchDealerOptions}
                  selectedOptions={space?.dealer ? [{ id: space.dealer['@id'], label: space.dealer.name }] : []}
                  isRequired
                  isDisabled={isSaving}
                  error={fieldError('dealer')}
                />
              )}
            />
          ) : null}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {text('erp_client_id', t('spaces:form.erpClientId'))}
            {kind === 'pco' ? text('erp_order_id', t('spaces:form.erpOrderId')) : null}
          </div>
        </Group>
      </form>
    </FormSlideOver>
  );
}
