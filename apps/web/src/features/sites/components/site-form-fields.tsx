/** The fields of the site form, grouped: client and contact, site, address, characteristics, equipment, planning. */
import {
  BUILDING_TYPES,
  type ClientDetail,
  type ContactInput,
  SITE_STATUSES,
  TERMITE_SPECIES,
  TREATMENT_TYPES,
  WORK_TYPES,
} from '@isoptera/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactsOf, searchClientOptions } from '../../../shared/api/resources/clients';
import { searchMemberOptions } from '../../../shared/api/resources/members';
import { DatePicker } from '../../../shared/ui/date-picker';
import { NumberField } from '../../../shared/ui/number-field';
import { type PickerOption, SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { emptyContact, NEW_CONTACT, type SiteFormValues } from '../lib/site-form';

export interface SiteFormFieldsProps {
  form: UseFormReturn<SiteFormValues>;
  client: UseQueryResult<ClientDetail>;
  isClientLocked: boolean;
  clientOptions: readonly PickerOption[];
  referentOptions: readonly PickerOption[];
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm font-semibold text-gray-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** `YYYY-MM-DD` of today in the browser's zone. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The address label composed from its parts (`8 allée des Lilas, 33700 Mérignac`). */
function composeLabel(a: SiteFormValues['site']['address']): string {
  const town = [a.postal_code.trim(), a.city.trim()].filter(Boolean).join(' ');
  return [a.street.trim(), town].filter(Boolean).join(', ');
}

/** Every field of the site form. */
export function SiteFormFields({ form, client, isClientLocked, clientOptions, referentOptions }: SiteFormFieldsProps) {
  const { t } = useTranslation();
  const { control, setValue, getValues, formState } = form;
  const errors = formState.errors;
  const revalidate = formState.isSubmitted;
  const composed = useRef(composeLabel(getValues('site.address')));
  const contact = form.watch('contact');
  const clientUlid = form.watch('site.client');
  const isNewContact = typeof contact !== 'string';
  const contacts = contactsOf(client.data);

  const error = (path: FieldPath<SiteFormValues>): string | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  /** Keeps the address label in step with its parts until the user writes a label of their own. */
  const onAddressPart = () => {
    const address = getValues('site.address');
    const next = composeLabel(address);
    if (address.label.trim() === '' || address.label === composed.current) {
      setValue('site.address.label', next, { shouldValidate: revalidate });
    }
    composed.current = next;
  };

  const text = (
    path: FieldPath<SiteFormValues>,
    label: string,
    options: { required?: boolean; onEdit?: () => void; inputMode?: 'decimal' } = {},
  ) => (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <TextField
          label={label}
          name={field.name}
          value={String(field.value ?? '')}
          onChange={(value) => {
            field.onChange(options.inputMode === 'decimal' ? value.replace(',', '.') : value);
            options.onEdit?.();
          }}
          onBlur={field.onBlur}
          isRequired={options.required}
          inputMode={options.inputMode}
          error={error(path)}
        />
      )}
    />
  );

  const enumSelect = (path: FieldPath<SiteFormValues>, label: string, values: readonly string[], namespace: string) => (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <Select
          label={label}
          name={field.name}
          value={String(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          options={values.map((value) => ({ id: value, label: t(`enums:${namespace}.${value}`) }))}
          error={error(path)}
        />
      )}
    />
  );

  const count = (path: FieldPath<SiteFormValues>, label: string) => (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <NumberField
          label={label}
          name={field.name}
          value={field.value as number}
          onChange={field.onChange}
          onBlur={field.onBlur}
          minValue={0}
          maxValue={10_000}
          step={1}
          showSteppers
          error={error(path)}
        />
      )}
    />
  );

  const contactOptions = [
    ...contacts.map((c) => ({
      id: c.ulid,
      label: `${c.firstname} ${c.lastname} — ${c.title}${c.ulid === client.data?.primary_contact?.ulid ? ` (${t('sites:form.primaryContact')})` : ''}`,
    })),
    { id: NEW_CONTACT, label: t('sites:form.newContactOption') },
  ];

  return (
    <>
      <Group legend={t('sites:form.sections.client')}>
        <Controller
          control={control}
          name="site.client"
          render={({ field }) => (
            <SearchPicker
              label={t('sites:form.client')}
              name={field.name}
              value={field.value}
              onChange={(id) => {
                field.onChange(id);
                if (typeof getValues('contact') === 'string') setValue('contact', '');
              }}
              onBlur={field.onBlur}
              loadOptions={searchClientOptions}
              selectedOptions={clientOptions}
              isRequired
              isDisabled={isClientLocked}
              description={isClientLocked ? t('sites:form.clientLocked') : undefined}
              error={error('site.client')}
            />
          )}
        />
        <Select
          label={t('sites:form.contact')}
          name="contact"
          value={isNewContact ? NEW_CONTACT : contact}
          onChange={(id) =>
            setValue('contact', id === NEW_CONTACT ? (isNewContact ? (contact as ContactInput) : emptyContact()) : id, {
              shouldValidate: revalidate,
            })
          }
          options={contactOptions}
          placeholder={t('sites:form.contactPlaceholder')}
          isRequired
          isDisabled={!clientUlid || client.isLoading}
          description={
            !clientUlid
              ? t('sites:form.contactNeedsClient')
              : client.isError
                ? t('sites:form.contactsUnavailable')
                : undefined
          }
          error={typeof errors.contact?.message === 'string' ? errors.contact.message : undefined}
        />
        {isNewContact ? (
          <div className="grid grid-cols-1 gap-4 rounded-md border border-gray-200 bg-gray-50 p-4 sm:grid-cols-2">
            <p className="text-[13px] text-gray-700 sm:col-span-2">{t('sites:form.newContactHint')}</p>
            {text('contact.lastname', t('sites:form.contactLastname'), { required: true })}
            {text('contact.firstname', t('sites:form.contactFirstname'), { required: true })}
            {text('contact.phone', t('sites:form.contactPhone'), { required: true })}
            {text('contact.email', t('sites:form.contactEmail'), { required: true })}
            <div className="sm:col-span-2">
              {text('contact.title', t('sites:form.contactTitle'), { required: true })}
            </div>
          </div>
        ) : null}
      </Group>

      <Group legend={t('sites:form.sections.site')}>
        {text('site.name', t('sites:form.name'), { required: true })}
        <Controller
          control={control}
          name="site.description"
          render={({ field }) => (
            <TextArea
              label={t('sites:form.description')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              rows={3}
              error={error('site.description')}
            />
          )}
        />
        <Controller
          control={control}
          name="site.referent"
          render={({ field }) => (
            <SearchPicker
              label={t('sites:form.referent')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              loadOptions={searchMemberOptions}
              selectedOptions={referentOptions}
              isRequired
              error={error('site.referent')}
            />
          )}
        />
        {enumSelect('site.status', t('sites:form.status'), SITE_STATUSES, 'site_status')}
      </Group>

      <Group legend={t('sites:form.sections.address')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {text('site.address.street', t('sites:form.street'), { onEdit: onAddressPart })}
          </div>
          {text('site.address.postal_code', t('sites:form.postalCode'), { onEdit: onAddressPart })}
          {text('site.address.city', t('sites:form.city'), { onEdit: onAddressPart })}
          <div className="sm:col-span-2">{text('site.address.country', t('sites:form.country'))}</div>
          <div className="sm:col-span-2">
            {text('site.address.label', t('sites:form.addressLabel'), { required: true })}
          </div>
          {text('site.address.latitude', t('sites:form.latitude'), { required: true, inputMode: 'decimal' })}
          {text('site.address.longitude', t('sites:form.longitude'), { required: true, inputMode: 'decimal' })}
          <p className="text-[13px] text-gray-600 sm:col-span-2">{t('sites:form.coordinatesHint')}</p>
        </div>
      </Group>

      <Group legend={t('sites:form.sections.characteristics')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="site.area"
            render={({ field }) => (
              <NumberField
                label={t('sites:form.area')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                minValue={0}
                formatOptions={{ maximumFractionDigits: 2 }}
                unit="m²"
                isRequired
                error={error('site.area')}
              />
            )}
          />
          {enumSelect('site.treatment_type', t('sites:form.treatmentType'), TREATMENT_TYPES, 'treatment_type')}
          {enumSelect('site.work_type', t('sites:form.workType'), WORK_TYPES, 'work_type')}
          {enumSelect('site.building_type', t('sites:form.buildingType'), BUILDING_TYPES, 'building_type')}
          <div className="sm:col-span-2">
            {enumSelect('site.termite_species', t('sites:form.termiteSpecies'), TERMITE_SPECIES, 'termite_species')}
          </div>
        </div>
      </Group>

      <Group legend={t('sites:form.sections.equipment')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {count('site.estimated_box_number', t('sites:form.boxes'))}
          {count('site.estimated_igs_number', t('sites:form.igs'))}
          {count('site.estimated_ags_number', t('sites:form.ags'))}
        </div>
      </Group>

      <Group legend={t('sites:form.sections.planning')}>
        <Controller
          control={control}
          name="site.desired_installation_date"
          render={({ field }) => (
            <DatePicker
              label={t('sites:form.desiredInstallationDate')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={field.value && field.value < today() ? undefined : today()}
              error={error('site.desired_installation_date')}
            />
          )}
        />
        <Controller
          control={control}
          name="site.notes"
          render={({ field }) => (
            <TextArea
              label={t('sites:form.notes')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              rows={3}
              error={error('site.notes')}
            />
          )}
        />
      </Group>
    </>
  );
}
