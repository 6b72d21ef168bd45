/** Interventions (SPEC §3 "Intervention", §4 "Intervention form", §5, §7 "Interventions"). */
import { z } from 'zod';
import {
  cursorQuery,
  dateInput,
  dateTimeInput,
  MEMBER_COLLECTIONS,
  manyValues,
  memberLight,
  pageQuery,
  reference,
} from './common.js';
import { INTERVENTION_TYPES, type InterventionType, SITE_STATUSES, type SiteStatus } from './enums.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';
import { REPORT_STATUSES } from './reports-enums.js';
import { optionalText } from './rules.js';
import { clientReference } from './sites.js';

/**
 * `POST /api/interventions` and `PUT /api/interventions/{ulid}`. Dates `YYYY-MM-DD HH:mm:ss` in the actor's time
 * zone; the server also checks start_at > now (`start_at_invalid`) and end_at > start_at (`end_at_invalid`).
 */
export const interventionBody = z.object({
  client: reference(['clients'], 'client_invalid', 'client_required'),
  site: reference(['sites'], 'site_invalid', 'site_required'),
  type: z.enum(INTERVENTION_TYPES, { error: 'type_required' }),
  interveners: z
    .array(reference(MEMBER_COLLECTIONS, 'interveners_invalid'), { error: 'interveners_required' })
    .min(1, { error: 'interveners_required' }),
  start_at: dateTimeInput('start_at_required', 'start_at_invalid'),
  end_at: dateTimeInput('end_at_required', 'end_at_invalid'),
  description: optionalText('description_invalid'),
  send_mail: z.boolean().default(true),
});
export type InterventionBody = z.input<typeof interventionBody>;

/** `GET /api/interventions` filters, kept while browsing: users, clients, start date, end date, type. */
export const interventionListQuery = z.object({
  ...pageQuery,
  ...cursorQuery,
  users: manyValues(z.string()),
  clients: manyValues(z.string()),
  type: manyValues(z.enum(INTERVENTION_TYPES)),
  /** First day (inclusive, actor's time zone) of the start date range. */
  start_date: dateInput('value_invalid').optional(),
  /** Last day (inclusive, actor's time zone) of the start date range. */
  end_date: dateInput('value_invalid').optional(),
  'site.ulid': z.string().optional(),
});

/** `DELETE /api/interventions/{id}?send_mail=`. */
export const interventionDeleteQuery = z.object({ send_mail: z.enum(['true', 'false']).default('true') });

/** The site of an intervention, with its client (SPEC §3 "Intervention": site with ulid, name and client). */
export const interventionSite = z
  .object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string(), client: clientReference })
  .meta({ id: 'InterventionSite' });

/**
 * The report of a visit as the planning and the intervention panel mark it (issue 12 "Screens"; docs/decisions/010):
 * its IRI and ULID (`/reports?report=<ulid>` opens it) and where it stands. One report per visit at most.
 */
export const interventionReportMark = z
  .object({ ...jsonLdKeys('Report'), ulid: z.string(), status: z.enum(REPORT_STATUSES) })
  .meta({ id: 'InterventionReportMark' });
export type InterventionReportMark = z.output<typeof interventionReportMark>;

/** An intervention (`/api/interventions/{ulid}`, SPEC §3 "Intervention"). */
export const interventionResource = z
  .object({
    ...jsonLdKeys('Intervention'),
    ulid: z.string(),
    type: z.enum(INTERVENTION_TYPES),
    description: z.string().nullable(),
    start_at: isoDateTime,
    end_at: isoDateTime,
    send_mail: z.boolean(),
    client_ulid: z.string(),
    site_ulid: z.string(),
    interveners_ulids: z
      .array(z.string())
      .describe('Membership ULIDs of the interveners (SPEC §3), in the order of `interveners`'),
    site: interventionSite,
    interveners: z.array(memberLight),
    report: interventionReportMark
      .nullable()
      .describe('The report of the visit (issue 12), or null while none was recorded'),
  })
  .meta({ id: 'Intervention' });
export type Intervention = z.output<typeof interventionResource>;

/** `GET /api/interventions`: a page of interventions by start. */
export const interventionCollection = hydraCollectionOf(interventionResource).meta({ id: 'InterventionCollection' });
export type InterventionCollection = z.output<typeof interventionCollection>;

/**
 * Site status on scheduling (docs/decisions/004): scheduling a visit of `type` on a site in status `from` moves it to
 * `planned`; when the last future visit of that type on the site is deleted or moved away, it goes back to `from`.
 */
export const SCHEDULING_SITE_STATUS: Record<InterventionType, { from: SiteStatus; planned: SiteStatus }> = {
  TYPE_PRE_VISIT: { from: 'STATUS_TO_ESTIMATE', planned: 'STATUS_PLANNED_ESTIMATE_VISIT' },
  TYPE_COMMISSIONING: { from: 'STATUS_TO_INSTALL', planned: 'STATUS_PLANNED_INSTALL' },
  TYPE_CONTROL_VISIT: { from: 'STATUS_TO_CHECK', planned: 'STATUS_PLANNED_INSPECTION_VISIT' },
  TYPE_CLOSING_SITE: { from: 'STATUS_TO_CLOSE', planned: 'STATUS_PLANNED_CLOSING' },
};

/**
 * Site status on completion (docs/decisions/010, completing 004): when the report of a completed visit of `type` is
 * created, a site whose status is one of `from` moves to `to`. `unlessActivity`: only when no station check of the
 * report shows activity (a control visit puts a site to check back in operation only when it found nothing). Other
 * statuses never change.
 */
export const COMPLETION_SITE_STATUS: Record<
  InterventionType,
  { from: readonly SiteStatus[]; to: SiteStatus; unlessActivity?: boolean }
> = {
  // an estimate visit done: the site is to install (never moved back once installed)
  TYPE_PRE_VISIT: { from: ['STATUS_TO_ESTIMATE', 'STATUS_PLANNED_ESTIMATE_VISIT'], to: 'STATUS_TO_INSTALL' },
  // an installation done: the site is monitored, whatever it was before (a closed site may be equipped again)
  TYPE_COMMISSIONING: {
    from: SITE_STATUSES.filter((status) => status !== 'STATUS_IN_OPERATION'),
    to: 'STATUS_IN_OPERATION',
  },
  TYPE_CONTROL_VISIT: {
    from: ['STATUS_TO_CHECK', 'STATUS_PLANNED_INSPECTION_VISIT'],
    to: 'STATUS_IN_OPERATION',
    unlessActivity: true,
  },
  TYPE_CLOSING_SITE: { from: SITE_STATUSES.filter((status) => status !== 'STATUS_CLOSED'), to: 'STATUS_CLOSED' },
};
