/**
 * The large data set of the benchmark (ARCHITECTURE §10, issue 11): clients, each with a primary contact, their
 * sites (some named like clients, accented: "Résidence …") and interventions with their interveners, inserted with
 * `insert … select … from generate_series(…)` in a few statements per space.
 */

/** Surnames and company words, some accented or lower-case so that the ICU name order has work to do. */
const SURNAMES = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefèvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefebvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Nicolas',
  'Henry',
  'Roussel',
  'Mathieu',
  'Gautier',
  'Masson',
  'Marchand',
  'Duval',
  'Denis',
  'Dumont',
  'Marie',
  'Lemaire',
  'Noël',
  'Meyer',
  'Dufour',
  'Meunier',
];
const FIRSTNAMES = ['Jean', 'Marie', 'Pierre', 'Élise', 'Luc', 'Anne', 'Paul', 'Chloé', 'Hugo', 'Léa', 'Louis', 'Emma'];
const COMPANY_KINDS = [
  'Boulangerie',
  'Hôtel',
  'École',
  'Garage',
  'Résidence',
  'Pharmacie',
  'Cabinet',
  'Entreprise',
  'Société',
  'Ferme',
  'Atelier',
  'Clinique',
  'Restaurant',
  'Camping',
  'Mairie',
  'copropriété',
];
const CITIES = ['Bordeaux', 'Toulouse', 'Montpellier', 'Nîmes', 'La Rochelle', 'Nantes', 'Marseille', 'Perpignan'];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: string[]) => `array[${values.map(literal).join(', ')}]::text[]`;
/** The `n`-th (1-based) element of `values`, picked by a pseudo-random but reproducible function of `expr`. */
const pick = (values: string[], expr: string) => `(${array(values)})[1 + ((${expr}) * 7919) % ${values.length}]`;
/** A 26-character id in the Crockford base-32 alphabet (hex digits are a subset), not time-ordered. */
const randomId = (salt: string) => `'01' || upper(substr(md5(random()::text || ${salt}), 1, 24))`;

/**
 * The one method of a database connection the data set needs: `pg.Client` has it, and so has PGlite (one statement
 * per call, `$1`-style parameters, the result's rows in `rows`).
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatasetCounts {
  clients: number;
  sites: number;
  interventions: number;
}

/**
 * Inserts `counts.clients` clients (each with a primary contact), `counts.sites` sites spread over them and
 * `counts.interventions` interventions spread over the sites (start times evenly over the year before and the year
 * after now, one intervener of `intervenerIds` each, a second one for every tenth) with a report for each past one
 * (one in ten to process, one in ten discarded, the others sent) into the space `spaceId`, through
 * `client` (one connection — a `pg.Client` or a PGlite instance, not a pool: the statements share temporary tables).
 */
export async function insertDataset(
  client: SqlClient,
  spaceId: string,
  counts: DatasetCounts,
  intervenerIds: string[],
): Promise<void> {
  const space = literal(spaceId);
  await client.query('drop table if exists bench_clients');
  await client.query(`
    create temporary table bench_clients as
    select
      n,
      ${randomId("'c' || n")} as id,
      ${randomId("'p' || n")} as contact_id,
      ${randomId("'l' || n")} as link_id,
      n % 10 <> 0 as company,
      ${pick(SURNAMES, 'n')} as surname,
      ${pick(FIRSTNAMES, 'n / 7')} as firstname,
      ${pick(COMPANY_KINDS, 'n / 3')} as kind,
      now() - (random() * interval '1000 days') as at
    from generate_series(1, ${counts.clients}) as n`);
  await client.query(`
    insert into clients (id, space_id, name, company, created_at, updated_at)
    select id, ${space},
      case when company then kind || ' ' || surname || ' ' || (n % 97) else surname || ' ' || firstname end,
      company, at, at
    from bench_clients`);
  await client.query(`
    insert into contacts (id, space_id, firstname, lastname, phone, email, title, notes, created_at, updated_at)
    select contact_id, ${space}, firstname, surname, '+33 5 ' || lpad((n % 100000000)::text, 8, '0'),
      lower(firstname) || '.' || n || '@example.test', 'Gérant', null, at, at
    from bench_clients`);
  await client.query(`
    insert into client_contacts (id, client_id, contact_id, is_primary, created_at, updated_at)
    select link_id, id, contact_id, true, at, at from bench_clients`);
  await client.query(`
    insert into sites (id, space_id, client_id, name, address_label, city, area, created_at, updated_at)
    select ${randomId("'s' || s")}, ${space}, c.id,
      case when s % 5 = 0 then ${pick(COMPANY_KINDS, 's / 5')} || ' ' || ${pick(SURNAMES, 's')} else 'Site ' || s end,
      (s % 200 + 1) || ' rue des Termites, ' || ${pick(CITIES, 's')}, ${pick(CITIES, 's')}, 50 + s % 900, c.at, c.at
    from generate_series(1, ${counts.sites}) as s
    join bench_clients c on c.n = (s - 1) % ${counts.clients} + 1`);
  await client.query('drop table bench_clients');
  await insertInterventions(client, spaceId, counts, intervenerIds);
}

async function insertInterventions(
  client: SqlClient,
  spaceId: string,
  counts: DatasetCounts,
  intervenerIds: string[],
): Promise<void> {
  const space = literal(spaceId);
  await client.query('drop table if exists bench_sites');
  await client.query(`
    create temporary table bench_sites as
    select row_number() over (order by id) as n, id, client_id from sites where space_id = ${space}`);
  await client.query('create index on bench_sites (n)');
  await client.query('drop table if exists bench_interventions');
  await client.query(`
    create temporary table bench_interventions as
    select i, ${randomId("'i' || i")} as id, s.id as site_id, s.client_id,
      date_trunc('minute', now() - interval '365 days' + (i::float8 / ${counts.interventions}) * interval '730 days')
        as start_at
    from generate_series(1, ${counts.interventions}) as i
    join bench_sites s on s.n = (i * 7919) % ${counts.sites} + 1`);
  await client.query(`
    insert into interventions (id, space_id, client_id, site_id, type, description, start_at, end_at, send_mail,
      created_at, updated_at)
    select id, ${space}, client_id, site_id,
      ${pick(['TYPE_PRE_VISIT', 'TYPE_COMMISSIONING', 'TYPE_CONTROL_VISIT', 'TYPE_CLOSING_SITE'], 'i')},
      case when i % 3 = 0 then 'Accès par le portail côté cour' end, start_at, start_at + interval '1 hour', false,
      start_at - interval '10 days', start_at - interval '10 days'
    from bench_interventions`);
  const members = `array[${intervenerIds.map(literal).join(', ')}]::char(26)[]`;
  await client.query(`
    insert into intervention_interveners (intervention_id, membership_id)
    select id, (${members})[1 + i % ${intervenerIds.length}] from bench_interventions
    union all
    select id, (${members})[1 + (i + 1) % ${intervenerIds.length}] from bench_interventions
    where i % 10 = 0 and ${intervenerIds.length} > 1`);
  // a report for every past visit (issue 12: `GET /api/reports` at 100 000 reports): one in ten to process, one in
  // ten discarded, the others sent, processed a day after the visit
  await client.query(`
    insert into reports (id, space_id, site_id, client_id, intervention_id, type, status, visit_started_at,
      visit_ended_at, summary, language, sent_at, discarded_at, discard_reason, processed_at, created_at, updated_at)
    select ${randomId("'r' || i")}, ${space}, site_id, client_id, id,
      ${pick(['TYPE_PRE_VISIT', 'TYPE_COMMISSIONING', 'TYPE_CONTROL_VISIT', 'TYPE_CLOSING_SITE'], 'i')},
      case i % 10 when 0 then 'to_process' when 1 then 'discarded' else 'sent' end,
      start_at, start_at + interval '1 hour', 'Contrôle des stations : aucune activité.', 'fr',
      case when i % 10 > 1 then start_at + interval '1 day' end,
      case when i % 10 = 1 then start_at + interval '1 day' end,
      case when i % 10 = 1 then 'Rapport papier remis au client' end,
      case when i % 10 <> 0 then start_at + interval '1 day' end,
      start_at + interval '1 hour', start_at + interval '1 day'
    from bench_interventions where start_at + interval '1 hour' < now()`);
  await client.query('drop table bench_interventions');
  await client.query('drop table bench_sites');
}
