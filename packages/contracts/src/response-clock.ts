/**
 * The response clock of alerts (issue 15 "Alert → visit on a response clock"; docs/decisions/019-response-clock.md):
 * the default response targets and the states of an alert's clock. Durations are whole hours or seconds as named.
 */
import { z } from 'zod';
import { memberLight } from './common.js';
import { RULE_ALERT_TYPES, type RuleAlertType } from './equipment.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';
import { optionalText } from './rules.js';

/**
 * The response target of each alert type when the PCO saved none, in hours: termite and colony 72 h, communication
 * (error and weak signal) 7 days, battery 14 days.
 */
export const DEFAULT_RESPONSE_TARGETS: Record<RuleAlertType, number> = {
  TYPE_TERMITE_ALERT: 72,
  TYPE_COLONY_DETECTED: 72,
  TYPE_COMMUNICATION_ERROR: 168,
  TYPE_COMMUNICATION_WEAK_SIGNAL: 168,
  TYPE_LOW_BATTERY: 336,
};
/** Bounds of a response target, in hours (1 hour to 365 days). */
export const RESPONSE_TARGET_MIN_HOURS = 1;
export const RESPONSE_TARGET_MAX_HOURS = 8760;

/**
 * The state of an alert's response clock: `running` (no check-in on the site and no acknowledgement since it
 * opened, and still open), `responded` (stopped by the first of the two: `response_seconds` is set), `cleared` (the
 * alert closed by itself before any response: stopped without a response time).
 */
export const RESPONSE_CLOCK_STATES = ['running', 'responded', 'cleared'] as const;
export type ResponseClockState = (typeof RESPONSE_CLOCK_STATES)[number];

// ─── Response targets (PCO settings) ──────────────────────────────────────────────────────────────────────────────

const targetHours = z
  .number({ error: 'response_target_invalid' })
  .int({ error: 'response_target_invalid' })
  .min(RESPONSE_TARGET_MIN_HOURS, { error: 'response_target_invalid' })
  .max(RESPONSE_TARGET_MAX_HOURS, { error: 'response_target_invalid' });

/**
 * The response target of each alert type, in whole hours (1–8760): the body of `PUT /api/alert_response_targets`
 * (PCO owner) and the fields of {@link responseTargetsResource}. 422 `response_target_invalid` on the field.
 */
export const responseTargetsInput = z.object({
  TYPE_TERMITE_ALERT: targetHours,
  TYPE_COLONY_DETECTED: targetHours,
  TYPE_COMMUNICATION_ERROR: targetHours,
  TYPE_COMMUNICATION_WEAK_SIGNAL: targetHours,
  TYPE_LOW_BATTERY: targetHours,
} satisfies Record<RuleAlertType, typeof targetHours>);
export type ResponseTargets = z.infer<typeof responseTargetsInput>;

/** `GET`/`PUT /api/alert_response_targets`: the targets of the actor's PCO space (the defaults until saved). */
export const responseTargetsResource = z
  .object({ ...jsonLdKeys('AlertResponseTargets'), ...responseTargetsInput.shape })
  .meta({ id: 'AlertResponseTargets' });
export type ResponseTargetsResource = z.output<typeof responseTargetsResource>;

// ─── The clock of an alert ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The response clock of an alert (part of each `Alert` of the alert log and of `GET /api/alert_clocks`): the target,
 * the due time, and once stopped the response instant and time. See docs/decisions/019-response-clock.md.
 */
export const alertResponseClock = z
  .object({
    state: z.enum(RESPONSE_CLOCK_STATES),
    target_hours: z.number().int().describe('The response target of its type when read, in hours'),
    due_at: isoDateTime.describe('Opening + target'),
    responded_at: isoDateTime
      .nullable()
      .describe('The first check-in on the site after the opening, or the acknowledgement, whichever came first'),
    response_seconds: z
      .number()
      .int()
      .nullable()
      .describe('`responded_at − opened_at` in seconds; null unless responded'),
    missed: z.boolean().describe('Responded after the due time, or still running past it'),
  })
  .meta({ id: 'AlertResponseClock' });
export type AlertResponseClock = z.output<typeof alertResponseClock>;

// ─── The proposed control visit ───────────────────────────────────────────────────────────────────────────────────

/** What became of a proposed control visit. */
export const VISIT_PROPOSAL_STATUSES = ['proposed', 'accepted', 'dismissed'] as const;
export type VisitProposalStatus = (typeof VISIT_PROPOSAL_STATUSES)[number];
/** Why a proposed visit was dismissed; `other` requires a note. */
export const VISIT_DISMISS_REASONS = ['already_planned', 'handled_remotely', 'false_alarm', 'other'] as const;
export type VisitDismissReason = (typeof VISIT_DISMISS_REASONS)[number];

/**
 * The control visit proposed for a new termite or colony alert (`/api/alerts/{ulid}/visit_proposal`): the site's
 * referent in their first free one-hour slot (08:00–18:00, Monday to Friday, in the space's time zone, skipping
 * their planned visits) when the alert opened. Times in the actor's time zone.
 */
export const visitProposalResource = z
  .object({
    ...jsonLdKeys('VisitProposal'),
    alert_ulid: z.string(),
    status: z.enum(VISIT_PROPOSAL_STATUSES),
    type: z.literal('TYPE_CONTROL_VISIT'),
    site: z.object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string(), client_ulid: z.string() }),
    client: z.object({ ...jsonLdKeys('Client'), ulid: z.string(), name: z.string() }),
    referent: memberLight.nullable().describe('The intervener proposed; null when the site has no referent'),
    start_at: isoDateTime,
    end_at: isoDateTime,
    intervention: z.string().nullable().describe('IRI of the intervention planned by accepting it'),
    dismiss_reason: z.enum(VISIT_DISMISS_REASONS).nullable(),
    dismiss_note: z.string().nullable(),
  })
  .meta({ id: 'VisitProposal' });
export type VisitProposal = z.output<typeof visitProposalResource>;

/**
 * `POST /api/alerts/{ulid}/visit_proposal/dismiss`: a reason (422 `dismiss_reason_required`) and a note, required for
 * `other` (422 `dismiss_note_required`, at most 1 000 characters).
 */
export const visitDismissBody = z
  .object({
    reason: z.enum(VISIT_DISMISS_REASONS, { error: 'dismiss_reason_required' }),
    note: optionalText('dismiss_note_invalid', 1000),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'dismiss_note_required' });
    }
  });
export type VisitDismissBody = z.input<typeof visitDismissBody>;

// ─── Home: the running clocks ─────────────────────────────────────────────────────────────────────────────────────

/** Colour of a running clock: ≥ 25 % of the target left, less, or past due. */
export const CLOCK_LEVELS = ['ok', 'warning', 'overdue'] as const;
export type ClockLevel = (typeof CLOCK_LEVELS)[number];

/**
 * An alert whose clock runs, as Home lists it (`GET /api/alert_clocks`): the alert, its site and equipment, the
 * time left (seconds, negative when overdue) and its colour, and the proposed visit if any.
 */
export const alertClockItem = z
  .object({
    ...jsonLdKeys('Alert'),
    ulid: z.string(),
    type: z.enum(RULE_ALERT_TYPES),
    site: z.object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string() }),
    equipment_reference: z.string().nullable(),
    opened_at: isoDateTime,
    due_at: isoDateTime,
    target_hours: z.number().int(),
    seconds_left: z.number().int().describe('Until the due time; negative when overdue'),
    level: z.enum(CLOCK_LEVELS),
    proposal: visitProposalResource.nullable().describe('The proposed visit still waiting for a decision'),
  })
  .meta({ id: 'AlertClock' });
export type AlertClockItem = z.output<typeof alertClockItem>;

/** `GET /api/alert_clocks`: the space's running clocks, soonest due first (overdue ones first), at most 100. */
export const alertClockCollection = hydraCollectionOf(alertClockItem)
  .extend({ overdue_number: z.number().int().min(0).describe('How many of them are overdue') })
  .meta({ id: 'AlertClockCollection' });
export type AlertClockCollection = z.output<typeof alertClockCollection>;
