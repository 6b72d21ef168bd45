/**
 * Service contracts (SPEC §3 "Contract", §5 "Contract", §8 "Contract"; issue 13; docs/decisions/013): a contract
 * belongs to a site (and so a client) and says how often the site must be visited. Its dates are calendar days
 * (`YYYY-MM-DD`) in the time zone of the space's owner; the API answers them as ISO 8601 date-times at the start of
 * that day with the offset of the reader's zone (`started_at`, `ended_at`), and as plain days (`start_date`,
 * `end_date`) for forms. The contract covers `start_date` to `end_date` inclusive.
 */
import { z } from 'zod';
import { dateInput, MEMBER_COLLECTIONS, pageQuery, reference } from './common.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';
import { optionalText, requiredText } from './rules.js';

/** The largest signed document accepted, in bytes (10 MB). */
export const CONTRACT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** How far ahead the daily job creates the due control visits, in days. */
export const CONTRACT_VISIT_HORIZON_DAYS = 30;
/** The default notice period: a contract shows "to renew" this many days before its end. */
export const CONTRACT_DEFAULT_NOTICE_DAYS = 30;

/** `to_renew`: within the notice period before its end; `ended`: past its end day (or ended early). */
export const CONTRACT_STATES = ['active', 'to_renew', 'ended'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
/**
 * The state on `today` of a contract whose last day is `endDay` (both `YYYY-MM-DD`): `ended` after its last day,
 * `to_renew` from `noticeDays` days before it, else `active`.
 */
export function contractStateOn(endDay: string, noticeDays: number, today: string): ContractState {
  if (endDay < today) return 'ended';
  const [y, m, d] = endDay.split('-').map(Number) as [number, number, number];
  const noticeStart = new Date(Date.UTC(y, m - 1, d - noticeDays)).toISOString().slice(0, 10);
  return noticeStart <= today ? 'to_renew' : 'active';
}
export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** `every`: every N weeks or months from the start; `rrule`: an RFC 5545 RRULE; `after_last_visit`: N days after. */
export const VISIT_RULE_TYPES = ['every', 'rrule', 'after_last_visit'] as const;
export type VisitRuleType = (typeof VISIT_RULE_TYPES)[number];
export const VISIT_RULE_UNITS = ['weeks', 'months'] as const;
/** Currencies a price may be in: EUR, or the currency of the space's country (docs/decisions/013). */
export const CONTRACT_CURRENCIES = ['EUR', 'JPY', 'USD', 'GBP', 'CHF', 'BRL'] as const;
export type ContractCurrency = (typeof CONTRACT_CURRENCIES)[number];

const RULE_CODE = 'visit_rule_invalid';
const int = (code: string, min: number, max: number) =>
  z.number({ error: code }).int({ error: code }).min(min, { error: code }).max(max, { error: code });

/**
 * The visit rule of a contract. `every`: a control visit every `interval` `unit` from the start day; `rrule`: the
 * RFC 5545 rule text (`FREQ=…;…`, the start day as DTSTART; checked by the server with the `rrule` library, 422
 * `visit_rule_invalid`); `after_last_visit`: `days` after the site's last completed visit (its report's visit end),
 * or after the start day when there is none.
 */
export const visitRule = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('every'),
      interval: int(RULE_CODE, 1, 52),
      unit: z.enum(VISIT_RULE_UNITS, { error: RULE_CODE }),
    }),
    z.object({ type: z.literal('rrule'), rrule: requiredText(RULE_CODE, 500) }),
    z.object({ type: z.literal('after_last_visit'), days: int(RULE_CODE, 1, 730) }),
  ],
  { error: RULE_CODE },
);
export type VisitRule = z.output<typeof visitRule>;

/** A price: a decimal with at most 2 decimals, as text (`"1200.50"`), up to 99 999 999.99. */
export const PRICE_PATTERN = /^\d{1,8}(?:\.\d{1,2})?$/;

/**
 * `POST /api/contracts` and `PUT /api/contracts/{ulid}` (PCO action): every field replaced. SPEC §5: `reference`,
 * `started_at` and `ended_at` required (`…_required`), days `YYYY-MM-DD` (`…_invalid`); the end after the start and,
 * on creation, the start today or later (checked by the server in the owner's zone, `started_at_invalid` /
 * `ended_at_invalid`). `site`: an IRI or ULID of a site of the space (`site_required`, `site_invalid`).
 */
export const contractBody = z.object({
  site: reference(['sites'], 'site_invalid', 'site_required'),
  reference: requiredText('reference_required', 100),
  started_at: z
    .string({ error: 'started_at_required' })
    .trim()
    .min(1, { error: 'started_at_required' })
    .pipe(dateInput('started_at_invalid')),
  ended_at: z
    .string({ error: 'ended_at_required' })
    .trim()
    .min(1, { error: 'ended_at_required' })
    .pipe(dateInput('ended_at_invalid')),
  notes: optionalText('notes_invalid'),
  visit_rule: visitRule
    .nullish()
    .transform((v) => v ?? null)
    .describe('How often the site is visited; null: no visit is planned from the contract'),
  visit_window_days: int('visit_window_days_invalid', 0, 90)
    .default(7)
    .describe('Days after a due date the visit may still be done before it is overdue'),
  preferred_technician: reference(MEMBER_COLLECTIONS, 'preferred_technician_invalid')
    .nullish()
    .transform((v) => v ?? null)
    .describe('An active technician, owner or manager of the space; the created visits are assigned to them'),
  price: z
    .string({ error: 'price_invalid' })
    .trim()
    .regex(PRICE_PATTERN, { error: 'price_invalid' })
    .nullish()
    .transform((v) => v ?? null)
    .describe('Decimal, at most 2 decimals, in `currency`'),
  currency: z.enum(CONTRACT_CURRENCIES, { error: 'currency_invalid' }).default('EUR'),
  billing_period: z
    .enum(BILLING_PERIODS, { error: 'billing_period_invalid' })
    .nullish()
    .transform((v) => v ?? null),
  auto_renewal: z.boolean({ error: 'auto_renewal_invalid' }).default(false),
  notice_period_days: int('notice_period_days_invalid', 0, 365).default(CONTRACT_DEFAULT_NOTICE_DAYS),
  warranty_years: int('warranty_years_invalid', 0, 50)
    .nullish()
    .transform((v) => v ?? null),
});
export type ContractBody = z.input<typeof contractBody>;
export type ContractInput = z.output<typeof contractBody>;

/** `POST /api/contracts/{ulid}/end`: ends the contract early, on `ended_at` (a day from its start to its end). */
export const contractEndBody = z.object({
  ended_at: z
    .string({ error: 'ended_at_required' })
    .trim()
    .min(1, { error: 'ended_at_required' })
    .pipe(dateInput('ended_at_invalid')),
});
export type ContractEndBody = z.input<typeof contractEndBody>;

/** `GET /api/contracts?site&client&state&page&itemsPerPage`: by end day, soonest first. */
export const contractListQuery = z.object({
  ...pageQuery,
  site: z.string().max(200).optional().describe('ULID or IRI of a site'),
  client: z.string().max(200).optional().describe('ULID or IRI of a client'),
  state: z.enum(CONTRACT_STATES).optional().describe('Keep the contracts in this state today (owner’s zone)'),
});
export type ContractListQuery = z.output<typeof contractListQuery>;

const refOf = <T extends string>(type: T) =>
  z.object({ ...jsonLdKeys(type), ulid: z.string(), name: z.string() }).nullable();

/** A contract (`/api/contracts/{ulid}`). */
export const contractResource = z
  .object({
    ...jsonLdKeys('Contract'),
    ulid: z.string(),
    reference: z.string(),
    started_at: isoDateTime,
    ended_at: isoDateTime,
    start_date: z.string().describe('First day covered, `YYYY-MM-DD`'),
    end_date: z.string().describe('Last day covered, `YYYY-MM-DD`'),
    notes: z.string().nullable(),
    site: refOf('Site'),
    client: refOf('Client'),
    state: z.enum(CONTRACT_STATES),
    visit_rule: visitRule.nullable(),
    visit_window_days: z.number().int(),
    preferred_technician: z
      .object({ '@id': z.string(), ulid: z.string(), firstname: z.string(), lastname: z.string() })
      .nullable(),
    price: z.string().nullable(),
    currency: z.enum(CONTRACT_CURRENCIES),
    billing_period: z.enum(BILLING_PERIODS).nullable(),
    auto_renewal: z.boolean(),
    notice_period_days: z.number().int(),
    warranty_years: z.number().int().nullable(),
    terminated_at: isoDateTime.nullable().describe('When it was ended early, or null'),
    document: z
      .object({ size: z.number().int().describe('Bytes'), uploaded_at: isoDateTime, url: z.string() })
      .nullable()
      .describe('The signed PDF, or null'),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Contract' });
export type ContractDetail = z.output<typeof contractResource>;

/** `GET /api/contracts`: a page of contracts. */
export const contractCollection = hydraCollectionOf(contractResource).meta({ id: 'ContractCollection' });
export type ContractCollection = z.output<typeof contractCollection>;

/** A control visit due from a contract that needs attention (Home): unassigned while planned, or overdue. */
export const dueVisitItem = z
  .object({
    ...jsonLdKeys('DueVisit'),
    ulid: z.string().describe('ULID of the visit (intervention)'),
    due_date: z.string().describe('`YYYY-MM-DD`'),
    start_at: isoDateTime,
    reason: z.enum(['unassigned', 'overdue']),
    contract: z.object({ ulid: z.string(), reference: z.string() }),
    site: z.object({ ulid: z.string(), name: z.string() }),
    client: z.object({ ulid: z.string(), name: z.string() }),
  })
  .meta({ id: 'DueVisit' });
export type DueVisitItem = z.output<typeof dueVisitItem>;
/** `GET /api/contract_due_visits`: every due visit needing attention, soonest due first (at most 50). */
export const dueVisitList = hydraCollectionOf(dueVisitItem).meta({ id: 'DueVisitCollection' });
export type DueVisitList = z.output<typeof dueVisitList>;

/** The answer of `POST /api/contracts/{ulid}/document`. */
export const contractDocumentAnswer = z
  .object({ size: z.number().int(), uploaded_at: isoDateTime, url: z.string() })
  .meta({ id: 'ContractDocument' });
