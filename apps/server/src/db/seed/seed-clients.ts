/**
 * Demo clients (issue 2 §5), created through the clients service: 44 in the first PCO (Bordeaux), 8 in the third
 * (Nantes), 12 in the Japanese PCO (Tokyo) — companies and private individuals, each with a primary contact and 0–2
 * alternative contacts. Deterministic: fixed lists and a seeded pseudo-random sequence; `updated_at` values are
 * spread over the 180 days before `now`.
 */
import { createClientsRepository } from '../../modules/clients/clients.repository.js';
import { createClientsService } from '../../modules/clients/clients.service.js';
import type { Db } from '../../platform/db/database.js';
import { seedActor } from './seed-actor.js';
import type { DemoIds } from './seed-demo.js';
import type { SeededClient } from './seed-types.js';

/** A small deterministic pseudo-random sequence (mulberry32). */
function sequence(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof sequence>;

/** A first name with its grammatical gender (French titles agree with it) and, in Japanese, its romaji. */
interface FirstName {
  name: string;
  female: boolean;
  romaji?: string;
}
interface LastName {
  name: string;
  romaji?: string;
}
/** `Gérant/Gérante`: masculine/feminine forms; a title without a slash is the same for both. */
type Title = string;

interface ClientSpec {
  name: string;
  company: boolean;
  /** Title of the primary contact, then the titles alternative contacts take in turn. */
  titles: Title[];
  /** A fixed primary contact (a private individual is his or her own primary contact). */
  primary?: { firstname: string; lastname: string; female: boolean; romaji?: string };
  /** The primary contact's last name (e.g. "Boulangerie Martin" is run by a Martin). */
  lastname?: string;
}

interface Locale {
  spaceKey: string;
  owner: string;
  domain: string;
  firstnames: FirstName[];
  lastnames: LastName[];
  phone: (random: Random) => string;
  notes: string[];
  /** Titles of the alternative contacts of a private individual. */
  privateAltTitles: Title[];
  clients: ClientSpec[];
}

const fr = (spec: string): FirstName[] =>
  spec.split(' ').map((entry) => ({ name: entry.replace(/\*$/, ''), female: entry.endsWith('*') }));
const FRENCH_FIRSTNAMES = fr(
  'Jean Marie* Pierre Sophie* Nicolas Isabelle* Thomas Camille* Julien Élodie* Antoine Claire* Laurent Nathalie* François Hélène* Mathieu Aurélie* Sébastien Céline* Olivier Émilie* Guillaume Sandrine* Benoît Chloé* Hugo Manon* Romain Léa* Yann Gwenaëlle* Erwan Maëlle*',
);
const FRENCH_LASTNAMES: LastName[] = (
  'Martin,Bernard,Dubois,Robert,Richard,Petit,Durand,Leroy,Moreau,Simon,Laurent,Lefèbvre,Michel,Garcia,David,Bertrand,' +
  'Roux,Vincent,Fournier,Morel,Girard,André,Lefèvre,Mercier,Dupont,Lambert,Bonnet,Lacoste,Darrieussecq,Etcheverry,' +
  'Labat,Castaing,Dufau,Lalanne,Le Gall,Tanguy,Morvan,Guillou'
)
  .split(',')
  .map((name) => ({ name }));

const ja = (spec: string): FirstName[] =>
  spec.split(' ').map((entry) => {
    const [name = '', romaji = ''] = entry.split(':');
    return { name: name.replace(/\*$/, ''), female: name.endsWith('*'), romaji };
  });
const JAPANESE_FIRSTNAMES = ja(
  '健:ken 花子*:hanako 誠:makoto 美咲*:misaki 大輔:daisuke 陽子*:yoko 翔太:shota 由美*:yumi 拓也:takuya 恵*:megumi 直樹:naoki 愛*:ai 浩二:koji さくら*:sakura 隆:takashi',
);
const JAPANESE_LASTNAMES: LastName[] = ja(
  '佐藤:sato 鈴木:suzuki 高橋:takahashi 田中:tanaka 伊藤:ito 渡辺:watanabe 山本:yamamoto 中村:nakamura 小林:kobayashi 加藤:kato 吉田:yoshida 山口:yamaguchi 松本:matsumoto 井上:inoue 木村:kimura 山田:yamada',
).map(({ name, romaji }) => ({ name, romaji }));

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(10)).join('');
const pairs = (random: Random, count: number) => Array.from({ length: count }, () => digits(random, 2)).join(' ');

const company = (name: string, ...titles: Title[]): ClientSpec => ({ name, company: true, titles });
const person = (firstname: string, lastname: string, female: boolean, romaji?: string): ClientSpec => ({
  name: romaji ? `${lastname} ${firstname}` : `${firstname} ${lastname}`,
  company: false,
  titles: [romaji ? '所有者' : 'Propriétaire'],
  primary: { firstname, lastname, female, ...(romaji ? { romaji } : {}) },
});

const FRENCH_NOTES = [
  'Accès par le portail arrière, code 2580.',
  'Prévenir la veille de chaque passage.',
  'Clés disponibles chez le gardien.',
  'Joignable de préférence le matin.',
  'Préfère être contacté par e-mail.',
];

const LOCALES: Locale[] = [
  {
    spaceKey: 'pco',
    owner: 'owner@demo.example',
    domain: 'example.fr',
    firstnames: FRENCH_FIRSTNAMES,
    lastnames: FRENCH_LASTNAMES,
    phone: (r) => (r.next() < 0.7 ? `+33 ${r.pick(['6', '7'])} ${pairs(r, 4)}` : `05 56 ${pairs(r, 3)}`),
    notes: FRENCH_NOTES,
    privateAltTitles: ['Copropriétaire', 'Locataire', 'Gestionnaire de biens'],
    clients: [
      company(
        'Résidence Les Acacias',
        'Syndic',
        'Gardien/Gardienne',
        'Président du conseil syndical/Présidente du conseil syndical',
      ),
      company('SCI du Port', 'Gérant/Gérante', 'Comptable'),
      { ...company('Boulangerie Martin', 'Gérant/Gérante', 'Responsable de production'), lastname: 'Martin' },
      company(
        'Mairie de Pessac',
        'Responsable des services techniques',
        'Directeur général des services/Directrice générale des services',
      ),
      company('Mairie de Talence', 'Responsable des bâtiments communaux', 'Adjoint aux travaux/Adjointe aux travaux'),
      company('Château Belair-Monlabert', 'Maître de chai', "Directeur d'exploitation/Directrice d'exploitation"),
      company(
        'Copropriété Quai des Chartrons',
        'Syndic',
        'Président du conseil syndical/Présidente du conseil syndical',
      ),
      company('Hôtel du Grand Parc', 'Directeur/Directrice', 'Responsable maintenance'),
      company('EHPAD Les Jardins de Caudéran', 'Directeur/Directrice', 'Responsable technique'),
      company('Collège Jean Moulin', 'Gestionnaire', 'Principal/Principale'),
      company('Camping Les Pins du Bassin', 'Gérant/Gérante', "Agent d'entretien/Agente d'entretien"),
      { ...company('Menuiserie Lacoste', 'Gérant/Gérante', 'Chef d’atelier/Cheffe d’atelier'), lastname: 'Lacoste' },
      { ...company('Garage Moreau & Fils', 'Gérant/Gérante', 'Secrétaire'), lastname: 'Moreau' },
      company('SARL Bâti-Sud Rénovation', 'Conducteur de travaux/Conductrice de travaux', 'Gérant/Gérante'),
      company(
        'Immobilière Atlantique',
        'Gestionnaire locatif/Gestionnaire locative',
        "Directeur d'agence/Directrice d'agence",
      ),
      company('Restaurant La Table du Marché', 'Gérant/Gérante', 'Chef de cuisine/Cheffe de cuisine'),
      company('Pharmacie des Capucins', 'Pharmacien titulaire/Pharmacienne titulaire', 'Préparateur/Préparatrice'),
      company('Clinique Saint-Augustin', 'Responsable des services techniques', 'Responsable sécurité'),
      company('Cave des Vignerons de Saint-Émilion', 'Président/Présidente', 'Responsable logistique'),
      company('Résidence Le Clos des Vignes', 'Syndic', 'Gardien/Gardienne'),
      company('Groupe scolaire Paul Bert', 'Directeur/Directrice', 'Agent technique/Agente technique'),
      company('Gironde Habitat Services', 'Responsable patrimoine', 'Chargé de travaux/Chargée de travaux'),
      company('Librairie du Vieux Bordeaux', 'Gérant/Gérante'),
      company('Domaine de la Garenne', 'Propriétaire-exploitant/Propriétaire-exploitante', 'Maître de chai'),
      company('Association Les Amis du Vieux Talence', 'Président/Présidente', 'Trésorier/Trésorière'),
      company('Scierie des Landes Girondines', 'Directeur de site/Directrice de site', 'Responsable maintenance'),
      company('Lycée professionnel Les Chartrons', 'Gestionnaire', 'Proviseur/Proviseure'),
      company("Port de plaisance d'Arcachon", 'Capitaine de port', 'Responsable technique'),
      person('Jean', 'Dupont', false),
      person('Marie', 'Lefèvre', true),
      person('Pierre', 'Garnier', false),
      person('Sophie', 'Laurent', true),
      person('Nicolas', 'Fabre', false),
      person('Isabelle', 'Roux', true),
      person('Thomas', 'Mercier', false),
      person('Camille', 'Girard', true),
      person('Julien', 'Bonnet', false),
      person('Élodie', 'Faure', true),
      person('Antoine', 'Rousseau', false),
      person('Claire', 'Blanc', true),
      person('Laurent', 'Guérin', false),
      person('Nathalie', 'Chevalier', true),
      person('François', 'Lambert', false),
      person('Hélène', 'Perrin', true),
    ],
  },
  {
    spaceKey: 'pco3',
    owner: 'owner3@demo.example',
    domain: 'example.fr',
    firstnames: FRENCH_FIRSTNAMES,
    lastnames: FRENCH_LASTNAMES,
    phone: (r) => (r.next() < 0.7 ? `+33 6 ${pairs(r, 4)}` : `02 40 ${pairs(r, 3)}`),
    notes: FRENCH_NOTES,
    privateAltTitles: ['Copropriétaire', 'Locataire'],
    clients: [
      company('Résidence Les Salorges', 'Syndic', 'Gardien/Gardienne'),
      company('SCI Île de Nantes', 'Gérant/Gérante'),
      company('Crêperie du Bouffay', 'Gérant/Gérante', 'Responsable de salle'),
      company('Mairie de Rezé', 'Responsable des services techniques', 'Technicien bâtiment/Technicienne bâtiment'),
      company('Chantier naval de Trentemoult', 'Directeur/Directrice', 'Responsable maintenance'),
      person('Yann', 'Le Gall', false),
      person('Gwenaëlle', 'Tanguy', true),
      person('Erwan', 'Morvan', false),
    ],
  },
  {
    spaceKey: 'pco2',
    owner: 'owner2@demo.example',
    domain: 'example.jp',
    firstnames: JAPANESE_FIRSTNAMES,
    lastnames: JAPANESE_LASTNAMES,
    phone: (r) =>
      r.next() < 0.7
        ? `+81 ${r.pick(['80', '90'])} ${digits(r, 4)} ${digits(r, 4)}`
        : `+81 3 ${digits(r, 4)} ${digits(r, 4)}`,
    notes: [
      '訪問前に電話で連絡してください。',
      '平日の午前中のみ対応可能です。',
      '裏口から入ってください。',
      '連絡はメールを優先。',
    ],
    privateAltTitles: ['共有者', '賃借人'],
    clients: [
      { ...company('株式会社山田工務店', '代表取締役', '工事部長'), lastname: '山田' },
      company('さくら不動産', '営業部長', '管理担当'),
      { ...company('有限会社田中建設', '代表取締役', '現場監督'), lastname: '田中' },
      company('青葉台マンション管理組合', '理事長', '管理人'),
      company('株式会社みどり住宅', '総務部長', '施設課長'),
      company('ひまわり保育園', '園長', '事務長'),
      company('料亭 松風', '女将', '支配人'),
      company('東光寺', '住職', '総代'),
      person('健', '佐藤', false, 'ken.sato'),
      person('花子', '鈴木', true, 'hanako.suzuki'),
      person('誠', '高橋', false, 'makoto.takahashi'),
      person('美咲', '伊藤', true, 'misaki.ito'),
    ],
  },
];

/** `Gérant/Gérante` → the form agreeing with the person. */
const titleFor = (title: Title, female: boolean) => {
  const [masculine = title, feminine = masculine] = title.split('/');
  return female ? feminine : masculine;
};

/** `élodie.dupont` → `elodie.dupont` (e-mail local parts are ASCII). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-');

/** Creates the demo clients of every demo PCO through the clients service; answers them with their contact ids. */
export async function seedClients(db: Db, ids: DemoIds, now: Date): Promise<SeededClient[]> {
  const random = sequence(20_260_301);
  let clock = now;
  const service = createClientsService(createClientsRepository(db), { now: () => clock });
  const seeded: SeededClient[] = [];

  for (const locale of LOCALES) {
    const actor = seedActor(ids, locale.owner, locale.spaceKey);
    const japanese = locale.domain.endsWith('.jp');
    for (const spec of locale.clients) {
      const emails = new Set<string>();
      const contactOf = (title: Title, fixed?: ClientSpec['primary'], lastname?: string) => {
        const first = fixed
          ? { name: fixed.firstname, female: fixed.female, romaji: fixed.romaji?.split('.')[0] }
          : random.pick(locale.firstnames);
        const last = fixed
          ? { name: fixed.lastname, romaji: fixed.romaji?.split('.')[1] }
          : lastname
            ? (locale.lastnames.find((l) => l.name === lastname) ?? { name: lastname })
            : random.pick(locale.lastnames);
        const local = japanese ? `${first.romaji}.${last.romaji ?? 'yamada'}` : ascii(`${first.name}.${last.name}`);
        let email = `${local}@${locale.domain}`;
        for (let n = 2; emails.has(email); n++) email = `${local}${n}@${locale.domain}`;
        emails.add(email);
        return {
          firstname: first.name,
          lastname: last.name,
          email,
          phone: locale.phone(random),
          title: titleFor(title, first.female),
          notes: random.next() < 0.25 ? random.pick(locale.notes) : null,
        };
      };

      // created between 20 and 180 days ago
      clock = new Date(now.getTime() - (20 + random.int(160)) * 86_400_000 - random.int(8 * 3600) * 1000);
      const primary = contactOf(spec.titles[0] ?? 'Gérant/Gérante', spec.primary, spec.lastname);
      const alternatives = Array.from({ length: random.next() < 0.4 ? 0 : random.next() < 0.67 ? 1 : 2 }, (_, i) => {
        const title = spec.company
          ? (spec.titles[1 + i] ?? spec.titles[1] ?? 'Assistant/Assistante')
          : random.pick(locale.privateAltTitles);
        const sameFamily = !spec.company && /^(Copropriétaire|共有者)$/.test(title);
        return contactOf(title, undefined, sameFamily ? spec.primary?.lastname : undefined);
      });
      const created = await service.createWithContacts(actor, { name: spec.name, company: spec.company }, [
        primary,
        ...alternatives,
      ]);
      const contactIds = created.contacts.map((c) => c.ulid);
      seeded.push({ id: created.client.ulid, spaceKey: locale.spaceKey, company: spec.company, contactIds });
    }
  }
  return seeded;
}
