/**
 * The address of a dealer or PCO space in a react-hook-form form (ARCHITECTURE §4 `address`; SPEC §5 "PCO or dealer
 * space"): full label (required, with a hint), street, postal code, city, country and the coordinates typed in (no
 * maps service being reachable). Each field shows its error code (contract rule or server violation) translated.
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

/** The address values as typed: every part as text ('' for none), coordinates as decimal text. */
export interface AddressFormValues {
  label: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
}

/** The form values of a stored address (`null`: empty). */
export function addressValues(address: Partial<Record<keyof AddressFormValues, string | null>> | null) {
  const a = address ?? {};
  return {
    label: a.label ?? '',
    street: a.street ?? '',
    postal_code: a.postal_code ?? '',
    city: a.city ?? '',
    country: a.country ?? '',
    latitude: a.latitude ?? '',
    longitude: a.longitude ?? '',
  } satisfies AddressFormValues;
}

export interface AddressFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The path of the address object in the form values, e.g. `address`. */
  name: FieldPath<T>;
  isDisabled?: boolean;
}

/** The address inputs on a two-column grid (one column on mobile). */
export function AddressFields<T extends FieldValues>({ control, name, isDisabled = false }: AddressFieldsProps<T>) {
  const { t } = useTranslation();
  const field = (
    part: keyof AddressFormValues,
    label: string,
    options: { required?: boolean; decimal?: boolean; description?: string } = {},
  ) => (
    <Controller
      control={control}
      name={`${name}.${part}` as FieldPath<T>}
      render={({ field: input, fieldState }) => (
        <TextField
          label={label}
          name={input.name}
          value={(input.value as string | undefined) ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          inputRef={input.ref}
          inputMode={options.decimal ? 'decimal' : undefined}
          isRequired={options.required}
          isDisabled={isDisabled}
          description={options.description}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        {field('label', t('fields:address.label'), { required: true, description: t('fields:address.labelHint') })}
      </div>
      <div className="sm:col-span-2">{field('street', t('fields:address.street'))}</div>
      {field('postal_code', t('fields:address.postalCode'))}
      {field('city', t('fields:address.city'))}
      <div className="sm:col-span-2">{field('country', t('fields:address.country'))}</div>
      {field('latitude', t('fields:address.latitude'), { required: true, decimal: true })}
      {field('longitude', t('fields:address.longitude'), { required: true, decimal: true })}
    </div>
  );
}
