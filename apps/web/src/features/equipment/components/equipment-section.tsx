/**
 * The equipment of a site on its detail page (SPEC §2.7 "Sites: detail", §3 "Equipment"): the list of gateways and
 * stations (state, battery, signal, last update, alerts), registering, editing and removing equipment, a gateway's
 * device credential (shown once), the installation pictures, and the map of their positions (loaded on demand).
 * The list is searched (reference, serial number), filtered (kind, alerts) and sorted on the page, its state kept in the
 * URL and for the session per site (`useEquipmentListState`). Selecting a station reports it through
 * `onSelectStation`, so that the page can show its readings.
 */
import {
  type Equipment,
  type EquipmentCreated,
  type SiteDetail,
  TREATMENT_TYPES,
  type TreatmentType,
} from '@isoptera/contracts';
import { Cpu, FilterX, MapPinOff, Plus, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteEquipment } from '../../../shared/api/site-equipment';
import { useOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { useFormat } from '../../../shared/lib/use-format';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { useDeleteEquipment } from '../api/delete-equipment';
import { useRotateCredential } from '../api/rotate-credential';
import { filterEquipment, sortEquipment } from '../lib/equipment-list-params';
import { buildMapMarkers } from '../lib/map-markers';
import { CredentialDialog } from './credential-dialog';
import type { EquipmentAction } from './equipment-actions-menu';
import { EquipmentFilters, useEquipmentListState } from './equipment-filters';
import { EquipmentFormPanel } from './equipment-form-panel';
import { EquipmentList, EquipmentListSkeleton } from './equipment-list';
import { LazyEquipmentMap } from './equipment-map-loader';
import { PicturesModal } from './pictures-modal';

export interface EquipmentSectionProps {
  /** The site shown. */
  site: Pick<SiteDetail, 'ulid' | 'treatment_type' | 'address'>;
  /** The station whose readings are shown, if any. */
  selectedStationUlid?: string | null;
  /** A station was selected (its ulid and reference), or the selected one was removed (null). */
  onSelectStation?: (ulid: string | null, reference?: string) => void;
}

/** The site's coordinates, to centre an empty map. */
function siteCenter(site: EquipmentSectionProps['site']): [number, number] | null {
  const latitude = Number(site.address.latitude);
  const longitude = Number(site.address.longitude);
  if (!site.address.latitude || !site.address.longitude) return null;
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? [latitude, longitude] : null;
}

/** The equipment list and map of a site, with their dialogs (its texts loaded). */
function EquipmentSectionBody({ site, selectedStationUlid = null, onSelectStation }: EquipmentSectionProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const query = useSiteEquipment(site.ulid);
  const remove = useDeleteEquipment();
  const rotate = useRotateCredential();
  const [editing, setEditing] = useState<Equipment | 'new' | null>(null);
  const [removing, setRemoving] = useState<Equipment | null>(null);
  const [rotating, setRotating] = useState<Equipment | null>(null);
  const [picturesOf, setPicturesOf] = useState<string | null>(null);
  const [credential, setCredential] = useState<{ reference: string; value: string } | null>(null);

  const items = query.data?.['hydra:member'] ?? [];
  const list = useEquipmentListState(site.ulid);
  const shown = useMemo(
    () => sortEquipment(filterEquipment(items, list.state), list.state.sort, i18n.language),
    [items, list.state, i18n.language],
  );
  const gateways = useMemo(() => items.filter((item) => item.kind === 'gateway'), [items]);
  const markers = useMemo(() => buildMapMarkers(items), [items]);
  const center = useMemo(() => siteCenter(site), [site]);
  const select = onSelectStation
    ? (ulid: string) => onSelectStation(ulid, items.find((item) => item.ulid === ulid)?.reference)
    : undefined;
  const total = query.data?.['hydra:totalItems'] ?? items.length;

  const onAction = (action: EquipmentAction, equipment: Equipment) => {
    if (action === 'edit') setEditing(equipment);
    else if (action === 'pictures') setPicturesOf(equipment.ulid);
    else if (action === 'rotate') setRotating(equipment);
    else setRemoving(equipment);
  };

  const onSaved = (answer: EquipmentCreated) => {
    setEditing(null);
    if (answer.device_credential) setCredential({ reference: answer.reference, value: answer.device_credential });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const target = removing;
    remove.mutate(target, {
      onSuccess: () => {
        setRemoving(null);
        notify({ title: t('equipment:remove.done'), content: target.reference });
        if (target.ulid === selectedStationUlid) onSelectStation?.(null);
      },
      onError: (error) => {
        setRemoving(null);
        notifyError(error);
      },
    });
  };

  const confirmRotate = () => {
    if (!rotating) return;
    const target = rotating;
    rotate.mutate(target.ulid, {
      onSuccess: (answer) => {
        setRotating(null);
        setCredential({ reference: target.reference, value: answer.device_credential });
      },
      onError: (error) => {
        setRotating(null);
        notifyError(error);
      },
    });
  };

  const registerButton = (variant: 'primary' | 'secondary') => (
    <Button variant={variant} size="sm" onPress={() => setEditing('new')} icon={<Plus size={16} aria-hidden />}>
      {t('equipment:section.register')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <Card
        flush
        title={
          <>
            {t('equipment:section.title')}
            {query.data ? (
              <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
                {format.number(total)}
              </span>
            ) : null}
          </>
        }
        actions={query.data && items.length > 0 ? registerButton('primary') : undefined}
      >
        {items.length > 0 || list.filtered ? (
          <EquipmentFilters
            state={list.state}
            searchText={list.searchText}
            onSearchText={list.setSearchText}
            onChange={list.update}
          />
        ) : null}
        <div aria-busy={query.isFetching || undefined}>
          <EquipmentList
            items={query.data ? shown : undefined}
            isLoading={!query.data && !query.isError}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
            selectedStationUlid={selectedStationUlid}
            onSelectStation={select}
            onAction={onAction}
            sort={list.state.sort ?? undefined}
            onSortChange={(sort) => list.update({ sort })}
            isFiltered={list.filtered}
            empty={{
              icon: <Cpu size={24} />,
              message: t('equipment:section.empty'),
              action: registerButton('secondary'),
            }}
            noMatch={{
              icon: <SearchX size={24} />,
              message: t('equipment:filters.noMatch'),
              action: (
                <Button variant="white" onPress={list.clear} icon={<FilterX size={16} aria-hidden />}>
                  {t('equipment:filters.clear')}
                </Button>
              ),
            }}
          />
        </div>
      </Card>

      {items.length > 0 ? (
        <Card flush title={t('equipment:map.title')}>
          {markers.length === 0 ? (
            <EmptyState icon={<MapPinOff size={24} />} message={t('equipment:map.noPosition')} />
          ) : (
            <>
              <LazyEquipmentMap
                markers={markers}
                selectedUlid={selectedStationUlid}
                onSelectStation={select}
                label={t('equipment:map.label')}
                fallbackCenter={center}
              />
              {markers.length < items.length ? (
                <p className="border-t border-gray-200 px-4 py-2 text-[13px] text-gray-700">
                  {t('equipment:map.withoutPosition', { count: items.length - markers.length })}
                </p>
              ) : null}
            </>
          )}
        </Card>
      ) : null}

      <EquipmentFormPanel
        isOpen={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        siteUlid={site.ulid}
        gateways={gateways.filter((gateway) => editing === 'new' || gateway.ulid !== editing?.ulid)}
        equipment={editing === 'new' || editing === null ? undefined : editing}
        defaultTreatmentType={
          (TREATMENT_TYPES as readonly string[]).includes(site.treatment_type)
            ? (site.treatment_type as TreatmentType)
            : undefined
        }
        onSaved={onSaved}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('equipment:remove.title')}
        message={t(removing?.kind === 'gateway' ? 'equipment:remove.gatewayMessage' : 'equipment:remove.message', {
          reference: removing?.reference ?? '',
        })}
        confirmLabel={t('equipment:remove.confirm')}
        onConfirm={confirmRemove}
        isLoading={remove.isPending}
      />
      <ConfirmDialog
        isOpen={rotating !== null}
        onOpenChange={(open) => {
          if (!open) setRotating(null);
        }}
        title={t('equipment:rotate.title')}
        message={t('equipment:rotate.message', { reference: rotating?.reference ?? '' })}
        confirmLabel={t('equipment:rotate.confirm')}
        onConfirm={confirmRotate}
        isLoading={rotate.isPending}
      />
      <CredentialDialog
        credential={credential?.value ?? null}
        reference={credential?.reference ?? ''}
        onClose={() => setCredential(null)}
      />
      <PicturesModal
        equipment={items.find((item) => item.ulid === picturesOf) ?? null}
        onClose={() => setPicturesOf(null)}
      />
    </div>
  );
}

/**
 * The equipment list and map of a site, with their dialogs. Its texts are loaded on demand (shared/i18n/on-demand-catalogue.ts)
 * while the list is already being fetched.
 */
export function EquipmentSection(props: EquipmentSectionProps) {
  const catalogue = useOnDemandCatalogue('equipment');
  useSiteEquipment(props.site.ulid); // fetched meanwhile (the same cached query)
  if (catalogue.state === 'ready') return <EquipmentSectionBody {...props} />;
  return (
    <Card flush>
      {catalogue.state === 'error' ? <ErrorState onRetry={catalogue.retry} /> : <EquipmentListSkeleton />}
    </Card>
  );
}
