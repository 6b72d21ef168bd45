/**
 * Add an alternative contact to a client (`POST /api/client_contacts` with the client's IRI) or edit one of its
 * contacts (`PUT /api/client_contacts/{client_contact_ulid}` with the client's current name and kind). SPEC §7.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import type { ClientContact, ClientDetail } from '@isoptera/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { FormCancelButton, FormSlideOver } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { useCreateClientContact } from '../api/create-client-contact';
import { useUpdateClientContact } from '../api/update-client-contact';
import {
  CONTACT_FIELDS,
  type ContactFormOutput,
  type ContactFormValues,
  contactFormSchema,
  contactValues,
  emptyContact,
} from '../lib/client-form';
import { ContactFields } from './contact-fields';

const FIELDS = new Set<string>(CONTACT_FIELDS.map((f) => `contact.${f}`));

export interface ContactPanelProps {
  client: ClientDetail;
  /** The contact to edit; null to add an alternative contact. */
  contact: ClientContact | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** The slide-over of one contact of a client. */
export function ContactPanel({ client, contact, isOpen, onOpenChange }: ContactPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateClientContact();
  const update = useUpdateClientContact();
  const form = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { contact: contact ? contactValues(contact) : emptyContact() },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = form.formState.isSubmitting;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened for another contact only
  useEffect(() => {
    if (!isOpen) return;
    form.reset({ contact: contact ? contactValues(contact) : emptyContact() });
    setFormError(null);
  }, [isOpen, contact?.client_contact_ulid]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (contact) {
        await update.mutateAsync({
          clientContactUlid: contact.client_contact_ulid,
          body: {
            client: { '@id': client['@id'], name: client.name, company: client.company },
            contact: { '@id': contact['@id'], ...values.contact },
          },
        });
        notify({ title: t('clients:notifications.contactUpdated') });
      } else {
        await create.mutateAsync({ client: client['@id'], contact: values.contact });
        notify({ title: t('clients:notifications.contactAdded') });
      }
      onOpenChange(false);
    } catch (error) {
      if (!applyViolations(error, form.setError, FIELDS)?.fields.length) setFormError(errorMessage(error));
    }
  });

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      title={contact ? t('clients:form.editContactTitle') : t('clients:form.addContactTitle')}
      subtitle={t('clients:form.contactSubtitle', { client: client.name })}
      footer={
        <>
          <FormCancelButton />
          <Button type="submit" form={formId} isLoading={isSaving}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {formError ? <FormError message={formError} /> : null}
        <ContactFields control={form.control} prefix="contact" isDisabled={isSaving} />
      </form>
    </FormSlideOver>
  );
}
