/**
 * Site detail (SPEC §2.7 "Sites: detail", §3 "Site"): name, status and alert badges, client (link to Clients), address
 * with coordinates, area, referent, main contact, types and species, estimated equipment, desired installation date,
 * description and notes, the site's visits and its reports (issue 12). Actions: schedule a visit (the intervention panel, with the desired
 * date and the commissioning type for a site to install), edit, delete (after confirmation, back to the list).
 * Sections of other features (equipment, alerts) come through the `sections` slot, filled by the app's route.
 */
import type { SiteDetail } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarPlus, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { siteQueryOptions } from '../../../shared/api/resources/sites';
import { emit } from '../../../shared/lib/events';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { Skeleton, SkeletonLines } from '../../../shared/ui/skeleton';
import { AlertBadge } from '../../../shared/ui/status';
import { useDeleteSite } from '../api/delete-site';
import { DeferredSiteFormPanel } from '../components/deferred-site-form-panel';
import { ReferentChip, SiteStatusBadge } from '../components/site-badges';
import { SiteInterventions } from '../components/site-interventions';
import { SiteReports } from '../components/site-reports';

/** The `openInterventionPanel` detail of 'Schedule a visit' (SPEC §4 "desired-date warning"). */
export function scheduleVisitDetail(site: SiteDetail) {
  const toInstall = site.status === 'STATUS_TO_INSTALL' && site.desired_installation_date;
  return {
    clientUlid: site.client_ulid,
    siteUlid: site.ulid,
    ...(toInstall
      ? { type: 'TYPE_COMMISSIONING' as const, desiredDate: site.desired_installation_date as string }
      : {}),
  };
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'flex flex-col gap-0.5 sm:col-span-2' : 'flex flex-col gap-0.5'}>
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</dl>;
}

const dash = <span className="text-gray-500">—</span>;

function DetailSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-6">
      <Skeleton className="h-7 w-64" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="rounded-lg border border-gray-200 bg-white p-4">
            <SkeletonLines lines={4} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Renders the sections other features add under the site's cards (the app composes them, features never import each other). */
export type SiteDetailSections = (site: SiteDetail) => ReactNode;

/** The body of the page once the site is loaded. */
function SiteDetailView({
  site,
  backTo,
  sections,
}: {
  site: SiteDetail;
  backTo: string;
  sections?: SiteDetailSections;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteSite();
  const a = site.address;
  const schedule = () => emit('openInterventionPanel', scheduleVisitDetail(site));

  const confirmDelete = () =>
    remove.mutate(site.ulid, {
      onSuccess: () => {
        setConfirming(false);
        notify({ title: t('sites:detail.deleted'), content: site.name });
        void navigate(backTo.startsWith('/sites') ? backTo : '/sites');
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error);
      },
    });

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-gray-900">{site.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <SiteStatusBadge status={site.status} plannedAt={site.planned_at} />
            {site.priority_sum > 0 ? (
              <AlertBadge type={site.main_alert_type ?? 'OTHERS'} />
            ) : (
              <AlertBadge type="NONE" />
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button onPress={schedule} icon={<CalendarPlus size={16} aria-hidden />}>
            {t('sites:detail.scheduleVisit')}
          </Button>
          <Button variant="white" onPress={() => setEditing(true)} icon={<Pencil size={16} aria-hidden />}>
            {t('common:actions.edit')}
          </Button>
          <Button
            variant="white"
            onPress={() => setConfirming(true)}
            icon={<Trash2 size={16} aria-hidden className="text-red-700" />}
          >
            {t('common:actions.delete')}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title={t('sites:detail.general')}>
          <Fields>
            <Field label={t('sites:detail.client')}>
              <Link
                to={`/clients?${new URLSearchParams({ defaultSelectedClientUlid: site.client_ulid })}`}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {site.client.name}
              </Link>
            </Field>
            <Field label={t('sites:detail.referent')}>
              <ReferentChip referent={site.referent} />
            </Field>
            <Field label={t('sites:detail.contact')}>
              {site.contact ? (
                <span className="flex flex-col">
                  <span>
                    {site.contact.firstname} {site.contact.lastname}
                    <span className="text-gray-600"> · {site.contact.title}</span>
                  </span>
                  <a href={`tel:${site.contact.phone.replace(/\s/g, '')}`} className="text-brand-800 hover:underline">
                    {site.contact.phone}
                  </a>
                  <a href={`mailto:${site.contact.email}`} className="break-all text-brand-800 hover:underline">
                    {site.contact.email}
                  </a>
                </span>
              ) : (
                dash
              )}
            </Field>
            <Field label={t('sites:detail.updatedAt')}>{format.dateTime(site.updated_at)}</Field>
            <Field wide label={t('sites:detail.description')}>
              {site.description ? <span className="whitespace-pre-line">{site.description}</span> : dash}
            </Field>
          </Fields>
        </Card>

        <Card title={t('sites:detail.address')}>
          <Fields>
            <Field wide label={t('sites:detail.addressLabel')}>
              {a.label}
            </Field>
            <Field label={t('sites:detail.city')}>{[a.postal_code, a.city].filter(Boolean).join(' ') || dash}</Field>
            <Field label={t('sites:detail.country')}>{a.country || dash}</Field>
            <Field label={t('sites:detail.coordinates')}>
              {a.latitude && a.longitude ? (
                <span className="tabular-nums">{`${a.latitude}, ${a.longitude}`}</span>
              ) : (
                dash
              )}
            </Field>
            <Field label={t('sites:detail.area')}>
              {t('sites:detail.areaValue', { area: format.number(site.area) })}
            </Field>
          </Fields>
        </Card>

        <Card title={t('sites:detail.characteristics')}>
          <Fields>
            <Field label={t('sites:detail.treatmentType')}>{t(`enums:treatment_type.${site.treatment_type}`)}</Field>
            <Field label={t('sites:detail.termiteSpecies')}>
              <span className={site.termite_species === 'undefined' ? undefined : 'italic'}>
                {t(`enums:termite_species.${site.termite_species}`)}
              </span>
            </Field>
            <Field label={t('sites:detail.workType')}>{t(`enums:work_type.${site.work_type}`)}</Field>
            <Field label={t('sites:detail.buildingType')}>{t(`enums:building_type.${site.building_type}`)}</Field>
          </Fields>
        </Card>

        <Card title={t('sites:detail.equipmentAndPlanning')}>
          <Fields>
            <Field label={t('sites:form.boxes')}>{format.number(site.estimated_box_number)}</Field>
            <Field label={t('sites:form.igs')}>{format.number(site.estimated_igs_number)}</Field>
            <Field label={t('sites:form.ags')}>{format.number(site.estimated_ags_number)}</Field>
            <Field label={t('sites:detail.desiredInstallationDate')}>
              {site.desired_installation_date ? format.date(site.desired_installation_date) : dash}
            </Field>
            <Field wide label={t('sites:detail.notes')}>
              {site.notes ? <span className="whitespace-pre-line">{site.notes}</span> : dash}
            </Field>
          </Fields>
        </Card>
      </div>

      {sections ? <div className="mt-6 flex flex-col gap-6">{sections(site)}</div> : null}

      <div className="mt-6 grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <SiteInterventions siteUlid={site.ulid} onSchedule={schedule} />
        <SiteReports siteUlid={site.ulid} />
      </div>

      <DeferredSiteFormPanel
        isOpen={isEditing}
        onOpenChange={setEditing}
        site={site}
        onSaved={() => setEditing(false)}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setConfirming}
        title={t('sites:detail.deleteTitle')}
        message={t('sites:detail.deleteMessage', { name: site.name })}
        confirmLabel={t('common:actions.delete')}
        onConfirm={confirmDelete}
        isLoading={remove.isPending}
      />
    </>
  );
}

/** The site detail screen `/sites/{siteUlid}`; `sections` adds other features' sections (equipment, alerts). */
export function SiteDetailPage({ sections }: { sections?: SiteDetailSections } = {}) {
  const { t } = useTranslation();
  const { siteUlid = '' } = useParams();
  const location = useLocation();
  const site = useQuery(siteQueryOptions(siteUlid));
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith('/sites') ? from : '/sites';

  return (
    <>
      <Link
        to={backTo}
        className="mb-4 inline-flex items-center gap-1.5 self-start text-sm font-medium text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('sites:detail.back')}
      </Link>
      {site.data ? (
        <SiteDetailView site={site.data} backTo={backTo} sections={sections} />
      ) : site.isError ? (
        <div className="rounded-lg border border-gray-200 bg-white shadow-xs">
          <h1 className="sr-only">{t('common:pages.siteDetail')}</h1>
          <ErrorState error={site.error} onRetry={() => void site.refetch()} isRetrying={site.isFetching} />
        </div>
      ) : (
        <>
          <h1 className="sr-only">{t('common:pages.siteDetail')}</h1>
          <DetailSkeleton />
        </>
      )}
    </>
  );
}
