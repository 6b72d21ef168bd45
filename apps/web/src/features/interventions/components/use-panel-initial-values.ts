/**
 * What the intervention panel starts from when it opens (SPEC §4 "Intervention form": loading → ready): the
 * intervention being edited, or a new one with the default dates and the pre-selected client, site and type.
 */
import type { Intervention, InterventionType } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entityTagOf } from '../../../shared/api/http-client';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { interventionQueryOptions } from '../../../shared/api/resources/interventions';
import { memberName } from '../../../shared/api/resources/members';
import { siteQueryOptions } from '../../../shared/api/resources/sites';
import type { AppEvents } from '../../../shared/lib/events';
import type { PickerOption } from '../../../shared/ui/search-picker';
import { defaultSchedule, wallTimeIn, wallTimeOfIso } from '../lib/default-dates';
import { type InterventionFormValues, valuesOfIntervention } from '../lib/intervention-form';

export type PanelRequest = AppEvents['openInterventionPanel'];

export interface InitialForm {
  values: InterventionFormValues;
  /** Labels of the pre-selected ids, for the pickers. */
  labels: { client: PickerOption[]; site: PickerOption[]; interveners: PickerOption[] };
  /** The loaded start (editing), exempt from the before-now rule while unchanged. */
  initialStart: string | null;
  /** The `ETag` of the visit being edited, as loaded: the save's `If-Match` (issue 16). */
  entityTag?: string;
}

/** The form of the visit `data` being edited, in `timeZone` (the user's). */
export function initialOfIntervention(data: Intervention, timeZone: string): InitialForm {
  const values = valuesOfIntervention(data, timeZone);
  return {
    values,
    labels: {
      client: [{ id: data.site.client.ulid, label: data.site.client.name }],
      site: [{ id: data.site.ulid, label: data.site.name }],
      interveners: data.interveners.map((i) => ({ id: i.ulid, label: memberName(i) })),
    },
    initialStart: values.start_at,
    entityTag: entityTagOf(data),
  };
}

export interface PanelInitialState {
  status: 'loading' | 'ready' | 'error';
  initial: InitialForm | null;
  error: unknown;
  retry: () => void;
}

/** Loads what the panel needs for `request`; dates in `timeZone` (the user's). */
export function usePanelInitialValues(request: PanelRequest, timeZone: string): PanelInitialState {
  const [schedule] = useState(() => defaultSchedule(wallTimeIn(timeZone)));
  const editing = request.interventionUlid ?? null;
  const siteUlid = editing ? null : (request.siteUlid ?? null);
  const clientUlid = editing || siteUlid ? null : (request.clientUlid ?? null);

  const intervention = useQuery(interventionQueryOptions(editing ?? ''));
  // a 404 stays in the panel (SPEC §8 "Handling of failed calls inside the intervention panel")
  const site = useQuery({ ...siteQueryOptions(siteUlid ?? '', { redirectOnError: false }), staleTime: 0 });
  const client = useQuery({ ...clientQueryOptions(clientUlid ?? ''), staleTime: 0 });
  const active = editing ? intervention : siteUlid ? site : clientUlid ? client : null;
  const retry = () => void active?.refetch();

  if (active?.isError) return { status: 'error', initial: null, error: active.error, retry };
  if (active && !active.data) return { status: 'loading', initial: null, error: null, retry };

  if (editing && intervention.data) {
    return { status: 'ready', error: null, retry, initial: initialOfIntervention(intervention.data, timeZone) };
  }

  const values: InterventionFormValues = {
    client: '',
    site: '',
    type: (request.type ?? '') as InterventionType | '',
    interveners: [],
    ...schedule,
    description: '',
    send_mail: true,
  };
  const labels: InitialForm['labels'] = { client: [], site: [], interveners: [] };
  // a proposed control visit (issue 15): its slot and intervener
  const proposal = request.proposal;
  if (proposal) {
    values.start_at = wallTimeOfIso(proposal.startAt, timeZone);
    values.end_at = wallTimeOfIso(proposal.endAt, timeZone);
    if (proposal.intervener) {
      values.interveners = [proposal.intervener.ulid];
      labels.interveners = [{ id: proposal.intervener.ulid, label: proposal.intervener.label }];
    }
  }
  if (site.data) {
    values.client = site.data.client_ulid;
    values.site = site.data.ulid;
    labels.client = [{ id: site.data.client_ulid, label: site.data.client.name }];
    labels.site = [{ id: site.data.ulid, label: site.data.name }];
  } else if (clientUlid && client.data !== undefined) {
    values.client = clientUlid;
    labels.client = [{ id: clientUlid, label: client.data.name }];
  }
  return { status: 'ready', error: null, retry, initial: { values, labels, initialStart: null } };
}
