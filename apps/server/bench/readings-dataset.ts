/**
 * The readings history of the telemetry benchmark (issue 5 "history queries stay fast at tens of millions of rows"):
 * 100 sites, each with a gateway and 20 stations, and `count` readings spread evenly over their 2 000 stations, one
 * every 2 hours up to `end` (5 000 per station for 10 million: about 14 months) — inserted with
 * `insert … select … from generate_series(…)`, a slice of stations per statement, in key order.
 */
import type pg from 'pg';

export const HISTORY_SITES = 100;
export const HISTORY_STATIONS_PER_SITE = 20;
export const HISTORY_INTERVAL_HOURS = 2;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** A 26-character id in the Crockford base-32 alphabet (hex digits are a subset). */
const randomId = (salt: string) => `'01' || upper(substr(md5(random()::text || ${salt}), 1, 24))`;

/**
 * Inserts the history into the space `spaceId` through `client` and answers the station ids. `log` reports progress.
 */
export async function insertReadingsHistory(
  client: pg.Client,
  spaceId: string,
  count: number,
  end: Date,
  log: (message: string) => void,
): Promise<string[]> {
  const space = literal(spaceId);
  const stationCount = HISTORY_SITES * HISTORY_STATIONS_PER_SITE;
  const perStation = Math.ceil(count / stationCount);
  const clientId = (await client.query<{ id: string }>(`select ${randomId("'client'")} as id`)).rows[0]?.id as string;
  await client.query(
    `insert into clients (id, space_id, name, company) values (${literal(clientId)}, ${space}, 'Bench history', true)`,
  );
  await client.query('drop table if exists bench_history_sites');
  await client.query(`
    create temporary table bench_history_sites as
    select n, ${randomId("'s' || n")} as id, ${randomId("'g' || n")} as gateway_id
    from generate_series(1, ${HISTORY_SITES}) as n`);
  await client.query(`
    insert into sites (id, space_id, client_id, name, address_label, area, status)
    select id, ${space}, ${literal(clientId)}, 'History site ' || n, n || ' rue des Capteurs, Bordeaux', 500,
      'STATUS_IN_OPERATION'
    from bench_history_sites`);
  await client.query(`
    insert into equipment (id, space_id, site_id, kind, reference, serial_number, state)
    select gateway_id, ${space}, id, 'gateway', 'GW-01', 'BH-GW-' || n, 1 from bench_history_sites`);
  const stations = await client.query<{ id: string }>(`
    insert into equipment (id, space_id, site_id, gateway_id, kind, reference, serial_number, trap_type,
      treatment_type, masonry, state)
    select ${randomId("'st' || s.n || '-' || k")}, ${space}, s.id, s.gateway_id, 'igs', 'IGS-' || lpad(k::text, 2, '0'),
      'BH-IGS-' || s.n || '-' || k, 'exterior', 'TYPE_PREVENTION', 0, 1
    from bench_history_sites s cross join generate_series(1, ${HISTORY_STATIONS_PER_SITE}) as k
    returning id`);
  const ids = stations.rows.map((r) => r.id).sort();
  const slice = 100;
  for (let i = 0; i < ids.length; i += slice) {
    const list = ids
      .slice(i, i + slice)
      .map(literal)
      .join(', ');
    await client.query(`
      insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
        battery_percent, signal_level, state, received_at)
      select e.id, t.at,
        case when random() < 0.05 then (random() * 6)::int else 0 end, 0,
        case when t.back * 60 / ${perStation} > 45 then 'Operational' else 'Medium' end,
        40 + t.back * 60 / ${perStation}, -95 + (random() * 8)::int - 4, 1, t.at + interval '20 seconds'
      from unnest(array[${list}]::char(26)[]) as e(id)
      cross join lateral (
        select back, ${literal(end.toISOString())}::timestamptz - back * interval '${HISTORY_INTERVAL_HOURS} hours' as at
        from generate_series(${perStation - 1}, 0, -1) as back
      ) as t
      order by e.id, t.at`);
    log(`  ${Math.min(i + slice, ids.length) * perStation} readings`);
  }
  await client.query('drop table bench_history_sites');
  return ids;
}
