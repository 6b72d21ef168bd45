/**
 * The contract form (issue 13): values of a `Contract`, the body of `POST /api/contracts` / `PUT
 * /api/contracts/{ulid}` (every field replaced), the contract's `contractBody` as the rules (the RRULE text itself is
 * checked by the server with the `rrule` library: its 422 shows under the field), and the mapping of a 422's
 * violations onto the fields. Days are `YYYY-MM-DD`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BillingPeriod,
  type ContractBody,
  type ContractCurrency,
  type ContractDetail,
  contractBody,
  iri,
  type VisitRuleType,
} from '@isoptera/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type MappedViolations, mapViolations } from '../../../shared/forms/violations';

export type RuleChoice = VisitRuleType | 'none';

export interface ContractFormValues {
  site: string;
  reference: string;
  started_at: string;
  ended_at: string;
  notes: string;
  rule_type: RuleChoice;
  /** Every N (weeks or months); NaN while empty. */
  interval: number;
  unit: 'weeks' | 'months';
  rrule: string;
  /** N days after the last completed visit; NaN while empty. */
  days: number;
  visit_window_days: number;
  preferred_technician: string;
  price: string;
  currency: ContractCurrency;
  billing_period: BillingPeriod | '';
  auto_renewal: boolean;
  notice_period_days: number;
  warranty_years: number;
}

/** The form's starting values: those of `contract`, or a new one on `siteUlid` (monthly visits, 30 days' notice). */
export function contractFormValues(contract: ContractDetail | null, siteUlid = ''): ContractFormValues {
  const rule = contract?.visit_rule ?? null;
  return {
    site: contract?.site?.ulid ?? siteUlid,
    reference: contract?.reference ?? '',
    started_at: contract?.start_date ?? '',
    ended_at: contract?.end_date ?? '',
    notes: contract?.notes ?? '',
    rule_type: contract ? (rule?.type ?? 'none') : 'every',
    interval: rule?.type === 'every' ? rule.interval : 1,
    unit: rule?.type === 'every' ? rule.unit : 'months',
    rrule: rule?.type === 'rrule' ? rule.rrule : '',
    days: rule?.type === 'after_last_visit' ? rule.days : 90,
    visit_window_days: contract?.visit_window_days ?? 7,
    preferred_technician: contract?.preferred_technician?.ulid ?? '',
    price: contract?.price ?? '',
    currency: contract?.currency ?? 'EUR',
    billing_period: contract?.billing_period ?? '',
    auto_renewal: contract?.auto_renewal ?? false,
    notice_period_days: contract?.notice_period_days ?? 30,
    warranty_years: contract?.warranty_years ?? Number.NaN,
  };
}

/** The request body of `values`. */
export function contractRequest(values: ContractFormValues): ContractBody {
  const rule: ContractBody['visit_rule'] =
    values.rule_type === 'every'
      ? { type: 'every', interval: values.interval, unit: values.unit }
      : values.rule_type === 'rrule'
        ? { type: 'rrule', rrule: values.rrule }
        : values.rule_type === 'after_last_visit'
          ? { type: 'after_last_visit', days: values.days }
          : null;
  return {
    site: values.site ? iri('sites', values.site) : '',
    reference: values.reference,
    started_at: values.started_at,
    ended_at: values.ended_at,
    notes: values.notes.trim() || null,
    visit_rule: rule,
    visit_window_days: values.visit_window_days,
    preferred_technician: values.preferred_technician ? iri('user_pcos', values.preferred_technician) : null,
    price: values.price.trim() ? values.price.trim().replace(',', '.') : null,
    currency: values.currency,
    billing_period: values.billing_period || null,
    auto_renewal: values.auto_renewal,
    notice_period_days: values.notice_period_days,
    warranty_years: Number.isNaN(values.warranty_years) ? null : values.warranty_years,
  };
}

const resolver = zodResolver(contractBody);

/** Where a body path's error shows in the form: the visit rule's parts under the rule's own fields. */
function formPath(path: string, ruleType: RuleChoice): string {
  if (!path.startsWith('visit_rule')) return path;
  if (ruleType === 'every') return path.endsWith('unit') ? 'unit' : 'interval';
  if (ruleType === 'rrule') return 'rrule';
  if (ruleType === 'after_last_visit') return 'days';
  return 'rule_type';
}

/** react-hook-form resolver: the contract's rules applied to the request body; errors moved to the form's fields. */
export const contractResolver: Resolver<ContractFormValues> = async (values, context, options) => {
  const result = await resolver(contractRequest(values), context, options as unknown as Parameters<typeof resolver>[2]);
  const entries = Object.entries(result.errors as Record<string, unknown>);
  if (!entries.length) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [path, error] of entries) {
    errors[formPath(path, values.rule_type)] = (error as { message?: string }).message
      ? error
      : Object.values(error as Record<string, unknown>)[0];
  }
  return { values: {}, errors: errors as FieldErrors<ContractFormValues> };
};

/** The fields a violation can name. */
const FIELDS = [
  'site',
  'reference',
  'started_at',
  'ended_at',
  'notes',
  'visit_rule',
  'visit_window_days',
  'preferred_technician',
  'price',
  'currency',
  'billing_period',
  'notice_period_days',
  'warranty_years',
];

/** The violations of a 422 on the form, the rule's moved under the fields of `ruleType`. Null when not a 422. */
export function contractViolations(error: unknown, ruleType: RuleChoice): MappedViolations | null {
  const violations = mapViolations(error, new Set(FIELDS), {
    aliases: {
      'visit_rule.interval': 'visit_rule',
      'visit_rule.unit': 'visit_rule',
      'visit_rule.rrule': 'visit_rule',
      'visit_rule.days': 'visit_rule',
    },
  });
  if (!violations) return null;
  return { ...violations, fields: violations.fields.map(([path, code]) => [formPath(path, ruleType), code]) };
}
