/**
 * The client part of the client forms (SPEC §3 "Client", §5 "Client: name required"): its kind — a company or a private
 * individual (`client.company`) — and its name (`client.name`).
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { TextField } from '../../../shared/ui/text-field';

export interface ClientFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The current kind (the name's hint follows it). */
  isCompany: boolean;
  isDisabled?: boolean;
}

/** Kind (radio: company / private individual) and name of a client. */
export function ClientFields<T extends FieldValues>({ control, isCompany, isDisabled = false }: ClientFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <Controller
        control={control}
        name={'client.company' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <RadioGroup
            label={t('clients:form.kind')}
            orientation="horizontal"
            name={field.name}
            value={field.value === false ? 'private' : 'company'}
            onChange={(id) => field.onChange(id !== 'private')}
            options={[
              { id: 'company', label: t('clients:kind.company') },
              { id: 'private', label: t('clients:kind.private') },
            ]}
            error={fieldState.error?.message}
            isDisabled={isDisabled}
          />
        )}
      />
      <Controller
        control={control}
        name={'client.name' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <TextField
            label={t('clients:form.name')}
            description={isCompany ? t('clients:form.nameCompanyHint') : t('clients:form.namePrivateHint')}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            isRequired
            isDisabled={isDisabled}
            autoComplete="off"
          />
        )}
      />
    </div>
  );
}
