/**
 * The fields of one contact (SPEC §5 "Contact": last name, first name, title, phone and e-mail required; notes), bound
 * to a react-hook-form form under `prefix` (`contact`, `alternatives.0`, …). Errors are violation codes, translated.
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import type { ContactField } from '../lib/client-form';

export interface ContactFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Path of the contact object in the form values. */
  prefix: string;
  isDisabled?: boolean;
}

const TEXT_FIELDS: Array<{ field: Exclude<ContactField, 'notes'>; type?: string; autoComplete: string }> = [
  { field: 'lastname', autoComplete: 'family-name' },
  { field: 'firstname', autoComplete: 'given-name' },
  { field: 'title', autoComplete: 'organization-title' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email' },
];

/** Last name, first name, title, phone, e-mail (required) and notes of a contact. */
export function ContactFields<T extends FieldValues>({ control, prefix, isDisabled = false }: ContactFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(({ field, type, autoComplete }) => (
        <Controller
          key={field}
          control={control}
          name={`${prefix}.${field}` as FieldPath<T>}
          render={({ field: input, fieldState }) => (
            <TextField
              label={t(`clients:form.${field}`)}
              description={field === 'phone' ? t('clients:form.phoneHint') : undefined}
              type={type}
              autoComplete={autoComplete}
              name={input.name}
              value={(input.value as string | null | undefined) ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              error={fieldState.error?.message}
              isRequired
              isDisabled={isDisabled}
              className={field === 'email' ? 'sm:col-span-2' : undefined}
            />
          )}
        />
      ))}
      <Controller
        control={control}
        name={`${prefix}.notes` as FieldPath<T>}
        render={({ field: input, fieldState }) => (
          <TextArea
            label={t('clients:form.notes')}
            name={input.name}
            rows={2}
            value={(input.value as string | null | undefined) ?? ''}
            onChange={input.onChange}
            onBlur={input.onBlur}
            error={fieldState.error?.message}
            isDisabled={isDisabled}
            className="sm:col-span-2"
          />
        )}
      />
    </div>
  );
}
