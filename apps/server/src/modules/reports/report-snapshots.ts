/**
 * What a report freezes of the live data when it records a visit: the interveners, each station checked and each
 * product used, copied as they are now so that a later edit of the member, station or catalogue leaves the report
 * unchanged. One builder per kind, shared by the report edit (`reports.service`), the recorded visit
 * (`report-lifecycle.service`) and the technician's draft (`report-drafts.service`).
 */
import type { products } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import type { MemberSnapshot, StationAtVisit } from './report-sources.repository.js';

/** "Firstname Lastname" of a member, as reports snapshot it. */
export const fullName = (member: { firstname: string; lastname: string }) =>
  `${member.firstname} ${member.lastname}`.trim();

/** The interveners of a visit as the report lists them: name and licence number as they are now. */
export function intervenerSnapshots(members: MemberSnapshot[]) {
  return members.map((member) => ({
    membershipId: member.membershipId,
    name: fullName(member),
    licenceNumber: member.licenceNumber,
  }));
}

/** What was found and done at a station (the rest of a check is the station's snapshot). */
export interface CheckFindings {
  result: string;
  action: string;
  baitConsumed: string | null;
  note: string | null;
}

/** A new check of `station` with its snapshot (reference, kind, position, reading at the visit) and `findings`. */
export function stationCheckSnapshot(station: StationAtVisit, findings: CheckFindings) {
  return {
    id: newUlid(),
    equipmentId: station.id,
    reference: station.reference,
    kind: station.kind,
    trapType: station.trapType,
    latitude: station.latitude,
    longitude: station.longitude,
    result: findings.result,
    action: findings.action,
    baitConsumed: findings.baitConsumed,
    termiteActivity: station.termiteActivity,
    readingMeasuredAt: station.readingMeasuredAt,
    note: findings.note,
  };
}

/** What a use of a product records besides the product and the applicator (`unit` null: the product's). */
export interface UseDetails {
  quantity: number;
  unit: string | null;
  concentration: string | null;
  method: string | null;
  areaTreated: string | null;
  targetSpecies: string[];
  lot: string | null;
}

/**
 * A new use of `product` with its snapshot (name, active ingredients, registration) and that of the `applicator`
 * (none: null name and licence number).
 */
export function productUseSnapshot(
  product: typeof products.$inferSelect,
  use: UseDetails,
  applicator: MemberSnapshot | undefined,
) {
  return {
    id: newUlid(),
    productId: product.id,
    productName: product.name,
    activeIngredients: product.activeIngredients,
    registrationNumber: product.registrationNumber,
    register: product.register,
    quantity: use.quantity,
    unit: use.unit ?? product.unit,
    concentration: use.concentration,
    method: use.method,
    areaTreated: use.areaTreated,
    targetSpecies: use.targetSpecies,
    applicatorMembershipId: applicator?.membershipId ?? null,
    applicatorName: applicator ? fullName(applicator) : null,
    applicatorLicenceNumber: applicator?.licenceNumber ?? null,
    lot: use.lot,
  };
}
