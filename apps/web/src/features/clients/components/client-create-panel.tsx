/**
 * 'New client' (SPEC §2.7 Clients: create, primary contact and alternative contacts): a slide-over with the client's
 * kind and name, its main contact and any number of alternative contacts (rows added and removed at will). Saved as one
 * `POST /api/client_contacts` for the client and its main contact, then one per alternative contact. On a failure the
 * form stays open with every value typed; after a partial failure the client is not created twice.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { useCreateClientContact } from '../api/create-client-contact';
import {
  CONTACT_FIELDS,
  emptyContact,
  type NewClientOutput,
  type NewClientValues,
  newClientSchema,
} from '../lib/client-form';
import { type NewClientProgress, NO_PROGRESS, saveNewClient } from '../lib/save-new-client';
import { ClientFields } from './client-fields';
import { ContactFields } from './contact-fields';
import { FormSection } from './form-section';

const DEFAULTS: NewClientValues = { client: { name: '', company: true }, contact: emptyContact(), alternatives: [] };
const CLIENT_PART_FIELDS = new Set<string>([
  'client.name',
  'client.company',
  ...CONTACT_FIELDS.map((f) => `contact.${f}`),
]);

export interface ClientCreatePanelProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called with the new client's ULID once everything is saved. */
  onCreated: (clientUlid: string) => void;
}

/** The new-client slide-over. */
export function ClientCreatePanel({ isOpen, onOpenChange, onCreated }: ClientCreatePanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateClientContact();
  const form = useForm<NewClientValues, unknown, NewClientOutput>({
    resolver: zodResolver(newClientSchema),
    defaultValues: DEFAULTS,
  });
  const alternatives = useFieldArray({ control: form.control, name: 'alternatives' });
  const isCompany = useWatch({ control: form.control, name: 'client.company' }) !== false;
  const [progress, setProgress] = useState<NewClientProgress>(NO_PROGRESS);
  const [formError, setFormError] = useState<string | null>(null);
  const [failedCount, setFailedCount] = useState(0);
  const isSaving = form.formState.isSubmitting;
  const clientCreated = progress.client !== null;

  useEffect(() => {
    if (!isOpen) return;
    form.reset(DEFAULTS);
    setProgress(NO_PROGRESS);
    setFormError(null);
    setFailedCount(0);
  }, [isOpen, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let result: Awaited<ReturnType<typeof saveNewClient>>;
    try {
      result = await saveNewClient(
        values,
        alternatives.fields.map((row) => row.id),
        progress,
        create.mutateAsync,
      );
    } catch (error) {
      // the client, its main contact and each alternative row (`alternatives.<i>.email`) show their errors
      const field = (path: string) =>
        CLIENT_PART_FIELDS.has(path) || /^alternatives\.\d+\.\w+$/.test(path) ? path : null;
      if (!applyViolations(error, form.setError, field)?.fields.length) setFormError(errorMessage(error));
      return;
    }
    setProgress(result.progress);
    setFailedCount(result.failures.length);
    const client = result.progress.client;
    if (!client) return;
    if (result.failures.length === 0) {
      notify({ title: t('clients:notifications.created', { name: client.name }) });
      onOpenChange(false);
      onCreated(client.ulid);
      return;
    }
    let focus = true;
    for (const failure of result.failures) {
      const shown = applyViolations(
        failure.error,
        form.setError,
        (path) => {
          const field = path.startsWith('contact.') ? path.slice('contact.'.length) : null;
          return field && (CONTACT_FIELDS as readonly string[]).includes(field)
            ? `alternatives.${failure.index}.${field}`
            : null;
        },
        { focus },
      );
      if (shown?.fields.length) focus = false;
      else setFormError(errorMessage(failure.error));
    }
  });

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      size="lg"
      title={t('clients:form.createTitle')}
      subtitle={t('clients:form.createSubtitle')}
      footer={
        <>
          <FormCancelButton />
          <Button type="submit" form={formId} isLoading={isSaving}>
            {t('clients:actions.create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {failedCount > 0 ? (
          <FormError
            message={t('clients:form.partialFailure', { count: failedCount, name: progress.client?.name ?? '' })}
          />
        ) : null}
        {formError ? <FormError message={formError} /> : null}
        <FormSection title={t('clients:form.client')} note={clientCreated ? t('clients:form.alreadySaved') : undefined}>
          <ClientFields control={form.control} isCompany={isCompany} isDisabled={clientCreated || isSaving} />
        </FormSection>
        <FormSection
          title={t('clients:form.mainContact')}
          note={clientCreated ? t('clients:form.alreadySaved') : undefined}
        >
          <ContactFields control={form.control} prefix="contact" isDisabled={clientCreated || isSaving} />
        </FormSection>
        <section aria-labelledby={`${formId}-alternatives`} className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-3">
            <h3 id={`${formId}-alternatives`} className="text-sm font-semibold text-gray-900">
              {t('clients:form.alternativeContacts')}
            </h3>
          </div>
          {alternatives.fields.length === 0 ? (
            <p className="text-sm text-gray-600">{t('clients:form.noAlternative')}</p>
          ) : null}
          {alternatives.fields.map((row, index) => {
            const isSaved = progress.saved.has(row.id);
            const legend = t('clients:form.alternativeContact', { number: index + 1 });
            return (
              <fieldset key={row.id} className="relative rounded-lg border border-gray-200 px-4 pt-3 pb-4">
                <legend className="px-1 text-[13px] font-semibold text-gray-800">{legend}</legend>
                <div className="absolute -top-4 right-3 flex items-center bg-white px-1">
                  {isSaved ? (
                    <Badge tone="green" icon={<CircleCheck size={12} aria-hidden />}>
                      {t('clients:form.saved')}
                    </Badge>
                  ) : (
                    <Button
                      variant="tertiary"
                      size="sm"
                      icon={<Trash2 size={16} aria-hidden />}
                      aria-label={t('clients:actions.removeAlternative', { number: index + 1 })}
                      onPress={() => alternatives.remove(index)}
                      isDisabled={isSaving}
                    >
                      {t('clients:actions.remove')}
                    </Button>
                  )}
                </div>
                <ContactFields
                  control={form.control}
                  prefix={`alternatives.${index}`}
                  isDisabled={isSaved || isSaving}
                />
              </fieldset>
            );
          })}
          <div>
            <Button
              variant="secondary"
              icon={<Plus size={16} aria-hidden />}
              onPress={() => alternatives.append(emptyContact())}
              isDisabled={isSaving}
            >
              {t('clients:actions.addAlternative')}
            </Button>
          </div>
        </section>
      </form>
    </FormSlideOver>
  );
}
