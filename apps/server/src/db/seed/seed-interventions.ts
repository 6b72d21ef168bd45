/**
 * Demo interventions (issue 2 §5): ≥ 200 visits of every type through the interventions service, as each space's
 * owner, over the past six weeks and the next six weeks, in working hours (8:00–18:00 in the owner's time zone),
 * 1 to 3 hours long, with 1–2 interveners among the space's technicians, owner and manager. Mostly in the first PCO,
 * which always gets visits today and in the next 14 days (Home). Types follow the site statuses without changing
 * them (docs/decisions/004): each planned site gets its one future visit, done steps get their past visits, and
 * in-operation sites get control visits. Deterministic for a given `now` and list of sites.
 */
import { type InterventionType, SCHEDULING_SITE_STATUS } from '@isoptera/contracts';
import { createInterventionsRepository } from '../../modules/interventions/interventions.repository.js';
import { createInterventionsService } from '../../modules/interventions/interventions.service.js';
import type { Db } from '../../platform/db/database.js';
import { parseZoned, zonedDate } from '../../platform/time/zoned.js';
import { DEMO_PEOPLE } from './demo-people.js';
import { seedActor, seedMembersWithRole } from './seed-actor.js';
import type { DemoIds } from './seed-demo.js';
import type { SeededSite } from './seed-types.js';

/** Visits wanted per space (reached when the space has enough sites). */
const TARGETS: Record<string, number> = { pco: 170, pco2: 26, pco3: 24 };
const OWNERS: Record<string, string> = {
  pco: 'owner@demo.example',
  pco2: 'owner2@demo.example',
  pco3: 'owner3@demo.example',
};
const HORIZON_DAYS = 42;
const DURATIONS_MINUTES = [60, 60, 90, 90, 120, 180];

/** Types a past visit may have on a site of each status (visits that led to that status). */
const PAST_ONCE: Record<string, InterventionType[]> = {
  STATUS_TO_INSTALL: ['TYPE_PRE_VISIT'],
  STATUS_PLANNED_INSTALL: ['TYPE_PRE_VISIT'],
  STATUS_IN_OPERATION: ['TYPE_COMMISSIONING'],
  STATUS_TO_CHECK: ['TYPE_COMMISSIONING'],
  STATUS_PLANNED_INSPECTION_VISIT: ['TYPE_COMMISSIONING'],
  STATUS_CLOSED: ['TYPE_CLOSING_SITE'],
};
/** Statuses of sites that receive repeated control visits: in the past, and in the future for in-operation sites. */
const PAST_CONTROL = [
  'STATUS_IN_OPERATION',
  'STATUS_PLANNED_INSPECTION_VISIT',
  'STATUS_TO_CLOSE',
  'STATUS_PLANNED_CLOSING',
  'STATUS_CLOSED',
];
const FUTURE_CONTROL = ['STATUS_IN_OPERATION'];

const DESCRIPTIONS: Record<'fr' | 'ja', Record<InterventionType, (string | null)[]>> = {
  fr: {
    TYPE_PRE_VISIT: [
      'Repérage des zones à risque et métrés pour le devis.',
      'Premier rendez-vous : inspection du vide sanitaire.',
      null,
    ],
    TYPE_COMMISSIONING: [
      'Pose des stations enterrées tous les 3 m et mise en service de la passerelle.',
      'Installation des stations intérieures dans la cave et test radio.',
      null,
    ],
    TYPE_CONTROL_VISIT: [
      'Relevé des stations et remplacement des appâts consommés.',
      'Contrôle trimestriel ; vérifier la station 12 signalée en faible signal.',
      'Visite de suivi après alerte termites côté jardin.',
      null,
      null,
    ],
    TYPE_CLOSING_SITE: [
      'Dépose des stations et de la passerelle, fin de contrat.',
      'Clôture du chantier et remise du rapport final.',
      null,
    ],
  },
  ja: {
    TYPE_PRE_VISIT: ['見積りのための床下調査。', '被害状況の確認と採寸。', null],
    TYPE_COMMISSIONING: ['地中ステーションの設置とゲートウェイの起動。', '屋内ステーションの設置と通信テスト。', null],
    TYPE_CONTROL_VISIT: ['ステーションの点検とベイト剤の交換。', '定期点検：電波の弱いステーションを確認。', null],
    TYPE_CLOSING_SITE: ['ステーションとゲートウェイの撤去。', null],
  },
};

/** One visit to create. `start`/`end` are `YYYY-MM-DD HH:mm:ss` in the owner's time zone. */
export interface PlannedSeedIntervention {
  spaceKey: string;
  siteId: string;
  clientId: string;
  type: InterventionType;
  start: string;
  end: string;
  /** The instant of `start`. */
  startAt: Date;
  intervenerIds: string[];
  description: string | null;
  sendMail: boolean;
}

/** A small deterministic PRNG (mulberry32) seeded from a string. */
function random(seedText: string): () => number {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let x = seed;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** `date` (`YYYY-MM-DD`) shifted by `days`. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The visits to seed (pure): for every space with sites, planned sites' future visit, done steps' past visits,
 * control visits up to the space's target, and for the first PCO four visits today. Same input → same plan.
 */
export function planSeedInterventions(ids: DemoIds, sites: SeededSite[], now: Date): PlannedSeedIntervention[] {
  const plan: PlannedSeedIntervention[] = [];
  for (const [spaceKey, target] of Object.entries(TARGETS)) {
    const spaceSites = sites.filter((s) => s.spaceKey === spaceKey);
    const owner = DEMO_PEOPLE.find((p) => p.email === OWNERS[spaceKey]);
    if (!spaceSites.length || !owner) continue;
    const zone = owner.timezone;
    const lang = owner.lang === 'ja' ? 'ja' : 'fr';
    const rand = random(`${spaceKey}:${now.toISOString().slice(0, 10)}`);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const technicians = seedMembersWithRole(ids, spaceKey, 'ROLE_PCO_SPACE_TECHNICIAN');
    const others = [
      ...seedMembersWithRole(ids, spaceKey, 'ROLE_PCO_SPACE_OWNER'),
      ...seedMembersWithRole(ids, spaceKey, 'ROLE_PCO_SPACE_MANAGER'),
    ];
    const today = zonedDate(now, zone);

    /** Busy intervals (ms) per member, and the sites already visited per day: no double booking. */
    const busy = new Map<string, [number, number][]>();
    const siteDays = new Set<string>();
    const isFree = (member: string, from: number, to: number) =>
      !(busy.get(member) ?? []).some(([a, b]) => from < b && a < to);

    /** 1–2 free interveners for the interval, technicians first; null when nobody is free. */
    const interveners = (from: number, to: number): string[] | null => {
      const free = (pool: string[]) => pool.filter((id) => isFree(id, from, to));
      const firstPool = free(technicians).length ? free(technicians) : free(others);
      if (!firstPool.length) return null;
      const first = pick(firstPool);
      if (rand() < 0.35) {
        const second = free([...technicians, ...others]).filter((id) => id !== first);
        if (second.length) return [first, pick(second)];
      }
      return [first];
    };
    /** A working day (Mon–Fri) between `from` and `to` days from today, and a slot of 1–3 h in 8:00–18:00. */
    const slot = (from: number, to: number) => {
      let date = addDays(today, from + Math.floor(rand() * (to - from + 1)));
      for (let i = 0; i < 20 && (weekday(date) === 0 || weekday(date) === 6); i++) {
        date = addDays(today, from + Math.floor(rand() * (to - from + 1)));
      }
      const minutes = pick(DURATIONS_MINUTES);
      return at(date, 8 * 60 + 30 * Math.floor(rand() * ((18 * 60 - minutes - 8 * 60) / 30 + 1)), minutes);
    };
    /** The slot of `date` from `startMinutes` after midnight, `minutes` long. */
    const at = (date: string, startMinutes: number, minutes: number) => {
      const endMinutes = startMinutes + minutes;
      const start = `${date} ${pad(Math.floor(startMinutes / 60))}:${pad(startMinutes % 60)}:00`;
      const end = `${date} ${pad(Math.floor(endMinutes / 60))}:${pad(endMinutes % 60)}:00`;
      return { start, end, startAt: parseZoned(start, zone), endAt: parseZoned(end, zone) };
    };
    /** Plans the visit unless the site already has one that day or nobody is free; says whether it did. */
    const add = (site: SeededSite, type: InterventionType, when: ReturnType<typeof slot>): boolean => {
      const day = `${site.id}@${when.start.slice(0, 10)}`;
      if (siteDays.has(day)) return false;
      const from = when.startAt.getTime();
      const to = when.endAt.getTime();
      const members = interveners(from, to);
      if (!members) return false;
      for (const member of members) busy.set(member, [...(busy.get(member) ?? []), [from, to]]);
      siteDays.add(day);
      plan.push({
        spaceKey,
        siteId: site.id,
        clientId: site.clientId,
        type,
        start: when.start,
        end: when.end,
        startAt: when.startAt,
        intervenerIds: members,
        description: pick(DESCRIPTIONS[lang][type]),
        sendMail: rand() < 0.85,
      });
      return true;
    };
    /** Up to ten tries of `attempt` (a new random slot or site each time). */
    const tryTen = (attempt: () => boolean) => {
      for (let i = 0; i < 10 && !attempt(); i++);
    };
    const before = plan.length;

    // the visit each planned site is waiting for, in the next 1–30 days (never today: the status rule needs a future start)
    for (const site of spaceSites) {
      const type = (Object.keys(SCHEDULING_SITE_STATUS) as InterventionType[]).find(
        (t) => SCHEDULING_SITE_STATUS[t].planned === site.status,
      );
      if (type) tryTen(() => add(site, type, slot(1, 30)));
    }
    // the step that brought each site to its status, in the past six weeks
    for (const site of spaceSites) {
      for (const type of PAST_ONCE[site.status] ?? []) tryTen(() => add(site, type, slot(-HORIZON_DAYS, -1)));
    }
    // the colony story (seed-equipment-plan: termites rising for four days in the first in-operation site of the first
    // PCO): a control visit yesterday found them, so the demo has a report with activity and a bait used whatever the
    // day it is seeded on (random visits alone may miss those four days)
    const colony = spaceKey === 'pco' ? spaceSites.find((s) => s.status === 'STATUS_IN_OPERATION') : undefined;
    if (colony) add(colony, 'TYPE_CONTROL_VISIT', at(addDays(today, -1), 10 * 60, 60));
    // today (first PCO): four visits on in-operation sites, past or coming depending on the time of day
    const pastControl = spaceSites.filter((s) => PAST_CONTROL.includes(s.status));
    const futureControl = spaceSites.filter((s) => FUTURE_CONTROL.includes(s.status));
    if (spaceKey === 'pco' && futureControl.length) {
      for (const [hour, minutes] of [
        [9, 60],
        [11, 90],
        [14, 120],
        [16, 60],
      ] as const) {
        tryTen(() => add(pick(futureControl), 'TYPE_CONTROL_VISIT', at(today, hour * 60, minutes)));
      }
    }
    // control visits up to the target, spread over the twelve weeks; coming ones only on in-operation sites
    let guard = 0;
    while (plan.length - before < target && guard++ < target * 4) {
      const when = slot(-HORIZON_DAYS, HORIZON_DAYS);
      const past = when.startAt.getTime() <= now.getTime();
      const candidates = past ? pastControl : futureControl;
      if (candidates.length) tryTen(() => add(pick(candidates), 'TYPE_CONTROL_VISIT', when));
    }
  }
  return plan.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

/**
 * Creates the planned visits through the interventions service as each space's owner. A past visit is created with
 * the service's clock set a day before its start, so the "start later than now" rule holds (SPEC §5).
 */
export async function seedInterventions(db: Db, ids: DemoIds, sites: SeededSite[], now: Date): Promise<void> {
  const repository = createInterventionsRepository(db);
  const present = createInterventionsService(repository, { now: () => now });
  for (const visit of planSeedInterventions(ids, sites, now)) {
    const actor = seedActor(ids, OWNERS[visit.spaceKey] as string, visit.spaceKey);
    const past = visit.startAt.getTime() <= now.getTime();
    const service = past
      ? createInterventionsService(repository, { now: () => new Date(visit.startAt.getTime() - 86_400_000) })
      : present;
    await service.create(actor, {
      client: visit.clientId,
      site: visit.siteId,
      type: visit.type,
      interveners: visit.intervenerIds,
      start_at: visit.start,
      end_at: visit.end,
      description: visit.description,
      send_mail: visit.sendMail,
    });
  }
}
