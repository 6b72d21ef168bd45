/**
 * Fixtures of the report answers the screens outside `/reports` read (issue 12: the intervention panel's mark and
 * "record the visit", Home's to-process list, a site's reports, the product catalogue). Each one is parsed by its
 * contract's response schema, so a fixture that drifts from the API fails the test that builds it. For tests only.
 */
import {
  type Intervention,
  interventionResource,
  type Product,
  type ProductCollection,
  productCollection,
  productResource,
  type Report,
  type ReportCollection,
  type ReportListItem,
  reportCollection,
  reportListItem,
  reportResource,
} from '@isoptera/contracts';

const CLIENT = {
  '@id': '/api/clients/01JC0000000000000000000001',
  '@type': 'Client',
  ulid: '01JC0000000000000000000001',
};

/** A report of the lists (to process by default), on "Chai principal" of "Château Margaux". */
export function reportItem(ulid: string, overrides: Partial<ReportListItem> = {}): ReportListItem {
  const client = { ...CLIENT, name: 'Château Margaux' } as const;
  return reportListItem.parse({
    '@id': `/api/reports/${ulid}`,
    '@type': 'Report',
    ulid,
    status: 'to_process',
    type: 'TYPE_CONTROL_VISIT',
    language: 'fr',
    site: {
      '@id': '/api/sites/01JS0000000000000000000001',
      '@type': 'Site',
      ulid: '01JS0000000000000000000001',
      name: 'Chai principal',
      client,
    },
    client,
    intervention_ulid: '01JJ0000000000000000000001',
    visit_started_at: '2031-03-04T09:00:00+01:00',
    visit_ended_at: '2031-03-04T10:30:00+01:00',
    sent_at: null,
    discarded_at: null,
    discard_reason: null,
    updated_at: '2031-03-04T11:00:00+01:00',
    ...overrides,
  });
}

/** `GET /api/reports`: one page of `items` with the two tab counts. */
export function reportPage(
  items: ReportListItem[],
  counts: { toProcess: number; history: number; total?: number },
): ReportCollection {
  return reportCollection.parse({
    '@context': '/api/contexts/Report',
    '@id': '/api/reports',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': counts.total ?? items.length,
    to_process_number: counts.toProcess,
    history_number: counts.history,
  });
}

/** The whole report (`GET /api/reports/{ulid}`, the answer of "record the visit"): to process, nothing filled in. */
export function fullReport(ulid: string, overrides: Partial<Report> = {}): Report {
  return reportResource.parse({
    ...reportItem(ulid),
    '@context': '/api/contexts/Report',
    intervention: '/api/interventions/01JJ0000000000000000000001',
    summary: null,
    recommendations: null,
    conducive_conditions: null,
    customer_absent: false,
    customer_signature_name: null,
    customer_signed_at: null,
    has_customer_signature: false,
    technician: null,
    has_technician_signature: false,
    interveners: [],
    station_checks: [],
    product_uses: [],
    photos: [],
    deliveries: [],
    pdf_url: `/api/reports/${ulid}/pdf`,
    pdf_sha256: null,
    created_at: '2031-03-04T11:00:00+01:00',
    ...overrides,
  });
}

/** A visit (`GET /api/interventions/{ulid}`) from `start` to `end`, with its report mark (none by default). */
export function visit(
  ulid: string,
  { start, end, report = null }: { start: string; end: string; report?: Intervention['report'] },
): Intervention {
  return interventionResource.parse({
    '@id': `/api/interventions/${ulid}`,
    '@type': 'Intervention',
    ulid,
    type: 'TYPE_CONTROL_VISIT',
    description: null,
    start_at: start,
    end_at: end,
    send_mail: false,
    client_ulid: CLIENT.ulid,
    site_ulid: '01JS0000000000000000000001',
    interveners_ulids: [],
    site: {
      '@id': '/api/sites/01JS0000000000000000000001',
      '@type': 'Site',
      ulid: '01JS0000000000000000000001',
      name: 'Chai principal',
      client: { ...CLIENT, name: 'Château Margaux' },
    },
    interveners: [],
    report,
  });
}

/** A product of the catalogue. */
export function product(ulid: string, overrides: Partial<Product> = {}): Product {
  return productResource.parse({
    '@id': `/api/products/${ulid}`,
    '@type': 'Product',
    ulid,
    name: 'Sentricon Recruit HD',
    active_ingredients: [{ name: 'Noviflumuron', percent: 0.5 }],
    registration_number: '62719-453',
    register: 'epa',
    unit: 'unit',
    is_bait: true,
    archived_at: null,
    created_at: '2031-01-10T09:00:00+01:00',
    updated_at: '2031-01-10T09:00:00+01:00',
    ...overrides,
  });
}

/** `GET /api/products`: one page of `items`. */
export function productPage(items: Product[]): ProductCollection {
  return productCollection.parse({
    '@context': '/api/contexts/Product',
    '@id': '/api/products',
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': items.length,
  });
}
