/**
 * The edit form of a report to process (issue 12 "Screens"): visit start and end, the language of the customer
 * document, summary, recommendations, conducive conditions, the customer's signatory or "customer absent", each
 * station check (result, action, bait consumed, note) and the products used (product of the catalogue, quantity,
 * unit, concentration, method, area treated, lot). Validated with the contract's `reportUpdateBody`; saved as a merge
 * patch of the fields changed; a 422 answer's violations land on their fields and nothing typed is lost. The patch is
 * made from the report's version the form loaded (`If-Match`, issue 16): when someone else changed the report since,
 * the form keeps what was typed and offers to load the latest version (asking before discarding).
 */
import {
  BAIT_CONSUMPTIONS,
  LANGUAGES,
  PRODUCT_UNITS,
  type Report,
  reportEndpoints,
  STATION_CHECK_ACTIONS,
  STATION_CHECK_RESULTS,
} from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { reportKeys } from '../../../shared/api/resources/reports';
import { useSession } from '../../../shared/auth/session';
import { EditConflictNotice, isEditConflict } from '../../../shared/forms/edit-conflict';
import { useDirtyReport } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { DateTimePicker } from '../../../shared/ui/date-picker';
import { FormError } from '../../../shared/ui/field-error';
import { NumberField } from '../../../shared/ui/number-field';
import { SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { type ProductOption, type ReportMove, searchProductOptions } from '../api/reports-api';
import {
  emptyProductUse,
  type ReportFormValues,
  reportFormResolver,
  reportFormValues,
  reportPatchOf,
  reportViolationField,
} from '../lib/report-form';
import { ReportSection } from './report-view';

export interface ReportEditFormProps {
  report: Report;
  /** The id of the `<form>`, for the submit button of the panel's footer. */
  formId: string;
  onMove: (move: ReportMove) => Promise<unknown>;
  /** After a successful save (or nothing to save). */
  onSaved: () => void;
  /** Told whether the form has unsaved changes (the panel asks before closing or going back to reading). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/** Focuses the first invalid control of the form, or brings the form's error into view. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid?.getAttribute('role') === 'combobox') invalid.scrollIntoView({ block: 'center' });
    else if (invalid) invalid.focus();
    else form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  });
}

/** The edit form of a report to process. */
export function ReportEditForm({ report, formId, onMove, onSaved, onDirtyChange }: ReportEditFormProps) {
  const { t } = useTranslation();
  const { timeZone } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // the report the form's values come from: its version is what the patch's `If-Match` names
  const [loaded, setLoaded] = useState(report);
  const [conflict, setConflict] = useState(false);
  const defaultValues = useMemo(() => reportFormValues(report, timeZone), [report, timeZone]);
  const form = useForm<ReportFormValues>({ resolver: reportFormResolver, defaultValues });
  const { control, formState, setError, setValue, getValues } = form;
  const uses = useFieldArray({ control, name: 'product_uses' });
  const absent = form.watch('customer_absent');
  const products = useRef(new Map<string, ProductOption>());
  // read while rendering, so that react-hook-form tracks which fields changed (the merge patch sends those)
  const { dirtyFields } = formState;
  useDirtyReport(formState.isDirty, onDirtyChange);

  // the panel may have been scrolled down while reading: the form starts at its top, the focus on the summary, what
  // the office corrects most (the Edit button that opened it is gone); braces: recent browsers answer scrollIntoView
  // with a promise, which React would take for a clean-up function
  useEffect(() => {
    void formRef.current?.scrollIntoView?.({ block: 'start' });
    formRef.current?.querySelector<HTMLElement>('textarea')?.focus({ preventScroll: true });
  }, []);

  const error = (path: FieldPath<ReportFormValues>): string | undefined => {
    let node: unknown = formState.errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const loadProducts = async (search: string) => {
    const options = await searchProductOptions(search);
    for (const option of options) products.current.set(option.id, option);
    return options;
  };

  /** After a conflict, once the user agreed to lose what they typed: the report as it now is, into the form. */
  const reload = async () => {
    try {
      const latest = await callEndpoint(reportEndpoints.get, { params: { ulid: loaded.ulid }, redirectOnError: false });
      queryClient.setQueryData(reportKeys.detail(loaded.ulid), latest);
      form.reset(reportFormValues(latest, timeZone));
      setLoaded(latest);
      setConflict(false);
      setFormError(null);
    } catch (failure) {
      setFormError(errorMessage(failure));
    }
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      setConflict(false);
      const patch = reportPatchOf(values, { ...dirtyFields, ...form.formState.dirtyFields } as Record<string, unknown>);
      if (Object.keys(patch).length === 0) {
        onSaved();
        return;
      }
      try {
        await onMove({ kind: 'patch', body: patch, loaded });
        onSaved();
      } catch (failure) {
        if (isEditConflict(failure)) {
          setConflict(true);
          focusFirstInvalid(formRef.current);
          return;
        }
        const mapped = applyViolations(failure, setError, reportViolationField(values), { focus: false });
        if (mapped) {
          setFormError(
            mapped.other.length
              ? mapped.other.map((code) => translateErrorCode(code)).join(' ')
              : t('errors:validation_failed'),
          );
        } else {
          setFormError(errorMessage(failure));
        }
        focusFirstInvalid(formRef.current);
      }
    },
    () => {
      setFormError(t('errors:validation_failed'));
      focusFirstInvalid(formRef.current);
    },
  );

  const text = (path: FieldPath<ReportFormValues>, label: string, options: { rows?: number } = {}) => (
    <Controller
      control={control}
      name={path}
      render={({ field }) =>
        options.rows ? (
          <TextArea
            label={label}
            name={field.name}
            rows={options.rows}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error(path)}
          />
        ) : (
          <TextField
            label={label}
            name={field.name}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error(path)}
          />
        )
      }
    />
  );

  const choice = (
    path: FieldPath<ReportFormValues>,
    label: string,
    options: Array<{ id: string; label: string }>,
    nullable = false,
  ) => (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <Select
          label={label}
          name={field.name}
          value={field.value === null ? (nullable ? '-' : '') : String(field.value)}
          onChange={(id) => field.onChange(nullable && id === '-' ? null : id)}
          onBlur={field.onBlur}
          options={nullable ? [{ id: '-', label: '—' }, ...options] : options}
          error={error(path)}
        />
      )}
    />
  );

  return (
    <form
      id={formId}
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('reports:screen.edit.title')}
      className="flex flex-col gap-5"
    >
      {conflict ? <EditConflictNotice isDirty={formState.isDirty} onReload={reload} /> : null}
      {formError ? <FormError message={formError} /> : null}

      <ReportSection title={t('reports:pdf.visit')}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {(['visit_started_at', 'visit_ended_at'] as const).map((path) => (
            <Controller
              key={path}
              control={control}
              name={path}
              render={({ field }) => (
                <DateTimePicker
                  label={t(path === 'visit_started_at' ? 'reports:pdf.started_at' : 'reports:pdf.ended_at')}
                  name={field.name}
                  isRequired
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={error(path)}
                />
              )}
            />
          ))}
          {choice(
            'language',
            t('reports:screen.detail.language'),
            LANGUAGES.map((language) => ({ id: language, label: t(`enums:language.${language}`) })),
          )}
        </div>
      </ReportSection>

      <ReportSection title={t('reports:screen.edit.texts')}>
        <div className="flex flex-col gap-4">
          {text('summary', t('reports:pdf.summary'), { rows: 4 })}
          {text('recommendations', t('reports:pdf.recommendations'), { rows: 4 })}
          {text('conducive_conditions', t('reports:pdf.conducive_conditions'), { rows: 3 })}
        </div>
      </ReportSection>

      <ReportSection title={t('reports:pdf.stations')}>
        {defaultValues.station_checks.length === 0 ? (
          <p className="text-sm text-gray-600 italic">{t('reports:pdf.no_stations')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {defaultValues.station_checks.map((check, index) => (
              <li key={check.equipment}>
                <fieldset className="rounded-md border border-gray-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-gray-900">
                    {t('reports:pdf.photo_station', { reference: check.reference })}
                  </legend>
                  <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                    {choice(
                      `station_checks.${index}.result`,
                      t('reports:pdf.station.result'),
                      STATION_CHECK_RESULTS.map((v) => ({ id: v, label: t(`reports:result.${v}`) })),
                    )}
                    {choice(
                      `station_checks.${index}.action`,
                      t('reports:pdf.station.action'),
                      STATION_CHECK_ACTIONS.map((v) => ({ id: v, label: t(`reports:action.${v}`) })),
                    )}
                    {choice(
                      `station_checks.${index}.bait_consumed`,
                      t('reports:pdf.station.bait'),
                      BAIT_CONSUMPTIONS.map((v) => ({ id: v, label: t(`reports:bait.${v}`) })),
                      true,
                    )}
                  </div>
                  <div className="mt-3">{text(`station_checks.${index}.note`, t('reports:screen.edit.note'))}</div>
                </fieldset>
              </li>
            ))}
          </ul>
        )}
      </ReportSection>

      <ReportSection title={t('reports:pdf.products')}>
        <ul className="flex flex-col gap-3">
          {uses.fields.map((use, index) => (
            <li key={use.id}>
              <fieldset className="rounded-md border border-gray-200 p-3">
                <legend className="px-1 text-sm font-semibold text-gray-900">
                  {t('reports:screen.edit.productUse', { number: index + 1 })}
                </legend>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <Controller
                    control={control}
                    name={`product_uses.${index}.product`}
                    render={({ field }) => (
                      <SearchPicker
                        className="sm:col-span-2"
                        label={t('reports:pdf.product.name')}
                        name={field.name}
                        isRequired
                        value={field.value}
                        onChange={(id) => {
                          field.onChange(id);
                          const product = products.current.get(id);
                          setValue(`product_uses.${index}.product_name`, product?.label ?? '');
                          if (product && !getValues(`product_uses.${index}.unit`)) {
                            setValue(
                              `product_uses.${index}.unit`,
                              product.unit as ReportFormValues['product_uses'][number]['unit'],
                              {
                                shouldDirty: true,
                              },
                            );
                          }
                        }}
                        onBlur={field.onBlur}
                        loadOptions={loadProducts}
                        selectedOptions={
                          field.value
                            ? [
                                {
                                  id: field.value,
                                  label: getValues(`product_uses.${index}.product_name`) || field.value,
                                },
                              ]
                            : []
                        }
                        placeholder={t('reports:screen.edit.productPlaceholder')}
                        error={error(`product_uses.${index}.product`)}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`product_uses.${index}.quantity`}
                    render={({ field }) => (
                      <NumberField
                        label={t('reports:pdf.product.quantity')}
                        name={field.name}
                        isRequired
                        minValue={0}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={error(`product_uses.${index}.quantity`)}
                      />
                    )}
                  />
                  {choice(
                    `product_uses.${index}.unit`,
                    t('reports:screen.edit.unit'),
                    PRODUCT_UNITS.map((v) => ({
                      id: v,
                      label: v === 'unit' ? t('reports:unit.unit', { count: 2 }) : t(`reports:unit.${v}`),
                    })),
                    true,
                  )}
                  {text(`product_uses.${index}.concentration`, t('reports:screen.edit.concentration'))}
                  {text(`product_uses.${index}.method`, t('reports:screen.edit.method'))}
                  {text(`product_uses.${index}.area_treated`, t('reports:screen.edit.area'))}
                  {text(`product_uses.${index}.lot`, t('reports:pdf.product.lot'))}
                </div>
                <div className="mt-3 flex justify-end">
                  <Button
                    variant="tertiary"
                    size="sm"
                    onPress={() => uses.remove(index)}
                    icon={<Trash2 size={14} aria-hidden />}
                  >
                    {t('reports:screen.edit.removeProduct', { number: index + 1 })}
                  </Button>
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
        <Button
          variant="white"
          className="mt-3"
          onPress={() => uses.append(emptyProductUse())}
          icon={<Plus size={16} aria-hidden />}
        >
          {t('reports:screen.edit.addProduct')}
        </Button>
      </ReportSection>

      <ReportSection title={t('reports:pdf.signatures')}>
        <div className="flex flex-col gap-3">
          <Controller
            control={control}
            name="customer_absent"
            render={({ field }) => (
              <Checkbox isSelected={field.value} onChange={field.onChange} name={field.name}>
                {t('reports:pdf.customer_absent')}
              </Checkbox>
            )}
          />
          {absent ? null : text('customer_signature_name', t('reports:screen.edit.signatory'))}
        </div>
      </ReportSection>
    </form>
  );
}
