/**
 * `npm run bench:client-import -w @isoptera/server`: the import of 5 000 clients from a spreadsheet (issue 13 "`npm
 * run bench`: import of 5 000 rows (target ≤ 10 s on this machine) and its memory peak").
 *
 * On a fresh PGlite database (and on PostgreSQL too when `DATABASE_URL` is set: a scratch database
 * `<name>_bench_import` is created and dropped), a PCO with 1 000 clients already, then a French `;` CSV in
 * Windows-1252 of `BENCH_IMPORT_ROWS` rows (default 5 000: each a client, its main contact and a site; 1 % with an
 * error, 2 % duplicates of existing clients) goes through what the API and the job do: upload (read, match, dry run),
 * start, then the job's batches (`ClientImportsService.run`). Prints the time of each phase, the total, and the peak
 * resident memory of the process (sampled every 20 ms) above its level before the upload. Exits 1 when the total is
 * over 10 s.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import { createClientImportsRepository } from '../src/modules/client-imports/client-imports.repository.js';
import { createClientImportsService } from '../src/modules/client-imports/client-imports.service.js';
import type { Actor } from '../src/platform/auth/actor.js';
import { type Database, openPglite, openPostgres } from '../src/platform/db/database.js';
import { createMember, createSpace } from '../test/factories.js';
import { adminQuery, withDatabase } from '../test/test-database.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const TARGET_MS = 10_000;
const HEADER =
  'Nom du client;Entreprise;Nom;Prénom;Téléphone;E-mail;Fonction;Nom du site;Adresse;Code postal;Ville;Pays;Latitude;Longitude;Surface (m²)';

/** Row `n` of the file; `n` ≥ 1 000 000 repeats existing client `n - 1 000 000` (a duplicate). */
function row(n: number, broken: boolean): string {
  const phone = `+33 6 ${String(n).padStart(8, '0')}`;
  return [
    `Résidence Les Pins ${n}`,
    'oui',
    'Lefèvre',
    'Hélène',
    phone,
    broken ? 'pas-une-adresse' : `helene.${n}@exemple.fr`,
    'Gérante',
    `Bâtiment ${n}`,
    `${n} rue de l’Église`,
    '33000',
    'Bordeaux',
    'France',
    '44.837789',
    '-0.57918',
    '120',
  ].join(';');
}

async function bench(database: Database, label: string) {
  const { db } = database;
  await database.migrate();
  const spaceId = await createSpace(db, 'pco');
  const owner = await createMember(db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  const repository = createClientImportsRepository(db);
  const service = createClientImportsService({ repository, enqueue: async () => {} });
  const actor = { spaceId, membershipId: owner.membershipId, lang: 'fr' } as unknown as Actor;

  // 1 000 existing clients, written by a first import
  const seed = [HEADER, ...Array.from({ length: 1000 }, (_, i) => row(900_000 + i, false))].join('\r\n');
  const first = await service.upload(actor, { bytes: iconv.encode(seed, 'windows-1252'), fileName: 'seed.csv' });
  await service.start(actor, first.ulid);
  await service.run(first.ulid);

  const lines = Array.from({ length: ROWS }, (_, i) =>
    i % 50 === 7 ? row(900_000 + (i % 1000), false) : row(i, i % 100 === 3),
  );
  const bytes = iconv.encode([HEADER, ...lines].join('\r\n'), 'windows-1252');

  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const draft = await service.upload(actor, { bytes, fileName: 'clients.csv' });
  const t1 = performance.now();
  await service.start(actor, draft.ulid);
  const t2 = performance.now();
  await service.run(draft.ulid);
  const t3 = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const done = await service.get(actor, draft.ulid);
  const total = t3 - t0;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `| ${label} | ${ROWS} | ${(bytes.length / 1024).toFixed(0)} | ${s(t1 - t0)} | ${s(t2 - t1)} | ${s(t3 - t2)} | ` +
      `${s(total)} | ${((peak - base) / 1024 / 1024).toFixed(0)} | ${(peak / 1024 / 1024).toFixed(0)} | ` +
      `${done.counts.created}/${done.counts.skipped}/${done.counts.refused} | ${total <= TARGET_MS ? 'PASS' : 'FAIL'} |`,
  );
  return total <= TARGET_MS && done.status === 'done';
}

async function main(): Promise<boolean> {
  console.log(
    `Client import, ${ROWS} rows of a French ;/Windows-1252 CSV with sites (node ${process.version}, ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(',')})`,
  );
  console.log('');
  console.log(
    '| driver | rows | file kB | upload + dry run s | start s | job s | total s | peak RSS above start MB | peak RSS MB | created/skipped/refused | ≤ 10 s |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --- | --- |');
  let pass = true;
  const pglite = await openPglite();
  try {
    pass = (await bench(pglite, 'PGlite')) && pass;
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${new URL(url).pathname.slice(1) || 'postgres'}_bench_import`;
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const postgres = openPostgres(withDatabase(url, name), 4);
    try {
      pass = (await bench(postgres, 'PostgreSQL')) && pass;
    } finally {
      await postgres.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
  return pass;
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
