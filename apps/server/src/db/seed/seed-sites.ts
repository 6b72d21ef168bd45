/**
 * Demo sites (issue 2 §5): ≥ 92 sites created through the sites service as each space's owner, every client with one
 * to three sites, every status, treatment type, termite species, work type and building type present in the first
 * PCO; French addresses around Bordeaux (pco) and Nantes (pco3), Japanese ones around Tokyo, Yokohama and Osaka
 * (pco2). No site is put in alert here: alerts come from the demo equipment's readings (seed-equipment.ts).
 * Deterministic for a given `now`.
 */
import {
  type CreateSiteContactBody,
  createSiteContactBody,
  SITE_STATUSES,
  type SiteStatus,
  TERMITE_SPECIES,
  type TermiteSpecies,
  TREATMENT_TYPES,
  WORK_TYPES,
} from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import { createSitesRepository } from '../../modules/sites/sites.repository.js';
import { createSitesService } from '../../modules/sites/sites.service.js';
import type { Db } from '../../platform/db/database.js';
import { zonedDate } from '../../platform/time/zoned.js';
import { sites } from '../schema/index.js';
import { DEMO_PEOPLE } from './demo-people.js';
import { seedActor, seedMembersWithRole } from './seed-actor.js';
import type { DemoIds } from './seed-demo.js';
import { type SeedTown, SITE_TOWNS } from './seed-site-places.js';
import type { SeededClient, SeededSite } from './seed-types.js';

/** At least this many demo sites. */
export const DEMO_SITE_MINIMUM = 92;

const OWNERS: Record<string, string> = {
  pco: 'owner@demo.example',
  pco2: 'owner2@demo.example',
  pco3: 'owner3@demo.example',
};
/** Members other than technicians who are sometimes referents. */
const OTHER_REFERENTS: Record<string, string[]> = {
  pco: ['owner@demo.example', 'manager@demo.example'],
  pco2: ['owner2@demo.example'],
  pco3: ['owner3@demo.example'],
};
const SPECIES_BY_SPACE: Record<string, readonly TermiteSpecies[]> = {
  pco: TERMITE_SPECIES,
  pco2: [
    'reticulitermes_speratus',
    'coptotermes_formosanus',
    'reticulitermes_speratus',
    'coptotermes_gestroi',
    'undefined',
  ],
  pco3: [
    'reticulitermes_flavipes',
    'reticulitermes_grassei',
    'reticulitermes_banyulensis',
    'undefined',
    'reticulitermes_urbis',
  ],
};
const SITE_KINDS = {
  fr: {
    company: [
      'Siège social',
      'Entrepôt',
      'Atelier',
      'Bureaux',
      'Dépôt logistique',
      'Bâtiment principal',
      'Annexe',
      'Locaux techniques',
    ],
    private: ['Maison principale', 'Résidence secondaire', 'Villa', 'Longère', 'Maison', 'Échoppe'],
  },
  ja: {
    company: ['本社ビル', '倉庫', '工場', '店舗', '事務所', '社員寮', '物流センター'],
    private: ['自宅', '別宅', '実家', '木造住宅', '離れ'],
  },
};
const DESCRIPTIONS = {
  fr: [
    'Accès par le portail arrière, code 4521.',
    'Sous-sol humide, traces d’activité le long des plinthes du garage.',
    'Charpente ancienne en pin ; prévoir une nacelle pour les combles.',
    'Jardin clos avec chien ; prévenir le contact avant la visite.',
    null,
  ],
  ja: [
    '床下点検口は台所にあります。',
    '訪問前に管理人へ連絡してください。',
    '庭に古い切り株があり、蟻道が確認されています。',
    null,
  ],
};
const NEW_CONTACTS = {
  fr: [
    { firstname: 'Gilles', lastname: 'Barbier', title: 'Gardien', phone: '+33 6 12 48 75 30' },
    { firstname: 'Inès', lastname: 'Lemoine', title: 'Responsable technique', phone: '+33 6 70 21 94 12' },
    { firstname: 'Marc', lastname: 'Aubert', title: 'Intendant', phone: '05 56 44 12 90' },
  ],
  ja: [
    { firstname: '健太', lastname: '高橋', title: '管理人', phone: '+81 90 1234 5678' },
    { firstname: '美咲', lastname: '伊藤', title: '施設担当', phone: '+81 80 2345 6789' },
  ],
};

/** Puts site `siteId` in alert (`priority_sum` > 0 and its main alert type), or out of it with 0 and null. */
export async function setSiteAlert(
  db: Db,
  siteId: string,
  prioritySum: number,
  mainAlertType: string | null,
): Promise<void> {
  await db.update(sites).set({ prioritySum, mainAlertType }).where(eq(sites.id, siteId));
}

/** How many sites each client gets: 1 to 3, topped up round-robin until the total reaches `minimum`. */
export function sitesPerClient(clientCount: number, minimum = DEMO_SITE_MINIMUM): number[] {
  const counts = Array.from({ length: clientCount }, (_, i) => 1 + (i % 4 === 1 ? 1 : 0) + (i % 9 === 4 ? 1 : 0));
  let total = counts.reduce((a, b) => a + b, 0);
  for (let cap = 3; total < minimum && clientCount > 0; cap++) {
    for (let i = 0; i < clientCount && total < minimum; i++) {
      const index = (i * 7) % clientCount;
      if ((counts[index] as number) < cap) {
        counts[index] = (counts[index] as number) + 1;
        total++;
      }
    }
  }
  return counts;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[((n % list.length) + list.length) % list.length] as T;
}

/** A deterministic pseudo-random integer ≥ 0 of `n` and a `salt`. */
function hash(n: number, salt: number): number {
  return (((n + salt) * 2654435761) >>> 0) % 1_000_003;
}

/** A deterministic offset in [-0.012, 0.012] degrees. */
function jitter(seed: number): number {
  return ((((seed * 2654435761) >>> 0) % 2401) - 1200) / 100_000;
}

function addressOf(town: SeedTown, k: number) {
  const latitude = (town.latitude + jitter(k * 2 + 1)).toFixed(6);
  const longitude = (town.longitude + jitter(k * 2 + 2)).toFixed(6);
  if (town.lang === 'ja') {
    const street = `${pick(town.streets, hash(k, 3))}${1 + (hash(k, 5) % 4)}-${1 + (hash(k, 7) % 20)}-${1 + (hash(k, 9) % 15)}`;
    return {
      label: `〒${town.postalCode} ${town.city}${street}`,
      street,
      postal_code: town.postalCode,
      city: town.city,
      country: '日本',
      latitude,
      longitude,
    };
  }
  const street = `${1 + (hash(k, 7) % 140)} ${pick(town.streets, hash(k, 3))}`;
  return {
    label: `${street}, ${town.postalCode} ${town.city}`,
    street,
    postal_code: town.postalCode,
    city: town.city,
    country: 'France',
    latitude,
    longitude,
  };
}

function addDays(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/** The site form of the `k`-th site of its space (`n` counts every site of the seed). */
function siteBody(
  client: SeededClient,
  k: number,
  n: number,
  referents: { technicians: string[]; others: string[] },
  now: Date,
  timezone: string,
): CreateSiteContactBody {
  const towns = SITE_TOWNS[client.spaceKey] ?? SITE_TOWNS.pco ?? [];
  const town = pick(towns, ((n + 3) * 2654435761) >>> 7);
  const lang = town.lang;
  const status = pick(SITE_STATUSES, k) as SiteStatus;
  const workType = pick(WORK_TYPES, k);
  const buildingType =
    workType === 'TYPE_NO_BUILDING'
      ? 'TYPE_NONE'
      : workType === 'TYPE_BUILDING'
        ? client.company
          ? 'TYPE_COMMERCIAL'
          : 'TYPE_RESIDENTIAL'
        : pick(['TYPE_COMMERCIAL', 'TYPE_RESIDENTIAL', 'TYPE_NONE'] as const, Math.floor(k / 3));
  const kinds = SITE_KINDS[lang][client.company ? 'company' : 'private'];
  const area = client.company ? 400 + (hash(n, 11) % 4601) : 80 + (hash(n, 13) % 321);
  const referentPool = k % 5 === 4 || referents.technicians.length === 0 ? referents.others : referents.technicians;
  const referent = pick(referentPool, k);
  const newContact = k % 11 === 6 ? pick(NEW_CONTACTS[lang], k) : undefined;
  const contact = newContact
    ? { ...newContact, email: `site${n}.${newContact.title.length}@contact.demo.example`, notes: null }
    : `/api/contacts/${client.contactIds.length > 1 && k % 3 === 2 ? client.contactIds[1] : client.contactIds[0]}`;
  const wantsDate = status === 'STATUS_TO_INSTALL' || (status === 'STATUS_PLANNED_INSTALL' && k % 2 === 0);
  return {
    site: {
      client: `/api/clients/${client.id}`,
      name: `${pick(kinds, ((n + 11) * 40503) >>> 5)} ${town.shortName}`,
      description: pick(DESCRIPTIONS[lang], k + 1),
      address: addressOf(town, n),
      area,
      referent: `/api/user_pcos/${referent}`,
      notes:
        k % 6 === 3
          ? lang === 'ja'
            ? '年1回の定期点検契約。'
            : 'Contrat de surveillance annuel, relevé trimestriel.'
          : null,
      work_type: workType,
      building_type: buildingType,
      termite_species: pick(SPECIES_BY_SPACE[client.spaceKey] ?? TERMITE_SPECIES, k * 3 + 1),
      treatment_type: pick(TREATMENT_TYPES, Math.floor(k / 3)),
      estimated_box_number: 1 + Math.floor(area / 1500),
      estimated_igs_number: Math.min(120, 6 + Math.floor(area / 40)),
      estimated_ags_number: k % 4,
      desired_installation_date: wantsDate ? zonedDate(addDays(now, 7 + ((k * 9) % 50)), timezone) : null,
      status,
    },
    contact,
  };
}

/** One planned demo site: the space's owner creates `body` for `client`. */
export interface PlannedSeedSite {
  client: SeededClient;
  ownerEmail: string;
  body: CreateSiteContactBody;
}

/** The demo site forms for `clients`, in creation order: a pure function of its inputs (deterministic). */
export function planSeedSites(ids: DemoIds, clients: SeededClient[], now: Date): PlannedSeedSite[] {
  const counts = sitesPerClient(clients.length);
  const perSpace: Record<string, number> = {};
  const plan: PlannedSeedSite[] = [];
  let n = 0;
  for (const [index, client] of clients.entries()) {
    const ownerEmail = OWNERS[client.spaceKey];
    if (!ownerEmail || client.contactIds.length === 0) continue;
    const timezone = DEMO_PEOPLE.find((p) => p.email === ownerEmail)?.timezone ?? 'Europe/Paris';
    const referents = {
      technicians: seedMembersWithRole(ids, client.spaceKey, 'ROLE_PCO_SPACE_TECHNICIAN'),
      others: (OTHER_REFERENTS[client.spaceKey] ?? [ownerEmail]).map(
        (email) => ids.memberships[`${email}@${client.spaceKey}`] as string,
      ),
    };
    for (let i = 0; i < (counts[index] ?? 1); i++) {
      const k = perSpace[client.spaceKey] ?? 0;
      perSpace[client.spaceKey] = k + 1;
      plan.push({ client, ownerEmail, body: siteBody(client, k, n++, referents, now, timezone) });
    }
  }
  return plan;
}

/**
 * Seeds the demo sites of `clients` through the sites service (each space's owner as actor) and returns them in
 * creation order. Sites come into alert only through real alerts (seed-equipment.ts runs the alert engine). Throws when a site is refused (a seed bug).
 */
export async function seedSites(db: Db, ids: DemoIds, clients: SeededClient[], now: Date): Promise<SeededSite[]> {
  const service = createSitesService(createSitesRepository(db));
  const seeded: SeededSite[] = [];
  for (const { client, ownerEmail, body } of planSeedSites(ids, clients, now)) {
    const actor = seedActor(ids, ownerEmail, client.spaceKey);
    const { site } = await service.create(actor, createSiteContactBody.parse(body));
    seeded.push({ id: site.ulid, clientId: client.id, spaceKey: client.spaceKey, status: site.status });
  }
  return seeded;
}
