/**
 * 'New dealer' / 'New PCO' and their edit (SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer space"): a
 * slide-over with the name, the address (label, street, postal code, city, country and the coordinates typed in, no
 * maps service being reachable), the logo (required on create; JPEG/PNG/WebP ≤ 5 MB checked here, previewed), the
 * owner's invitation e-mail (create only), the ERP ids and, for an admin's PCO, its dealer. Saved as `POST`/`PUT`,
 * then the logo upload; a 422 answer's violations show under their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ManagedSpace } from '@isoptera/contracts';
import { ImageUp } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { SlideOver } from '../../../shared/ui/slide-over';
import { TextField } from '../../../shared/ui/text-field';
import { saveSpace, searchDealerOptions, uploadLogo } from '../api/spaces-api';
import { LOGO_TYPES, logoFileError } from '../lib/logo-file';
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
import { SpaceLogo } from './space-logo';

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
  const logoInputId = useId();
  const mode = space ? 'edit' : 'create';
  const variant: SpaceFormVariant = { kind, mode, withDealer: kind === 'pco' && withDealer };
  const form = useForm<SpaceFormValues>({
    resolver: zodResolver(spaceFormSchema(variant)) as never,
    defaultValues: emptySpaceValues(),
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  /** A space created whose logo upload failed: a retry only uploads the logo. */
  const created = useRef<ManagedSpace | null>(null);
  const isSaving = form.formState.isSubmitting;
  const errors = form.formState.errors;

  useEffect(() => {
    if (!isOpen) return;
    form.reset(space ? spaceValues(space) : emptySpaceValues());
    setLogo(null);
    setLogoError(null);
    setFormError(null);
    created.current = null;
  }, [isOpen, space, form]);

  useEffect(() => {
    if (!logo || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    const error = logoFileError(file);
    setLogoError(error);
    setLogo(error ? null : file);
  };

  const logoMissing = () => {
    if (mode === 'create' && !logo && !created.current) {
      setLogoError('logo_required');
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
          saved = await saveSpace(kind, spaceBody(values, variant), space?.ulid);
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
      if (logo) {
        try {
          await uploadLogo(kind, saved.ulid, logo);
        } catch (error) {
          const violations = spaceViolations(error);
          setLogoError(violations ? (violations.fields[0]?.[1] ?? violations.other[0] ?? 'logo_invalid') : null);
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

  const logoShown = preview ?? space?.logo ?? null;

  return (
    <SlideOver
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isSaving) onOpenChange(open);
      }}
      isDismissable={!isSaving}
      size="lg"
      title={t(`spaces:${kind}.${mode === 'create' ? 'createTitle' : 'editTitle'}`)}
      subtitle={mode === 'create' ? t(`spaces:${kind}.createSubtitle`) : space?.name}
      footer={
        <>
          <Button variant="white" onPress={() => onOpenChange(false)} isDisabled={isSaving}>
            {t('common:actions.cancel')}
          </Button>
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
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-gray-900">
              {t('spaces:form.logo')}
              {mode === 'create' ? (
                <span aria-hidden className="text-red-700">
                  {' '}
                  *
                </span>
              ) : null}
            </span>
            <div className="flex items-center gap-4">
              {logoShown ? (
                <img
                  src={logoShown}
                  alt={t('spaces:form.logoPreview')}
                  className="size-20 rounded-md border border-gray-200 bg-white object-contain"
                />
              ) : (
                <SpaceLogo name={form.watch('name') || '?'} src={null} size="lg" />
              )}
              <div className="flex flex-col gap-1">
                <label
                  htmlFor={logoInputId}
                  className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-xs hover:bg-gray-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
                >
                  <ImageUp size={16} aria-hidden />
                  {logoShown ? t('spaces:form.replaceLogo') : t('spaces:form.chooseLogo')}
                  <input
                    id={logoInputId}
                    type="file"
                    accept={LOGO_TYPES.join(',')}
                    className="sr-only"
                    aria-label={t('spaces:form.logo')}
                    aria-invalid={logoError ? true : undefined}
                    aria-describedby={`${logoInputId}-hint`}
                    disabled={isSaving}
                    onChange={(event) => {
                      chooseLogo(event.currentTarget.files?.[0]);
                      event.currentTarget.value = '';
                    }}
                  />
                </label>
                <p id={`${logoInputId}-hint`} className="text-[13px] text-gray-600">
                  {logo ? logo.name : t('spaces:form.logoHint')}
                </p>
                {logoError ? (
                  <p role="alert" className="text-[13px] text-red-700">
                    {logoError === 'logo_too_large' ? t('spaces:form.logoTooLarge') : translateErrorCode(logoError)}
                  </p>
                ) : null}
              </div>
            </div>
          </div>
        </Group>
        <Group legend={t('spaces:form.sections.address')}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {text('address.label', t('spaces:form.addressLabel'), {
                required: true,
                description: t('spaces:form.addressLabelHint'),
              })}
            </div>
            <div className="sm:col-span-2">{text('address.street', t('spaces:form.street'))}</div>
            {text('address.postal_code', t('spaces:form.postalCode'))}
            {text('address.city', t('spaces:form.city'))}
            <div className="sm:col-span-2">{text('address.country', t('spaces:form.country'))}</div>
            {text('address.latitude', t('spaces:form.latitude'), { required: true, inputMode: 'decimal' })}
            {text('address.longitude', t('spaces:form.longitude'), { required: true, inputMode: 'decimal' })}
          </div>
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
    </SlideOver>
  );
}
