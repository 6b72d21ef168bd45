/**
 * The intervention panel (SPEC §2.5, §4 "Intervention form"): a slide-over opened by the `openInterventionPanel`
 * event from anywhere (header 'new visit', Planning, a site), to create or edit a visit. Each opening reloads the form
 * and resets validation. States: loading → ready → saving (a second submit is ignored while saving). On 200/201 the
 * panel closes and emits `interventionEdited` with the answer; any other status keeps it open with the error shown.
 * A visit that has started shows its report, or "record the visit" (issue 12, `visit-report.tsx`). An edit is made
 * from the visit's version the panel loaded (`If-Match`, issue 16): when someone else changed it since, the form keeps
 * what was typed and offers to load the latest version (asking before discarding).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message';
import {
  getIntervention,
  interventionKeys,
  interventionQueryOptions,
} from '../../../shared/api/resources/interventions';
import { useSession } from '../../../shared/auth/session';
import { EditConflictNotice, isEditConflict } from '../../../shared/forms/edit-conflict';
import { FormCancelButton, FormSlideOver, useDirtyReport } from '../../../shared/forms/form-slide-over';
import { applyViolations } from '../../../shared/forms/violations';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { emit, useEvent } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { useSaveIntervention } from '../api/save-intervention';
import { wallTimeIn } from '../lib/default-dates';
import {
  bodyOfValues,
  type InterventionFormValues,
  interventionResolver,
  interventionViolationField,
} from '../lib/intervention-form';
import { InterventionForm } from './intervention-form';
import {
  type InitialForm,
  initialOfIntervention,
  type PanelRequest,
  usePanelInitialValues,
} from './use-panel-initial-values';
import { VisitReport } from './visit-report';

const SITES_PATH = '/sites';

interface PanelContentProps {
  request: PanelRequest;
  onClose: () => void;
  onManageSites: () => void;
}

function PanelSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {t('interventions:panel.loading')}
      </p>
      <SkeletonLines lines={3} />
      <SkeletonLines lines={4} />
      <SkeletonLines lines={2} />
    </div>
  );
}

/** The ready form: owns react-hook-form and the save (ready ⇄ saving). */
function ReadyForm({
  request,
  initial: firstInitial,
  formId,
  onSavingChange,
  onDirtyChange,
  onClose,
  onManageSites,
}: PanelContentProps & {
  initial: InitialForm;
  formId: string;
  onSavingChange: (saving: boolean) => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { timeZone } = useSession();
  const save = useSaveIntervention();
  const saving = useRef(false);
  const [isSaving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // what the form's values come from (and, editing, the visit's version: what the save's `If-Match` names)
  const [initial, setInitial] = useState(firstInitial);
  const [conflict, setConflict] = useState(false);
  const form = useForm<InterventionFormValues>({
    defaultValues: initial.values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: interventionResolver(() => ({ now: wallTimeIn(timeZone), initialStart: initialStart.current })),
  });
  const initialStart = useRef(initial.initialStart);
  initialStart.current = initial.initialStart;
  useDirtyReport(form.formState.isDirty, onDirtyChange);

  /** After a conflict, once the user agreed to lose what they typed: the visit as it now is, into the form. */
  const reload = async () => {
    const ulid = request.interventionUlid;
    if (!ulid) return;
    try {
      const latest = await getIntervention(ulid);
      queryClient.setQueryData(interventionKeys.detail(ulid), latest);
      const next = initialOfIntervention(latest, timeZone);
      setInitial(next);
      form.reset(next.values);
      setConflict(false);
      setFormError(null);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const setSavingState = (value: boolean) => {
    saving.current = value;
    setSaving(value);
    onSavingChange(value);
  };

  const submit = form.handleSubmit(async (values) => {
    if (saving.current) return; // SPEC §4: a second submit is ignored while saving
    setSavingState(true);
    setFormError(null);
    setConflict(false);
    try {
      const saved = await save.mutateAsync({
        ulid: request.interventionUlid,
        alertUlid: request.proposal?.alertUlid,
        body: bodyOfValues(values),
        entityTag: initial.entityTag,
      });
      setSavingState(false);
      notify({ title: t(request.interventionUlid ? 'interventions:panel.updated' : 'interventions:panel.created') });
      onClose();
      emit('interventionEdited', saved);
    } catch (error) {
      setSavingState(false);
      if (isEditConflict(error)) {
        setConflict(true);
        return;
      }
      const mapped = applyViolations(error, form.setError, interventionViolationField, { focus: false });
      setFormError(
        mapped?.fields.length && !mapped.other.length ? t('interventions:panel.checkFields') : errorMessage(error),
      );
    }
  });

  return (
    <div className="flex flex-col gap-4">
      {conflict ? (
        <EditConflictNotice isDirty={form.formState.isDirty} onReload={reload} isDisabled={isSaving} />
      ) : null}
      <FormError message={formError} />
      <InterventionForm
        id={formId}
        form={form}
        initial={initial}
        request={request}
        isSaving={isSaving}
        onSubmit={() => void submit()}
        onManageSites={onManageSites}
      />
    </div>
  );
}

interface PanelFrameProps {
  request: PanelRequest;
  onClose: () => void;
  isSaving: boolean;
  /** The form has unsaved changes: Escape, the close button or the backdrop ask before closing. */
  isDirty: boolean;
  canSave: boolean;
  formId: string;
  body: ReactNode;
}

/** The slide-over with its title, subtitle and footer (Cancel, Save with a spinner while saving). */
function PanelFrame({ request, onClose, isSaving, isDirty, canSave, formId, body }: PanelFrameProps) {
  const { t } = useTranslation();
  const editing = !!request.interventionUlid;
  return (
    <FormSlideOver
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDirty={isDirty}
      isSaving={isSaving}
      size="lg"
      title={t(editing ? 'interventions:panel.editTitle' : 'interventions:panel.newTitle')}
      subtitle={t(editing ? 'interventions:panel.editSubtitle' : 'interventions:panel.newSubtitle')}
      footer={
        <>
          <FormCancelButton>{t('interventions:actions.cancel')}</FormCancelButton>
          <Button type="submit" form={formId} isDisabled={!canSave} isLoading={isSaving}>
            {t('interventions:actions.save')}
          </Button>
        </>
      }
    >
      {body}
    </FormSlideOver>
  );
}

/** Closes the panel, then opens a report (`/reports?report=<ulid>`). */
interface OpenReport {
  onOpenReport: (href: string) => void;
}

/**
 * Loading → ready → saving for one opening of the panel; the slide-over stays mounted across the states. An edited
 * visit that has started shows its report above the form (issue 12).
 */
function PanelContent({ request, onClose, onManageSites, onOpenReport }: PanelContentProps & OpenReport) {
  const { timeZone } = useSession();
  const formId = useId();
  const [isSaving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const state = usePanelInitialValues(request, timeZone);
  const ready = state.status === 'ready' && state.initial !== null;
  // the same query as the form's (one request): its report mark follows "record the visit"
  const visit = useQuery(interventionQueryOptions(request.interventionUlid ?? ''));
  return (
    <PanelFrame
      request={request}
      onClose={onClose}
      isSaving={isSaving}
      isDirty={isDirty}
      canSave={ready}
      formId={formId}
      body={
        ready && state.initial ? (
          <div className="flex flex-col gap-6">
            {request.interventionUlid && visit.data ? (
              <VisitReport intervention={visit.data} onOpenReport={onOpenReport} isDisabled={isSaving} />
            ) : null}
            <ReadyForm
              request={request}
              initial={state.initial}
              formId={formId}
              onSavingChange={setSaving}
              onDirtyChange={setDirty}
              onClose={onClose}
              onManageSites={onManageSites}
            />
          </div>
        ) : state.status === 'error' ? (
          <ErrorState error={state.error} onRetry={state.retry} />
        ) : (
          <PanelSkeleton />
        )
      }
    />
  );
}

/** Mounted once by the layout; opens on `openInterventionPanel` (SPEC §2.5). */
export function InterventionPanel() {
  const navigate = useNavigate();
  const [opening, setOpening] = useState<{ key: number; request: PanelRequest } | null>(null);
  const sequence = useRef(0);

  useEvent('openInterventionPanel', (request) => setOpening({ key: ++sequence.current, request: request ?? {} }));
  const close = useCallback(() => setOpening(null), []);
  const manageSites = useCallback(() => {
    setOpening(null);
    navigate(SITES_PATH);
  }, [navigate]);
  const openReport = useCallback(
    (href: string) => {
      setOpening(null);
      navigate(href);
    },
    [navigate],
  );

  if (!opening) return null;
  return (
    <PanelContent
      key={opening.key}
      request={opening.request}
      onClose={close}
      onManageSites={manageSites}
      onOpenReport={openReport}
    />
  );
}

/**
 * The panel once its on-demand `interventions` texts are there in the language shown (what the layout mounts; the
 * host loads the texts with the panel's code, so that the first open shows the panel at once).
 */
export const InterventionPanelWithTexts = withOnDemandTexts('interventions', InterventionPanel);

/** The default export `lazy()` wants, once the texts of the language shown are loaded (a failure: the panel's retry). */
export async function loadPanelWithTexts(): Promise<{ default: typeof InterventionPanelWithTexts }> {
  await loadOnDemandCatalogue('interventions', currentLanguage()).catch(() => {});
  return { default: InterventionPanelWithTexts };
}
