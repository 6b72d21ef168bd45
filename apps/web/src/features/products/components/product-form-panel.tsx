/**
 * Create or edit a product of the catalogue (issue 12 "Products used"; PCO owner): a slide-over with the name, the
 * active ingredients (name and percentage, up to 20), the registration number and its register (US EPA, French or EU
 * biocide authorisation, Japan), the unit quantities are recorded in, and whether it is a bait. The contract's rules
 * check the form before sending; the server's 422 violations show under their fields in the user's language, anything
 * else above the form. An archived product stays archived when edited.
 */
import {
  PRODUCT_REGISTERS,
  PRODUCT_UNITS,
  type Product,
  type ProductRegister,
  type ProductUnit,
} from '@isoptera/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/field-error';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { notify } from '../../../shared/ui/notifications';
import { NumberField } from '../../../shared/ui/number-field';
import { Select } from '../../../shared/ui/select';
import { useProductMutations } from '../api/products-api';
import {
  EMPTY_INGREDIENT,
  type ProductFormValues,
  productFormValues,
  productRequest,
  productResolver,
  productViolations,
} from '../lib/product-form';

/** Active ingredients a product may list (the contract's limit). */
const MAX_INGREDIENTS = 20;
/** The "no register" choice of the register select. */
const NO_REGISTER = 'none';

export interface ProductFormPanelProps {
  /** The product to edit; null to create one. */
  product: Product | null;
  onClose: () => void;
}

/** The product slide-over; mounted while open. */
export function ProductFormPanel({ product, onClose }: ProductFormPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { save } = useProductMutations();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    defaultValues: productFormValues(product),
    resolver: productResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const ingredients = useFieldArray({ control: form.control, name: 'active_ingredients' });
  const isSaving = save.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        ulid: product?.ulid,
        body: productRequest(values, product?.archived_at != null),
      });
      notify({
        title: t(product ? 'products:notifications.updated' : 'products:notifications.created', { name: saved.name }),
      });
      onClose();
    } catch (error) {
      const violations = productViolations(error, values.active_ingredients.length);
      if (violations?.fields.length) {
        for (const [field, code] of violations.fields) {
          const path = (
            field === 'active_ingredients' ? 'active_ingredients.root' : field
          ) as FieldPath<ProductFormValues>;
          form.setError(path, { type: 'server', message: code });
        }
        setFormError(violations.other.length ? errorMessage(error) : t('products:form.checkFields'));
      } else setFormError(errorMessage(error));
    }
  });

  const listError =
    form.formState.errors.active_ingredients?.root?.message ?? form.formState.errors.active_ingredients?.message;

  return (
    <FormSlideOver
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      title={t(product ? 'products:form.editTitle' : 'products:form.newTitle')}
      subtitle={t('products:form.subtitle')}
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
        <FormError message={formError} />
        <FormTextField
          control={form.control}
          name="name"
          label={t('products:fields.name')}
          isRequired
          isDisabled={isSaving}
          autoComplete="off"
        />

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-gray-900">{t('products:fields.activeIngredients')}</legend>
          {ingredients.fields.length === 0 ? (
            <p className="text-sm text-gray-600">{t('products:form.noIngredient')}</p>
          ) : null}
          {ingredients.fields.map((row, index) => (
            <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_7.5rem_auto] items-start gap-2">
              <FormTextField
                control={form.control}
                name={`active_ingredients.${index}.name`}
                label={t('products:fields.ingredientName', { index: index + 1 })}
                isRequired
                isDisabled={isSaving}
                autoComplete="off"
              />
              <Controller
                control={form.control}
                name={`active_ingredients.${index}.percent`}
                render={({ field, fieldState }) => (
                  <NumberField
                    label={t('products:fields.percent')}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    minValue={0}
                    maxValue={100}
                    formatOptions={{ maximumFractionDigits: 4 }}
                    unit="%"
                    error={fieldState.error?.message}
                    isRequired
                    isDisabled={isSaving}
                  />
                )}
              />
              <Button
                variant="white"
                className="mt-6"
                aria-label={t('products:form.removeIngredient', { index: index + 1 })}
                icon={<Trash2 size={16} aria-hidden />}
                onPress={() => ingredients.remove(index)}
                isDisabled={isSaving}
              />
            </div>
          ))}
          {listError ? (
            <p role="alert" className="text-[13px] text-red-700">
              {t(`errors:${listError}`)}
            </p>
          ) : null}
          <div>
            <Button
              variant="white"
              size="sm"
              icon={<Plus size={16} aria-hidden />}
              onPress={() => ingredients.append({ ...EMPTY_INGREDIENT })}
              isDisabled={isSaving || ingredients.fields.length >= MAX_INGREDIENTS}
            >
              {t('products:form.addIngredient')}
            </Button>
          </div>
        </fieldset>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormTextField
            control={form.control}
            name="registration_number"
            label={t('products:fields.registrationNumber')}
            isDisabled={isSaving}
            autoComplete="off"
          />
          <Controller
            control={form.control}
            name="register"
            render={({ field, fieldState }) => (
              <Select
                label={t('products:fields.register')}
                name={field.name}
                value={field.value || NO_REGISTER}
                onChange={(id) => field.onChange(id === NO_REGISTER ? '' : (id as ProductRegister))}
                onBlur={field.onBlur}
                options={[
                  { id: NO_REGISTER, label: t('products:register.none') },
                  ...PRODUCT_REGISTERS.map((register) => ({ id: register, label: t(`products:register.${register}`) })),
                ]}
                error={fieldState.error?.message}
                isDisabled={isSaving}
              />
            )}
          />
          <Controller
            control={form.control}
            name="unit"
            render={({ field, fieldState }) => (
              <Select
                label={t('products:fields.unit')}
                description={t('products:form.unitHint')}
                name={field.name}
                value={field.value}
                placeholder={t('products:form.unitPlaceholder')}
                onChange={(id) => field.onChange(id as ProductUnit)}
                onBlur={field.onBlur}
                options={PRODUCT_UNITS.map((unit) => ({ id: unit, label: t(`products:unitName.${unit}`) }))}
                error={fieldState.error?.message}
                isRequired
                isDisabled={isSaving}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="is_bait"
          render={({ field }) => (
            <Checkbox isSelected={field.value} onChange={field.onChange} isDisabled={isSaving}>
              {t('products:fields.isBait')}
            </Checkbox>
          )}
        />
      </form>
    </FormSlideOver>
  );
}
