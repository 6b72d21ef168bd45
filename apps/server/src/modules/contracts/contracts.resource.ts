/** Contract rows → JSON-LD items (issue 13); instants in the reader's time zone, days in the owner's. */
import { type ContractDetail, contractStateOn, iri, type VisitRule } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned, zonedDate } from '../../platform/time/zoned.js';
import type { ContractRecord } from './contracts.repository.js';

/** The state of a contract whose last day is `endDay`, on `today` (owner's zone): see `contractStateOn`. */
export const contractState = contractStateOn;

/** The `Contract` item of `record`; `zone` is the owner's time zone (its days), `today` today there. */
export function contractResource(record: ContractRecord, actor: Actor, zone: string, today: string): ContractDetail {
  const { contract: c } = record;
  const endDay = zonedDate(c.endedAt, zone);
  return {
    '@id': iri('contracts', c.id),
    '@type': 'Contract',
    ulid: c.id,
    reference: c.reference,
    started_at: formatZoned(c.startedAt, actor.timezone),
    ended_at: formatZoned(c.endedAt, actor.timezone),
    start_date: zonedDate(c.startedAt, zone),
    end_date: endDay,
    notes: c.notes,
    site: record.site
      ? { '@id': iri('sites', record.site.id), '@type': 'Site', ulid: record.site.id, name: record.site.name }
      : null,
    client: record.client
      ? { '@id': iri('clients', record.client.id), '@type': 'Client', ulid: record.client.id, name: record.client.name }
      : null,
    state: contractState(endDay, c.noticePeriodDays, today),
    visit_rule: (c.visitRule as VisitRule | null) ?? null,
    visit_window_days: c.visitWindowDays,
    preferred_technician: record.technician
      ? {
          '@id': iri('user_pcos', record.technician.id),
          ulid: record.technician.id,
          firstname: record.technician.firstname,
          lastname: record.technician.lastname,
        }
      : null,
    price: c.price,
    currency: c.currency as ContractDetail['currency'],
    billing_period: c.billingPeriod as ContractDetail['billing_period'],
    auto_renewal: c.autoRenewal,
    notice_period_days: c.noticePeriodDays,
    warranty_years: c.warrantyYears,
    terminated_at: c.terminatedAt ? formatZoned(c.terminatedAt, actor.timezone) : null,
    document: record.document
      ? {
          size: record.document.size,
          uploaded_at: formatZoned(record.document.uploadedAt, actor.timezone),
          url: `${iri('contracts', c.id)}/document`,
        }
      : null,
    created_at: formatZoned(c.createdAt, actor.timezone),
    updated_at: formatZoned(c.updatedAt, actor.timezone),
  };
}
