/**
 * Demo product catalogues and visit reports (issue 12 "Demo data"): each demo PCO gets a catalogue of termite
 * products in its language (French biocides, Japanese products with their JTCA approval), and every past visit of the
 * last six weeks gets its report through the reports services, as an office would have processed it:
 * - recorded from the visit ("record the visit": one check per station of the site, with its sensor reading at the
 *   end of the visit), then corrected as the technician found it — a station whose reading showed termite activity
 *   (≥ {@link ACTIVITY_THRESHOLD}) is "activity" with its bait replaced, so checks agree with the readings; a summary
 *   and recommendations in the space's language; a bait product used where termites were found;
 * - then sent to the client's primary contact (most), left to process (each PCO's last {@link TO_PROCESS_LAST}
 *   visits: the office is nearly up to date, so Home's short list shows what a technician sends next) or
 *   discarded with a reason (one in twelve). Sending renders and freezes the PDF with the real renderer; no mail
 *   leaves (the lifecycle has no mail queue here).
 * The site statuses the sites were seeded with are their present (seed-sites.ts): the completion rule of ADR 010
 * applied to these past visits would move them, so they are put back and the reports keep no `site_status_before`.
 * Deterministic for a given `now`.
 */
import { type Language, reportUpdateBody } from '@isoptera/contracts';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { createProductsRepository } from '../../modules/products/products.repository.js';
import { createProductsService } from '../../modules/products/products.service.js';
import { renderReportPdf } from '../../modules/reports/pdf/render-report.js';
import { createReportLifecycleService } from '../../modules/reports/report-lifecycle.service.js';
import { createReportSourcesRepository } from '../../modules/reports/report-sources.repository.js';
import { createReportsRepository } from '../../modules/reports/reports.repository.js';
import { createReportsService } from '../../modules/reports/reports.service.js';
import { createReportsListQueries } from '../../modules/reports/reports-list.repository.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/database.js';
import { clientContacts, contacts, interventions, reports, sites } from '../schema/index.js';
import { seedActor } from './seed-actor.js';
import type { DemoIds } from './seed-demo.js';

/** The owner each PCO's office acts as, and the language of its catalogue and texts. */
const OFFICES: { spaceKey: string; owner: string; lang: 'fr' | 'ja' }[] = [
  { spaceKey: 'pco', owner: 'owner@demo.example', lang: 'fr' },
  { spaceKey: 'pco2', owner: 'owner2@demo.example', lang: 'ja' },
  { spaceKey: 'pco3', owner: 'owner3@demo.example', lang: 'fr' },
];
/** Visits older than this many days keep no report (the demo's six weeks). */
const HORIZON_DAYS = 42;
/** Each PCO's last this many past visits are still to process. */
export const TO_PROCESS_LAST = 3;
/** A sensor termite activity (0–100) from which a check is recorded as "activity". */
export const ACTIVITY_THRESHOLD = 30;

type ProductSeed = Parameters<ReturnType<typeof createProductsService>['create']>[1];

/** The demo catalogues: real active ingredients, invented product names and numbers. */
const CATALOGUES: Record<'fr' | 'ja', ProductSeed[]> = {
  fr: [
    {
      name: 'Appât Noviflu HD',
      active_ingredients: [{ name: 'Noviflumuron', percent: 0.5 }],
      registration_number: 'FR-2021-0187',
      register: 'fr_biocide',
      unit: 'g',
      is_bait: true,
      archived: false,
    },
    {
      name: 'Cartouche Hexaflu 0,5 %',
      active_ingredients: [{ name: 'Hexaflumuron', percent: 0.5 }],
      registration_number: 'EU-0024518-0000',
      register: 'eu_biocide',
      unit: 'unit',
      is_bait: true,
      archived: false,
    },
    {
      name: 'Barrière Sol CPM 100',
      active_ingredients: [{ name: 'Cyperméthrine', percent: 10 }],
      registration_number: 'FR-2019-0042',
      register: 'fr_biocide',
      unit: 'l',
      is_bait: false,
      archived: false,
    },
    {
      name: 'Mousse Fipro Injection',
      active_ingredients: [{ name: 'Fipronil', percent: 0.01 }],
      registration_number: 'FR-2020-0311',
      register: 'fr_biocide',
      unit: 'ml',
      is_bait: false,
      archived: false,
    },
  ],
  ja: [
    {
      name: 'シロアリベイト剤 HF',
      active_ingredients: [{ name: 'ヘキサフルムロン', percent: 0.5 }],
      registration_number: 'JTCA 第 3215 号',
      register: 'jp',
      unit: 'g',
      is_bait: true,
      archived: false,
    },
    {
      name: '土壌処理剤 ビフェントリン乳剤',
      active_ingredients: [{ name: 'ビフェントリン', percent: 2 }],
      registration_number: 'JTCA 第 2874 号',
      register: 'jp',
      unit: 'ml',
      is_bait: false,
      archived: false,
    },
    {
      name: '木部処理剤 イミダクロプリド',
      active_ingredients: [{ name: 'イミダクロプリド', percent: 0.5 }],
      registration_number: 'JTCA 第 3002 号',
      register: 'jp',
      unit: 'l',
      is_bait: false,
      archived: false,
    },
  ],
};

/** What the technician writes, in the office's language: a quiet visit, one that found termites. */
const TEXTS: Record<'fr' | 'ja', Record<'quiet' | 'active' | 'discard', string[]>> = {
  fr: {
    quiet: [
      'Toutes les stations ont été relevées : aucune activité de termites. Appâts en bon état.',
      'Contrôle sans anomalie. Les abords du bâtiment sont dégagés.',
    ],
    active: [
      'Activité de termites relevée dans les stations signalées ; appâts remplacés.',
      'Présence de termites confirmée ; consommation d’appât en cours, suivi rapproché mis en place.',
    ],
    discard: ['Visite annulée sur place : client absent, nouveau rendez-vous pris.', 'Doublon du rapport papier.'],
  },
  ja: {
    quiet: ['全ステーションを点検しました。シロアリの活動はありません。', '異常なし。建物周辺の状態は良好です。'],
    active: [
      '反応のあったステーションでシロアリの活動を確認し、ベイト剤を交換しました。',
      'シロアリの活動を確認しました。ベイト剤の摂食が進んでいるため、点検の間隔を短くします。',
    ],
    discard: ['お客様不在のため訪問を延期しました。', '紙の報告書と重複しています。'],
  },
};
const RECOMMENDATIONS: Record<'fr' | 'ja', string> = {
  fr: 'Éloigner le bois stocké contre la façade et réparer la gouttière qui fuit côté jardin.',
  ja: '外壁に立てかけた木材を移動し、庭側の雨どいの水漏れを修理してください。',
};

/** The catalogue of each demo PCO, created through the products service; answers the bait product's IRI per space. */
async function seedCatalogues(db: Db, ids: DemoIds): Promise<Map<string, string>> {
  const service = createProductsService(createProductsRepository(db));
  const baits = new Map<string, string>();
  for (const office of OFFICES) {
    const actor = seedActor(ids, office.owner, office.spaceKey);
    for (const product of CATALOGUES[office.lang]) {
      const created = await service.create(actor, product);
      if (product.is_bait && !baits.has(office.spaceKey)) baits.set(office.spaceKey, created['@id']);
    }
  }
  return baits;
}

/** The e-mail of each client's primary contact in `spaceId`. */
async function primaryContacts(db: Db, spaceId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ clientId: clientContacts.clientId, email: contacts.email })
    .from(clientContacts)
    .innerJoin(contacts, eq(contacts.id, clientContacts.contactId))
    .where(and(eq(contacts.spaceId, spaceId), eq(clientContacts.isPrimary, true)));
  return new Map(rows.map((row) => [row.clientId, row.email]));
}

/** Seeds the catalogues and the reports of the past six weeks' visits (see the module's doc). */
export async function seedReports(db: Db, ids: DemoIds, now: Date): Promise<void> {
  const baits = await seedCatalogues(db, ids);
  const repository = createReportsRepository(db);
  const sources = createReportSourcesRepository(db);
  const service = createReportsService({ repository, list: createReportsListQueries(db), sources, now: () => now });
  const lifecycle = createReportLifecycleService({
    repository,
    sources,
    renderPdf: renderReportPdf,
    readLogo: async () => null,
    stations: { remove: async () => {}, replaced: async () => {} },
    now: () => now,
  });
  const since = new Date(now.getTime() - HORIZON_DAYS * 86_400_000);

  for (const office of OFFICES) {
    const actor: Actor = seedActor(ids, office.owner, office.spaceKey);
    const visits = await db
      .select({ id: interventions.id, siteId: interventions.siteId, clientId: interventions.clientId })
      .from(interventions)
      .where(
        and(eq(interventions.spaceId, actor.spaceId), gte(interventions.startAt, since), lt(interventions.endAt, now)),
      )
      .orderBy(interventions.endAt, interventions.id);
    if (!visits.length) continue;
    const siteIds = [...new Set(visits.map((v) => v.siteId))];
    const statuses = await db
      .select({ id: sites.id, status: sites.status })
      .from(sites)
      .where(inArray(sites.id, siteIds));
    const emails = await primaryContacts(db, actor.spaceId);
    const texts = TEXTS[office.lang];

    for (const [index, visit] of visits.entries()) {
      const recorded = await lifecycle.recordVisit(actor, visit.id);
      const current = await service.current(actor, recorded.ulid);
      const activeRefs = new Set(
        recorded.station_checks
          .filter((check) => (check.termite_activity ?? 0) >= ACTIVITY_THRESHOLD)
          .map((check) => check.equipment),
      );
      const active = activeRefs.size > 0;
      const bait = baits.get(office.spaceKey);
      const edit = reportUpdateBody.parse({
        ...current,
        language: office.lang as Language,
        summary: (active ? texts.active : texts.quiet)[index % 2] ?? null,
        recommendations: index % 3 === 0 ? RECOMMENDATIONS[office.lang] : null,
        customer_absent: index % 4 === 0,
        customer_signature_name: null,
        station_checks: (current.station_checks ?? []).map((check) =>
          activeRefs.has(check.equipment)
            ? { ...check, result: 'activity', action: 'bait_replaced', bait_consumed: 'two_thirds' }
            : { ...check, bait_consumed: 'none' },
        ),
        product_uses: active && bait ? [{ product: bait, quantity: 150 * activeRefs.size }] : [],
      });
      await service.update(actor, recorded.ulid, edit);

      const email = emails.get(visit.clientId);
      if (index >= visits.length - TO_PROCESS_LAST) continue;
      if (index % 12 === 5 || !email) {
        await lifecycle.discard(actor, recorded.ulid, texts.discard[index % 2] as string);
      } else {
        await lifecycle.send(actor, recorded.ulid, [email]);
      }
    }

    // the sites' seeded statuses are their present: put back what the completion rule moved
    for (const site of statuses) {
      await db.update(sites).set({ status: site.status }).where(eq(sites.id, site.id));
    }
    await db
      .update(reports)
      .set({ siteStatusBefore: null })
      .where(and(eq(reports.spaceId, actor.spaceId), sql`${reports.siteStatusBefore} is not null`));
  }
}
