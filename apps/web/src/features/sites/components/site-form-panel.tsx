/**
 * The site form in a slide-over (SPEC §2.7 "Sites: create, edit", §5 "Site"): client (locked when given), main contact
 * (one of the client's contacts or a new one), name, description, address with typed coordinates, area, referent,
 * types, species, estimated equipment, desired installation date, status. Validated with the contract's schemas; a
 * 422 answer's violations land on their fields; nothing typed is lost on a failed save. An edit is made from the
 * site's version the form loaded (`If-Match`, issue 16): when someone else changed the site since, the form keeps what
 * was typed and offers to load the latest version (asking before discarding).
 */
import type { SiteContactAnswer, SiteDetail } from '@isoptera/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { entityTagOf } from '../../../shared/api/http-client';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { memberName } from '../../../shared/api/resources/members';
import { getSite, siteKeys } from '../../../shared/api/resources/sites';
import { EditConflictNotice, isEditConflict } from '../../../shared/forms/edit-conflict';
import { FormCancelButton, FormSlideOver, useDirtyReport } from '../../../shared/forms/form-slide-over';
import { applyViolations, pathsOf } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { Spinner } from '../../../shared/ui/spinner';
import { useSaveSite } from '../api/save-site';
import {
  emptySiteForm,
  type SiteFormValues,
  siteFormBody,
  siteFormFromDetail,
  siteFormResolver,
} from '../lib/site-form';
import { SiteFormFields } from './site-form-fields';

export interface SiteFormPanelProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The site to edit; absent to create one. */
  site?: SiteDetail;
  /** A client chosen beforehand (e.g. from the Clients screen): pre-selected and locked. */
  lockedClientUlid?: string;
  onSaved: (answer: SiteContactAnswer) => void;
}

/** Focuses the first invalid control of the form (after client or server validation). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // a picker opens its list on focus: only bring it into view
    if (invalid?.getAttribute('role') === 'combobox') invalid.scrollIntoView({ block: 'center' });
    else invalid?.focus();
    if (!invalid) form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  });
}

interface SiteFormProps extends Omit<SiteFormPanelProps, 'isOpen' | 'onOpenChange'> {
  formId: string;
  save: ReturnType<typeof useSaveSite>;
  /** Told whether the form has unsaved changes (the panel asks before closing). */
  onDirtyChange: (isDirty: boolean) => void;
}

function SiteForm({ formId, site: initialSite, lockedClientUlid, save, onSaved, onDirtyChange }: SiteFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // the site the form's values come from, and its version: what the save's `If-Match` names
  const [site, setSite] = useState(initialSite);
  const loadedTag = useRef(entityTagOf(initialSite));
  const [conflict, setConflict] = useState(false);
  const defaultValues = useMemo(
    () => (site ? siteFormFromDetail(site) : emptySiteForm(lockedClientUlid ?? '')),
    [site, lockedClientUlid],
  );
  const form = useForm<SiteFormValues>({ resolver: siteFormResolver, defaultValues });
  useDirtyReport(form.formState.isDirty, onDirtyChange);
  const clientUlid = form.watch('site.client');
  const client = useQuery(clientQueryOptions(clientUlid));

  // a new site gets the client's primary contact unless a contact of that client is already chosen
  useEffect(() => {
    if (!client.data) return;
    const contact = form.getValues('contact');
    const ids = [client.data.primary_contact?.ulid, ...client.data.other_contacts.map((c) => c.ulid)];
    if (typeof contact === 'string' && !ids.includes(contact) && client.data.primary_contact) {
      form.setValue('contact', client.data.primary_contact.ulid, { shouldValidate: form.formState.isSubmitted });
    }
  }, [client.data, form]);

  const onInvalid = (_: FieldErrors<SiteFormValues>) => {
    setFormError(t('errors:validation_failed'));
    focusFirstInvalid(formRef.current);
  };

  /** After a conflict, once the user agreed to lose what they typed: the site as it now is, into the form. */
  const reload = async () => {
    if (!site) return;
    try {
      const latest = await getSite(site.ulid, { redirectOnError: false });
      queryClient.setQueryData(siteKeys.detail(site.ulid), latest);
      form.reset(siteFormFromDetail(latest));
      loadedTag.current = entityTagOf(latest);
      setSite(latest);
      setConflict(false);
      setFormError(null);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (save.isPending) return;
    setFormError(null);
    setConflict(false);
    try {
      const answer = await save.mutateAsync({ body: siteFormBody(values), site, entityTag: loadedTag.current });
      notify({ title: t(site ? 'sites:form.updated' : 'sites:form.created'), content: answer.site.name });
      onSaved(answer);
    } catch (error) {
      if (isEditConflict(error)) {
        setConflict(true);
        focusFirstInvalid(formRef.current);
        return;
      }
      const mapped = applyViolations(error, form.setError, pathsOf(values), { focus: false });
      if (mapped) {
        setFormError(
          mapped.other.length
            ? mapped.other.map((code) => translateErrorCode(code)).join(' ')
            : t('errors:validation_failed'),
        );
      } else {
        setFormError(errorMessage(error));
      }
      focusFirstInvalid(formRef.current);
    }
  }, onInvalid);

  const clientOptions = useMemo(() => {
    if (site) return [{ id: site.client_ulid, label: site.client.name }];
    if (client.data) return [{ id: client.data.ulid, label: client.data.name }];
    return [];
  }, [site, client.data]);
  const referentOptions = useMemo(
    () => (site?.referent ? [{ id: site.referent.ulid, label: memberName(site.referent) }] : []),
    [site],
  );

  return (
    <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {conflict ? (
        <EditConflictNotice isDirty={form.formState.isDirty} onReload={reload} isDisabled={save.isPending} />
      ) : null}
      {formError ? <FormError message={formError} /> : null}
      <SiteFormFields
        form={form}
        client={client}
        isClientLocked={Boolean(lockedClientUlid) && !site}
        clientOptions={clientOptions}
        referentOptions={referentOptions}
      />
    </form>
  );
}

/** The create/edit slide-over of a site. */
export function SiteFormPanel({ isOpen, onOpenChange, site, lockedClientUlid, onSaved }: SiteFormPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useSaveSite();
  const [isDirty, setDirty] = useState(false);
  const { reset } = save;
  useEffect(() => {
    if (isOpen) reset();
  }, [isOpen, reset]);

  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      isSaving={save.isPending}
      size="lg"
      title={site ? t('sites:form.editTitle') : t('sites:form.newTitle')}
      subtitle={site ? site.name : t('sites:form.newSubtitle')}
      footer={
        <>
          <FormCancelButton />
          {/* a disabled button with a spinner rather than `isLoading`: React Aria would announce the pending state through a
              live region labelled by this button, left dangling once the panel closes (axe role-img-alt) */}
          <Button
            type="submit"
            form={formId}
            isDisabled={save.isPending}
            icon={save.isPending ? <Spinner size={20} label={null} /> : undefined}
          >
            {save.isPending ? t('common:states.saving') : t('common:actions.save')}
          </Button>
        </>
      }
    >
      <SiteForm
        formId={formId}
        site={site}
        lockedClientUlid={lockedClientUlid}
        save={save}
        onSaved={onSaved}
        onDirtyChange={setDirty}
      />
    </FormSlideOver>
  );
}
