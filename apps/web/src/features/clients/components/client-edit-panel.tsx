/**
 * 'Edit' of a client (SPEC §7 `PUT /api/client_contacts/{client_contact_ulid}`): its kind, its name and its main
 * contact, in one call on the main contact's link. The form stays open with what was typed when the save fails.
 * The edit is made from the client's version the form loaded (`If-Match`, issue 16): when someone else changed the
 * client since, the form keeps what was typed and offers to load the latest version (asking before discarding).
 */

import { zodResolver } from '@hookform/resolvers/zod';
import type { ClientDetail } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { entityTagOf } from '../../../shared/api/http-client';
import { clientKeys, getClient } from '../../../shared/api/resources/clients';
import { EditConflictNotice, isEditConflict } from '../../../shared/forms/edit-conflict';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { useUpdateClientContact } from '../api/update-client-contact';
import {
  type ClientEditOutput,
  type ClientEditValues,
  CONTACT_FIELDS,
  clientEditSchema,
  clientEditValues,
} from '../lib/client-form';
import { ClientFields } from './client-fields';
import { ContactFields } from './contact-fields';
import { FormSection } from './form-section';

const FIELDS = new Set<string>(['client.name', 'client.company', ...CONTACT_FIELDS.map((f) => `contact.${f}`)]);

export interface ClientEditPanelProps {
  client: ClientDetail;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The edit slide-over of a client and its main contact. */
export function ClientEditPanel({ client, isOpen, onOpenChange }: ClientEditPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const update = useUpdateClientContact();
  const form = useForm<ClientEditValues, unknown, ClientEditOutput>({
    resolver: zodResolver(clientEditSchema),
    defaultValues: clientEditValues(client),
  });
  const isCompany = useWatch({ control: form.control, name: 'client.company' }) !== false;
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const queryClient = useQueryClient();
  // the version of the client the form's values come from: what the save's `If-Match` names
  const loadedTag = useRef<string | undefined>(undefined);
  const [loaded, setLoaded] = useState(client);
  const isSaving = form.formState.isSubmitting;
  const primary = loaded.primary_contact;

  // each opening starts from the client as it is now
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only, not on every refetch
  useEffect(() => {
    if (!isOpen) return;
    form.reset(clientEditValues(client));
    loadedTag.current = entityTagOf(client);
    setLoaded(client);
    setFormError(null);
    setConflict(false);
  }, [isOpen]);

  /** After a conflict, once the user agreed to lose what they typed: the client as it now is, into the form. */
  const reload = async () => {
    try {
      const latest = await getClient(client.ulid);
      queryClient.setQueryData(clientKeys.detail(client.ulid), latest);
      form.reset(clientEditValues(latest));
      loadedTag.current = entityTagOf(latest);
      setLoaded(latest);
      setConflict(false);
      setFormError(null);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!primary) return;
    setFormError(null);
    setConflict(false);
    try {
      await update.mutateAsync({
        clientContactUlid: primary.client_contact_ulid,
        body: {
          client: { '@id': loaded['@id'], name: values.client.name, company: values.client.company },
          contact: { '@id': primary['@id'], ...values.contact },
        },
        entityTag: loadedTag.current,
      });
      notify({ title: t('clients:notifications.updated', { name: values.client.name }) });
      onOpenChange(false);
    } catch (error) {
      if (isEditConflict(error)) setConflict(true);
      else if (!applyViolations(error, form.setError, FIELDS)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      size="lg"
      title={t('clients:form.editTitle')}
      subtitle={client.name}
      footer={
        <>
          <FormCancelButton />
          <Button type="submit" form={formId} isLoading={isSaving} isDisabled={!primary}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      {conflict ? (
        <div className="mb-6">
          <EditConflictNotice isDirty={form.formState.isDirty} onReload={reload} isDisabled={isSaving} />
        </div>
      ) : null}
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {formError ? <FormError message={formError} /> : null}
        <FormSection title={t('clients:form.client')}>
          <ClientFields control={form.control} isCompany={isCompany} isDisabled={isSaving} />
        </FormSection>
        <FormSection title={t('clients:form.mainContact')}>
          <ContactFields control={form.control} prefix="contact" isDisabled={isSaving} />
        </FormSection>
      </form>
    </FormSlideOver>
  );
}
