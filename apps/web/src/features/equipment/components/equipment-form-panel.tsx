/**
 * The equipment form in a slide-over (SPEC §3 "Equipment", §2.7 "Sites: detail"): kind, reference, serial number,
 * trap type, treatment type, ground (natural or masonry) and gateway for a station, GPS position, installation day and
 * pictures. Validated with the contract's `equipmentInput`; a 422 answer's violations (and a 409 on the serial number)
 * land on their fields; nothing typed is lost on a failed save. The pictures are sent once the equipment is saved.
 */
import {
  EQUIPMENT_KINDS,
  type Equipment,
  type EquipmentCreated,
  TRAP_TYPES,
  TREATMENT_TYPES,
  type TreatmentType,
} from '@isoptera/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { FormCancelButton, FormSlideOver, useDirtyReport } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { DatePicker } from '../../../shared/ui/date-picker';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { Select } from '../../../shared/ui/select';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { useSaveEquipment } from '../api/save-equipment';
import { uploadPictures } from '../api/upload-picture';
import {
  dayInTimeZone,
  type EquipmentFormField,
  type EquipmentFormValues,
  emptyEquipmentForm,
  equipmentFormBody,
  equipmentFormFrom,
  equipmentFormResolver,
  equipmentViolationField,
} from '../lib/equipment-form';
import { PictureChooser } from './picture-chooser';

/** The value of the gateway select meaning 'no gateway'. */
const NO_GATEWAY = 'none';

export interface EquipmentFormPanelProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  siteUlid: string;
  /** The site's gateways, offered to a station. */
  gateways: readonly Pick<Equipment, 'ulid' | 'reference'>[];
  /** The equipment to edit; absent to register one. */
  equipment?: Equipment;
  /** The treatment type proposed to a new station (the site's). */
  defaultTreatmentType?: TreatmentType;
  /** Called after the save (and the pictures' upload) with the server's answer. */
  onSaved: (answer: EquipmentCreated) => void;
}

/** Focuses the first invalid control of the form (after client or server validation). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  });
}

interface EquipmentFormProps extends Omit<EquipmentFormPanelProps, 'isOpen' | 'onOpenChange'> {
  formId: string;
  save: ReturnType<typeof useSaveEquipment>;
  files: File[];
  onFilesChange: (files: File[]) => void;
  isUploading: boolean;
  setUploading: (uploading: boolean) => void;
  /** Told whether the form has unsaved changes (the panel asks before closing). */
  onDirtyChange: (isDirty: boolean) => void;
}

function EquipmentForm({
  formId,
  siteUlid,
  gateways,
  equipment,
  defaultTreatmentType,
  onSaved,
  onDirtyChange,
  save,
  files,
  onFilesChange,
  isUploading,
  setUploading,
}: EquipmentFormProps) {
  const { t } = useTranslation();
  const { timeZone } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => equipmentFormResolver(timeZone), [timeZone]);
  const defaultValues = useMemo(
    () =>
      equipment
        ? equipmentFormFrom(equipment, timeZone)
        : emptyEquipmentForm({
            treatmentType: defaultTreatmentType,
            today: dayInTimeZone(new Date().toISOString(), timeZone),
          }),
    [equipment, timeZone, defaultTreatmentType],
  );
  const form = useForm<EquipmentFormValues>({ resolver, defaultValues });
  const { control, formState } = form;
  useDirtyReport(formState.isDirty, onDirtyChange);
  const kind = form.watch('kind');
  const isStation = kind !== 'gateway';
  const isBusy = save.isPending || isUploading;
  const error = (field: EquipmentFormField) => {
    const message = formState.errors[field]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (isBusy) return;
      setFormError(null);
      let answer: EquipmentCreated;
      try {
        answer = await save.mutateAsync({ siteUlid, body: equipmentFormBody(values, timeZone), equipment });
      } catch (failure) {
        // a 409 on the serial number shows under it, as the 422s do
        const mapped = applyViolations(failure, form.setError, equipmentViolationField, {
          focus: false,
          codes: { serial_number_already_exist: 'serial_number' },
        });
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
        return;
      }
      if (files.length > 0) {
        setUploading(true);
        const failed = await uploadPictures(answer.ulid, files);
        setUploading(false);
        if (failed.length > 0) {
          notify({
            title: t('equipment:form.picturesFailed', { count: failed.length }),
            content: failed.map((file) => file.name).join(', '),
            error: true,
          });
        }
      }
      notify({ title: t(equipment ? 'equipment:form.updated' : 'equipment:form.created'), content: answer.reference });
      onSaved(answer);
    },
    () => {
      setFormError(t('errors:validation_failed'));
      focusFirstInvalid(formRef.current);
    },
  );

  const text = (
    field: 'reference' | 'serial_number' | 'latitude' | 'longitude',
    label: string,
    options: { required?: boolean; decimal?: boolean; disabled?: boolean; description?: string } = {},
  ) => (
    <Controller
      control={control}
      name={field}
      render={({ field: input }) => (
        <TextField
          label={label}
          name={input.name}
          value={input.value}
          onChange={(value) => input.onChange(options.decimal ? value.replace(',', '.') : value)}
          onBlur={input.onBlur}
          isRequired={options.required}
          isDisabled={options.disabled || isBusy}
          inputMode={options.decimal ? 'decimal' : undefined}
          maxLength={options.decimal ? 20 : 64}
          description={options.description}
          error={error(field)}
        />
      )}
    />
  );

  const enumSelect = (
    field: 'kind' | 'trap_type' | 'treatment_type' | 'masonry',
    label: string,
    values: readonly (string | number)[],
    enumName: string,
    options: { required?: boolean; disabled?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={field}
      render={({ field: input }) => (
        <Select
          label={label}
          name={input.name}
          value={String(input.value)}
          onChange={input.onChange}
          onBlur={input.onBlur}
          placeholder={t('equipment:form.choose')}
          options={values.map((value) => ({ id: String(value), label: t(`enums:${enumName}.${value}`) }))}
          isRequired={options.required}
          isDisabled={options.disabled || isBusy}
          error={error(field)}
        />
      )}
    />
  );

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {formError ? <FormError message={formError} /> : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-gray-900">{t('equipment:form.identity')}</legend>
        {enumSelect('kind', t('equipment:form.kind'), EQUIPMENT_KINDS, 'equipment_kind', {
          required: true,
          disabled: Boolean(equipment),
        })}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('reference', t('equipment:form.reference'), {
            required: true,
            description: t('equipment:form.referenceHint'),
          })}
          {text('serial_number', t('equipment:form.serialNumber'), {
            required: true,
            disabled: Boolean(equipment),
            description: equipment ? t('equipment:form.serialLocked') : undefined,
          })}
        </div>
      </fieldset>

      {isStation ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-sm font-semibold text-gray-900">{t('equipment:form.station')}</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {enumSelect('trap_type', t('equipment:form.trapType'), TRAP_TYPES, 'trap_type', { required: true })}
            {enumSelect('treatment_type', t('equipment:form.treatmentType'), TREATMENT_TYPES, 'treatment_type', {
              required: true,
            })}
            {enumSelect('masonry', t('equipment:form.masonry'), [0, 1], 'masonry')}
            <Controller
              control={control}
              name="gateway"
              render={({ field: input }) => (
                <Select
                  label={t('equipment:form.gateway')}
                  name={input.name}
                  value={input.value || NO_GATEWAY}
                  onChange={(id) => input.onChange(id === NO_GATEWAY ? '' : id)}
                  onBlur={input.onBlur}
                  options={[
                    { id: NO_GATEWAY, label: t('equipment:form.noGateway') },
                    ...gateways.map((gateway) => ({ id: gateway.ulid, label: gateway.reference })),
                  ]}
                  description={gateways.length === 0 ? t('equipment:form.noGatewayHint') : undefined}
                  isDisabled={isBusy}
                  error={error('gateway')}
                />
              )}
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-gray-900">{t('equipment:form.installation')}</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('latitude', t('equipment:form.latitude'), { decimal: true })}
          {text('longitude', t('equipment:form.longitude'), { decimal: true })}
        </div>
        <p className="-mt-2 text-[13px] text-gray-600">{t('equipment:form.positionHint')}</p>
        <Controller
          control={control}
          name="installed_at"
          render={({ field: input }) => (
            <DatePicker
              label={t('equipment:form.installedAt')}
              name={input.name}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              isDisabled={isBusy}
              error={error('installed_at')}
              className="sm:max-w-64"
            />
          )}
        />
        <PictureChooser stored={equipment?.pictures} files={files} onChange={onFilesChange} isDisabled={isBusy} />
      </fieldset>
    </form>
  );
}

/** The register/edit slide-over of an equipment. */
export function EquipmentFormPanel({ isOpen, onOpenChange, equipment, ...props }: EquipmentFormPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useSaveEquipment();
  const [files, setFiles] = useState<File[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const { reset } = save;
  useEffect(() => {
    if (isOpen) {
      reset();
      setFiles([]);
    }
  }, [isOpen, reset]);
  const isBusy = save.isPending || isUploading;

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={isDirty || files.length > 0}
      isSaving={isBusy}
      size="lg"
      title={equipment ? t('equipment:form.editTitle') : t('equipment:form.newTitle')}
      subtitle={equipment ? equipment.reference : t('equipment:form.newSubtitle')}
      footer={
        <>
          <FormCancelButton />
          <Button
            type="submit"
            form={formId}
            isDisabled={isBusy}
            icon={isBusy ? <Spinner size={20} label={null} /> : undefined}
          >
            {isBusy ? t('common:states.saving') : t('common:actions.save')}
          </Button>
        </>
      }
    >
      <EquipmentForm
        formId={formId}
        equipment={equipment}
        save={save}
        files={files}
        onFilesChange={setFiles}
        isUploading={isUploading}
        setUploading={setUploading}
        onDirtyChange={setDirty}
        {...props}
      />
    </FormSlideOver>
  );
}
