/**
 * Test helpers of the reports feature (component tests only): fixtures of the API's answers — each checked against
 * the contract's response schema, so that a test cannot pass on a shape the server never sends —, the current user
 * (a PCO manager in Paris), and a renderer mounting the Reports screen at a URL with its session, TanStack Query and
 * the notifications viewport.
 */
import {
  type ClientDetail,
  type CurrentUser,
  clientDetail,
  type Product,
  type ProductCollection,
  productCollection,
  type Report,
  type ReportCollection,
  type ReportListItem,
  reportCollection,
  reportResource,
} from '@isoptera/contracts';
import { locationText, pcoUser, renderInSession } from '../../test/screen-harness';
import { ReportsPage } from '.';

export const CLIENT = '01JC0000000000000000000001';
export const SITE = '01JS0000000000000000000001';
export const STATION_1 = '01JE0000000000000000000001';
export const STATION_2 = '01JE0000000000000000000002';
export const PRODUCT = '01JP0000000000000000000001';

const client = { '@id': `/api/clients/${CLIENT}`, '@type': 'Client' as const, ulid: CLIENT, name: 'Château Margaux' };

/** An item of `GET /api/reports`: a control visit of the Chai principal, to process unless said. */
export function reportItem(ulid: string, extra: Partial<ReportListItem> = {}): ReportListItem {
  return {
    '@id': `/api/reports/${ulid}`,
    '@type': 'Report',
    ulid,
    status: 'to_process',
    type: 'TYPE_CONTROL_VISIT',
    language: 'fr',
    site: { '@id': `/api/sites/${SITE}`, '@type': 'Site', ulid: SITE, name: 'Chai principal', client },
    client,
    intervention_ulid: '01JI0000000000000000000001',
    visit_started_at: '2026-03-10T09:00:00+01:00',
    visit_ended_at: '2026-03-10T10:30:00+01:00',
    sent_at: null,
    discarded_at: null,
    discard_reason: null,
    updated_at: '2026-03-10T10:30:00+01:00',
    ...extra,
  };
}

/** `GET /api/reports`: one page of `members` with the two tab counts, checked by the contract. */
export function reportPage(
  members: ReportListItem[],
  options: { total?: number; toProcess?: number; history?: number; page?: number } = {},
): ReportCollection {
  const { total = members.length, history = 0, page = 1 } = options;
  const toProcess = options.toProcess ?? total;
  const last = Math.max(1, Math.ceil(total / 30));
  return reportCollection.parse({
    '@context': '/api/contexts/Report',
    '@id': '/api/reports',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': total,
    'hydra:view': {
      '@id': `/api/reports?page=${page}`,
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/reports?page=1',
      'hydra:last': `/api/reports?page=${last}`,
      ...(page < last ? { 'hydra:next': `/api/reports?page=${page + 1}` } : {}),
    },
    to_process_number: toProcess,
    history_number: history,
  });
}

/** `GET /api/reports/{ulid}`: a whole report with two station checks, a product use and a photo. */
export function fullReport(ulid: string, extra: Partial<Report> = {}): Report {
  const technician = {
    member: '/api/user_pcos/01JT0000000000000000000001',
    member_ulid: '01JT0000000000000000000001',
    name: 'Emma Petit',
    licence_number: 'CERT-42',
  };
  return reportResource.parse({
    ...reportItem(ulid),
    intervention: '/api/interventions/01JI0000000000000000000001',
    summary: 'Visite de contrôle sans anomalie.',
    recommendations: 'Dégager le bois stocké contre le mur nord.',
    conducive_conditions: 'Humidité au pied du mur nord.',
    customer_absent: false,
    customer_signature_name: 'Jean Dupont',
    customer_signed_at: '2026-03-10T10:25:00+01:00',
    has_customer_signature: true,
    technician,
    has_technician_signature: true,
    interveners: [technician],
    station_checks: [
      {
        equipment: `/api/equipment/${STATION_1}`,
        equipment_ulid: STATION_1,
        reference: 'IGS-01',
        kind: 'igs',
        trap_type: 'exterior',
        position: null,
        result: 'activity',
        action: 'baited',
        bait_consumed: 'third',
        termite_activity: 72,
        reading_measured_at: '2026-03-10T09:55:00+01:00',
        note: 'Galeries fraîches',
      },
      {
        equipment: `/api/equipment/${STATION_2}`,
        equipment_ulid: STATION_2,
        reference: 'IGS-02',
        kind: 'igs',
        trap_type: 'exterior',
        position: null,
        result: 'no_activity',
        action: 'inspected',
        bait_consumed: null,
        termite_activity: null,
        reading_measured_at: null,
        note: null,
      },
    ],
    product_uses: [
      {
        product: `/api/products/${PRODUCT}`,
        product_ulid: PRODUCT,
        product_name: 'Sentri Bait',
        active_ingredients: [{ name: 'Noviflumuron', percent: 0.5 }],
        registration_number: 'FR-2020-0042',
        register: 'fr_biocide',
        quantity: 2,
        unit: 'unit',
        concentration: null,
        method: 'Cartouche',
        area_treated: null,
        target_species: ['reticulitermes_flavipes'],
        applicator: technician,
        lot: 'L-778',
      },
    ],
    photos: [
      {
        '@id': `/api/reports/${ulid}/photos/01JF0000000000000000000001`,
        '@type': 'ReportPhoto',
        ulid: '01JF0000000000000000000001',
        kind: 'damage',
        equipment_ulid: STATION_1,
        taken_at: '2026-03-10T09:40:00+01:00',
        client_id: null,
        url: `/api/reports/${ulid}/photos/01JF0000000000000000000001`,
      },
    ],
    deliveries: [],
    pdf_url: `/api/reports/${ulid}/pdf`,
    pdf_sha256: null,
    created_at: '2026-03-10T10:31:00+01:00',
    ...extra,
  });
}

/** `GET /api/clients/{ulid}`: the client with its primary contact and one site. */
export function clientOf(): ClientDetail {
  return clientDetail.parse({
    ...client,
    company: true,
    primary_contact: {
      '@id': '/api/contacts/01JK0000000000000000000001',
      '@type': 'Contact',
      ulid: '01JK0000000000000000000001',
      firstname: 'Jean',
      lastname: 'Dupont',
      phone: '+33600000000',
      email: 'jean.dupont@margaux.example',
      title: 'Régisseur',
      notes: null,
      client_contact_ulid: '01JM0000000000000000000001',
      is_primary: true,
    },
    site_number: 1,
    updated_at: '2026-03-01T10:00:00+01:00',
    other_contacts: [],
    sites: [
      {
        '@id': `/api/sites/${SITE}`,
        '@type': 'Site',
        ulid: SITE,
        name: 'Chai principal',
        status: 'STATUS_IN_OPERATION',
        address_label: null,
      },
    ],
    contract: null,
    created_at: '2026-01-01T10:00:00+01:00',
  });
}

/** `GET /api/products`: the catalogue. */
export function productsPage(products: Array<Partial<Product> & { ulid: string; name: string }>): ProductCollection {
  return productCollection.parse({
    '@context': '/api/contexts/Product',
    '@id': '/api/products',
    '@type': 'hydra:Collection',
    'hydra:member': products.map((p) => ({
      '@id': `/api/products/${p.ulid}`,
      '@type': 'Product',
      active_ingredients: [],
      registration_number: null,
      register: null,
      unit: 'g',
      is_bait: false,
      archived_at: null,
      created_at: '2026-01-01T10:00:00+01:00',
      updated_at: '2026-01-01T10:00:00+01:00',
      ...p,
    })),
    'hydra:totalItems': products.length,
  });
}

/** A manager of a PCO, in Paris. */
export function manager(): CurrentUser {
  return pcoUser({ role: 'ROLE_PCO_SPACE_MANAGER' });
}

/** Renders the Reports screen at `path` (e.g. `/reports?tab=history`) for a manager. */
export function renderReports(path = '/reports') {
  const { queryClient, router } = renderInSession(<ReportsPage />, { me: manager(), path, routePath: '/reports' });
  return { queryClient, router };
}

export { locationText };
