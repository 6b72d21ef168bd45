/**
 * The form of the intervention panel (SPEC §2.5, §4 "Intervention form", §5): main information (client, site,
 * 'manage sites', site description, type, pre-visit warning), schedule (interveners, start, end, desired-date
 * warning), instructions with a notice, and the 'send a mail' checkbox. Submitted by the panel's Save button.
 */
import { INTERVENTION_TYPES, SCHEDULING_ADVICE_MINUTES } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Info, TriangleExclamationPoint } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { searchClientOptions } from '../../../shared/api/resources/clients';
import { searchMemberOptions } from '../../../shared/api/resources/members';
import { getClientSites, siteLightQueryOptions } from '../../../shared/api/resources/sites';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { DateTimePicker } from '../../../shared/ui/date-picker';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { type PickerOption, SearchPicker } from '../../../shared/ui/search-picker';
import { TextArea } from '../../../shared/ui/text-area';
import { searchSiteOptions } from '../api/search-sites';
import { minimumEnd, normalizedEnd } from '../lib/default-dates';
import type { InterventionFormValues } from '../lib/intervention-form';
import type { InitialForm, PanelRequest } from './use-panel-initial-values';

/** State of the site choice after a client is chosen (SPEC §4 "Client choice"). */
type SiteChoice = 'none' | 'loading' | 'empty' | 'choose';

export interface InterventionFormProps {
  id: string;
  form: UseFormReturn<InterventionFormValues>;
  initial: InitialForm;
  request: PanelRequest;
  isSaving: boolean;
  onSubmit: () => void;
  /** Closes the panel, then goes to the Sites screen. */
  onManageSites: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-b border-gray-200 pb-5 last:border-b-0">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

function Notice({ tone, icon, children }: { tone: 'info' | 'warning'; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      className={
        tone === 'warning'
          ? 'flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900'
          : 'flex gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900'
      }
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The fields of the panel, bound to `form`. */
export function InterventionForm({
  id,
  form,
  initial,
  request,
  isSaving,
  onSubmit,
  onManageSites,
}: InterventionFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { control, watch, setValue, getValues, formState } = form;
  const client = watch('client');
  const site = watch('site');
  const type = watch('type');
  const start = watch('start_at');
  const [siteChoice, setSiteChoice] = useState<SiteChoice>(initial.values.client ? 'choose' : 'none');
  const [siteLabels, setSiteLabels] = useState<PickerOption[]>(initial.labels.site);
  const clientRequest = useRef(0);
  const siteLocked = !!request.siteUlid && !request.interventionUlid;
  const clientLocked = siteLocked || (!!request.clientUlid && !request.interventionUlid);

  /** SPEC §4 "Client choice": emptied → site cleared; else one site auto-selected, none 'empty', several to choose. */
  const chooseClient = useCallback(
    async (clientUlid: string, keepSite = false) => {
      const token = ++clientRequest.current;
      if (!keepSite) setValue('site', '', { shouldValidate: formState.isSubmitted });
      if (!clientUlid) {
        setSiteChoice('none');
        return;
      }
      setSiteChoice('loading');
      try {
        const sites = await getClientSites(clientUlid);
        if (token !== clientRequest.current) return;
        setSiteLabels(sites);
        if (sites.length === 1 && sites[0]) {
          setValue('site', sites[0].id, { shouldValidate: formState.isSubmitted });
          setSiteChoice('choose');
        } else setSiteChoice(sites.length === 0 ? 'empty' : 'choose');
      } catch {
        if (token === clientRequest.current) setSiteChoice('choose');
      }
    },
    [setValue, formState.isSubmitted],
  );

  // a client passed in without a site: look for its sites at once
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (initial.values.client && !initial.values.site) void chooseClient(initial.values.client);
  }, []);

  const light = useQuery(siteLightQueryOptions(site));
  const siteInfo = site !== '' ? light.data : undefined;
  const desiredDate =
    request.desiredDate ??
    (siteInfo?.status === 'STATUS_TO_INSTALL' && siteInfo.desired_installation_date
      ? siteInfo.desired_installation_date
      : null);

  const typeOptions = useMemo(
    () => INTERVENTION_TYPES.map((value) => ({ id: value, label: t(`enums:intervention_type.${value}`) })),
    [t],
  );
  const loadSites = useCallback(
    (name: string) => (client ? searchSiteOptions(client, name) : Promise.resolve([])),
    [client],
  );
  const error = (field: keyof InterventionFormValues) => formState.errors[field]?.message ?? null;

  return (
    <form
      id={id}
      noValidate
      aria-busy={isSaving || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-5"
    >
      <Section title={t('interventions:sections.main')}>
        <Controller
          control={control}
          name="client"
          render={({ field }) => (
            <SearchPicker
              label={t('interventions:fields.client')}
              placeholder={t('interventions:placeholders.client')}
              isRequired
              isDisabled={clientLocked || isSaving}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                void chooseClient(value);
              }}
              onBlur={field.onBlur}
              loadOptions={searchClientOptions}
              selectedOptions={initial.labels.client}
              error={error('client')}
            />
          )}
        />
        <div className="flex flex-col gap-1.5">
          <Controller
            control={control}
            name="site"
            render={({ field }) => (
              <SearchPicker
                key={client || 'no-client'}
                label={t('interventions:fields.site')}
                placeholder={t(
                  siteChoice === 'loading'
                    ? 'interventions:placeholders.siteLoading'
                    : 'interventions:placeholders.site',
                )}
                isRequired
                isDisabled={siteLocked || !client || siteChoice === 'empty' || siteChoice === 'loading' || isSaving}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                loadOptions={loadSites}
                selectedOptions={siteLabels}
                description={siteChoice === 'empty' ? t('interventions:siteEmpty') : undefined}
                error={error('site')}
              />
            )}
          />
          <div>
            <Button variant="tertiary" size="sm" isDisabled={!client} onPress={onManageSites} className="-ml-3">
              {t('interventions:manageSites')}
            </Button>
          </div>
        </div>
        {siteInfo?.description ? (
          <div className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700">
            <p className="text-[13px] font-medium text-gray-800">{t('interventions:siteDescription')}</p>
            <p className="mt-0.5 whitespace-pre-line">{siteInfo.description}</p>
          </div>
        ) : null}
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <RadioGroup
              label={t('interventions:fields.type')}
              isRequired
              isDisabled={isSaving}
              options={typeOptions}
              value={field.value || null}
              onChange={field.onChange}
              error={error('type')}
            />
          )}
        />
        {type === 'TYPE_PRE_VISIT' ? (
          <Notice tone="warning" icon={<TriangleExclamationPoint size={16} aria-hidden />}>
            {t('interventions:preVisitWarning')}
          </Notice>
        ) : null}
      </Section>

      <Section title={t('interventions:sections.schedule')}>
        <Controller
          control={control}
          name="interveners"
          render={({ field }) => (
            <SearchPicker
              mode="multiple"
              label={t('interventions:fields.interveners')}
              placeholder={t('interventions:placeholders.interveners')}
              isRequired
              isDisabled={isSaving}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              loadOptions={searchMemberOptions}
              selectedOptions={initial.labels.interveners}
              error={error('interveners')}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="start_at"
            render={({ field }) => (
              <DateTimePicker
                label={t('interventions:fields.startAt')}
                isRequired
                isDisabled={isSaving}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  const end = normalizedEnd(value, getValues('end_at'));
                  if (end !== getValues('end_at'))
                    setValue('end_at', end ?? '', { shouldValidate: formState.isSubmitted });
                }}
                onBlur={field.onBlur}
                error={error('start_at')}
                description={
                  error('start_at') === 'start_at_invalid'
                    ? t('interventions:startHint', { minutes: SCHEDULING_ADVICE_MINUTES })
                    : undefined
                }
              />
            )}
          />
          <Controller
            control={control}
            name="end_at"
            render={({ field }) => (
              <DateTimePicker
                label={t('interventions:fields.endAt')}
                isRequired
                isDisabled={isSaving}
                value={field.value || null}
                min={start ? minimumEnd(start) : undefined}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={() => {
                  field.onBlur();
                  // SPEC §4: an end left missing or not after the start is reset to start + 1 h when the field is
                  // left, not at save (typing the end goes through earlier times, hence not on each change)
                  const end = normalizedEnd(getValues('start_at'), getValues('end_at'));
                  if (end !== null && end !== getValues('end_at'))
                    setValue('end_at', end, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                }}
                error={error('end_at')}
              />
            )}
          />
        </div>
        {desiredDate ? (
          <Notice tone="warning" icon={<CalendarClock size={16} aria-hidden />}>
            {t(request.desiredDate ? 'interventions:desiredDate' : 'interventions:desiredInstallationDate', {
              date: format.date(desiredDate),
            })}
          </Notice>
        ) : null}
      </Section>

      <Section title={t('interventions:sections.instructions')}>
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <TextArea
              label={t('interventions:fields.description')}
              isDisabled={isSaving}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              rows={4}
              error={error('description')}
            />
          )}
        />
        <Notice tone="info" icon={<Info size={16} aria-hidden />}>
          {t('interventions:descriptionNotice')}
        </Notice>
        <Controller
          control={control}
          name="send_mail"
          render={({ field }) => (
            <Checkbox isSelected={field.value} onChange={field.onChange} isDisabled={isSaving}>
              {t('interventions:fields.sendMail')}
            </Checkbox>
          )}
        />
      </Section>
    </form>
  );
}
