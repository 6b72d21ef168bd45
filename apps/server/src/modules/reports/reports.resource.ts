/**
 * Report rows → JSON-LD (issue 12; SPEC §2.7 "Reports"): list items, the whole report and its photos. Date-times are
 * ISO 8601 with the offset of the actor's time zone; people are the report's snapshots, with the IRI of their
 * membership while it exists.
 */
import {
  type AutomaticReportKind,
  type BaitConsumption,
  iri,
  type Language,
  type ProductRegister,
  type ProductUnit,
  type Report,
  type ReportListItem,
  type ReportPerson,
  type ReportPhoto,
  type ReportPhotoKind,
  type ReportStatus,
  type ReportType,
  reportPdfUrl,
  reportPhotoIri,
  type StationCheckAction,
  type StationCheckResult,
  type TermiteSpecies,
  type TrapType,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { PersonRecord, ReportDetail } from './reports.repository.js';
import type { ReportListRow } from './reports-list.repository.js';

const zoned = (instant: Date | null, actor: Actor) => (instant ? formatZoned(instant, actor.timezone) : null);

/** A person as the report recorded them; `member` is their membership's IRI while it exists. */
export function personValue(person: PersonRecord): ReportPerson {
  const { membershipId, spaceType } = person;
  return {
    member: membershipId && spaceType ? iri(`user_${spaceType}s`, membershipId) : null,
    member_ulid: membershipId,
    name: person.name,
    licence_number: person.licenceNumber,
  };
}

/** A photo of report `reportId` (`@id` = `url` = `/api/reports/{ulid}/photos/{photoUlid}`). */
export function photoResource(
  reportId: string,
  photo: { id: string; kind: string; equipmentId: string | null; takenAt: Date | null; clientId: string | null },
  actor: Actor,
): ReportPhoto {
  const url = reportPhotoIri(reportId, photo.id);
  return {
    '@id': url,
    '@type': 'ReportPhoto',
    ulid: photo.id,
    kind: photo.kind as ReportPhotoKind,
    equipment_ulid: photo.equipmentId,
    taken_at: zoned(photo.takenAt, actor),
    client_id: photo.clientId,
    url,
  };
}

/** The `ReportListItem` of a list row. */
export function reportListItem(row: ReportListRow, actor: Actor): ReportListItem {
  const client = {
    '@id': iri('clients', row.clientId),
    '@type': 'Client' as const,
    ulid: row.clientId,
    name: row.clientName,
  };
  return {
    '@id': iri('reports', row.id),
    '@type': 'Report',
    ulid: row.id,
    status: row.status as ReportStatus,
    type: row.type as ReportType,
    language: row.language as Language,
    site: { '@id': iri('sites', row.siteId), '@type': 'Site', ulid: row.siteId, name: row.siteName, client },
    client,
    intervention_ulid: row.interventionId,
    automatic_kind: (row.automaticKind as AutomaticReportKind | null) ?? null,
    visit_started_at: formatZoned(row.visitStartedAt, actor.timezone),
    visit_ended_at: formatZoned(row.visitEndedAt, actor.timezone),
    sent_at: zoned(row.sentAt, actor),
    discarded_at: zoned(row.discardedAt, actor),
    discard_reason: row.discardReason,
    updated_at: formatZoned(row.updatedAt, actor.timezone),
  };
}

/** The whole `Report` of a detail. */
export function reportResource(row: ReportDetail, actor: Actor): Report {
  return {
    ...reportListItem(row, actor),
    intervention: row.interventionId ? iri('interventions', row.interventionId) : null,
    summary: row.summary,
    recommendations: row.recommendations,
    conducive_conditions: row.conduciveConditions,
    customer_absent: row.customerAbsent,
    customer_signature_name: row.customerSignatureName,
    customer_signed_at: zoned(row.customerSignedAt, actor),
    has_customer_signature: row.hasCustomerSignature,
    technician: row.technicianName
      ? personValue({
          membershipId: row.technicianMembershipId,
          spaceType: row.technicianMembershipId ? 'pco' : null,
          name: row.technicianName,
          licenceNumber: null,
        })
      : null,
    has_technician_signature: row.hasTechnicianSignature,
    interveners: row.interveners.map(personValue),
    station_checks: row.stationChecks.map((check) => ({
      equipment: check.equipmentId ? iri('equipment', check.equipmentId) : null,
      equipment_ulid: check.equipmentId,
      reference: check.reference,
      kind: check.kind as 'igs' | 'ags',
      trap_type: check.trapType as TrapType | null,
      position:
        check.latitude !== null && check.longitude !== null
          ? { latitude: check.latitude, longitude: check.longitude }
          : null,
      result: check.result as StationCheckResult,
      action: check.action as StationCheckAction,
      bait_consumed: check.baitConsumed as BaitConsumption | null,
      termite_activity: check.termiteActivity,
      reading_measured_at: zoned(check.readingMeasuredAt, actor),
      note: check.note,
    })),
    product_uses: row.productUses.map((use) => ({
      product: iri('products', use.productId),
      product_ulid: use.productId,
      product_name: use.productName,
      active_ingredients: use.activeIngredients.map(({ name, percent }) => ({ name, percent })),
      registration_number: use.registrationNumber,
      register: use.register as ProductRegister | null,
      quantity: use.quantity,
      unit: use.unit as ProductUnit,
      concentration: use.concentration,
      method: use.method,
      area_treated: use.areaTreated,
      target_species: use.targetSpecies as TermiteSpecies[],
      applicator:
        use.applicatorName === null
          ? null
          : personValue({
              membershipId: use.applicatorMembershipId,
              spaceType: use.applicatorSpaceType as PersonRecord['spaceType'],
              name: use.applicatorName,
              licenceNumber: use.applicatorLicenceNumber,
            }),
      lot: use.lot,
    })),
    photos: row.photos.map((photo) => photoResource(row.id, photo, actor)),
    deliveries: row.deliveries.map((delivery) => ({
      kind: delivery.kind,
      at: formatZoned(delivery.at, actor.timezone),
      by: delivery.by ? personValue(delivery.by) : null,
      recipients: delivery.recipients,
    })),
    pdf_url: reportPdfUrl(row.id),
    pdf_sha256: row.pdfSha256,
    created_at: formatZoned(row.createdAt, actor.timezone),
  };
}
