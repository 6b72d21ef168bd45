/**
 * Measurements of the server benchmark (autocannon) and the table it prints: req/s, p50, p99, the CPU time the
 * server process and the database backends spent per request (read from /proc: where a ratio comes from), the ratio
 * to the row's baseline and whether the row meets its targets.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

export interface Measure {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts of the measured run. */
  failures: number;
  /** CPU time of the server process per request, in µs (user + system, from /proc). */
  serverCpuUs?: number | undefined;
  /** CPU time of the PostgreSQL backends per request, in µs. */
  dbCpuUs?: number | undefined;
}

/** The processes whose CPU time a measurement reads: the server's, and the database backends serving it. */
export interface CpuSources {
  server: number;
  database: () => Promise<number[]>;
}

const TICK_US = 1_000_000 / 100; // USER_HZ: 100 on Linux

/** User + system CPU time of `pid` in µs (0 when it is gone or unreadable). */
function cpuUs(pid: number): number {
  try {
    // fields after the command name, which is in parentheses and may hold spaces
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

export interface MeasureOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before the measured run (not counted). */
  warmup: number;
  log: (message: string) => void;
}

/** Loads `url` with autocannon: a warm-up, then the measured run. */
export async function measure(
  scenario: string,
  url: string,
  headers: Record<string, string>,
  options: MeasureOptions,
  cpu?: CpuSources,
): Promise<Measure> {
  const { connections, duration, warmup, log } = options;
  log(
    `${scenario.trim()}: warm-up ${warmup} s, then ${duration} s at ${connections} connections ` +
      `(load average ${os.loadavg()[0]?.toFixed(2)})`,
  );
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const dbBefore = new Map((cpu ? await cpu.database() : []).map((pid) => [pid, cpuUs(pid)]));
  const serverBefore = cpu ? cpuUs(cpu.server) : 0;
  const r = await autocannon({ url, connections, duration, headers });
  const failures = r.non2xx + r.errors + r.timeouts;
  if (failures) log(`${scenario.trim()}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (10 s)`);
  const measured: Measure = { scenario, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures };
  const requests = r['2xx'];
  if (cpu && requests > 0) {
    measured.serverCpuUs = (cpuUs(cpu.server) - serverBefore) / requests;
    // backends still connected (a pool may have closed idle ones, or opened new ones, meanwhile)
    const backends = await cpu.database();
    const db = backends.reduce((t, pid) => t + Math.max(0, cpuUs(pid) - (dbBefore.get(pid) ?? 0)), 0);
    measured.dbCpuUs = backends.length ? db / requests : undefined;
  }
  return measured;
}

export interface Row extends Measure {
  /** The row this one is compared with. */
  baseline?: Measure;
  /** Target: at least this share of the baseline's req/s. */
  minRatio?: number;
  /** Target: p99 at most this many milliseconds. */
  maxP99?: number;
}

function verdict(row: Row): { ratio: string; target: string; pass: boolean | undefined } {
  const ratio = row.baseline ? row.rps / row.baseline.rps : Number.NaN;
  const ratioText = !row.baseline ? '—' : Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)} %` : 'n/a';
  const broken = row.failures > 0 || !(row.rps > 0);
  if (row.minRatio === undefined && row.maxP99 === undefined) {
    return { ratio: ratioText, target: row.baseline ? '(diagnostic)' : '(baseline)', pass: broken ? false : undefined };
  }
  const targets: string[] = [];
  let pass = !broken;
  if (row.minRatio !== undefined) {
    targets.push(`≥ ${Math.round(row.minRatio * 100)} %`);
    pass &&= ratio >= row.minRatio;
  }
  if (row.maxP99 !== undefined) {
    targets.push(`p99 ≤ ${row.maxP99} ms`);
    pass &&= row.p99 <= row.maxP99;
  }
  return { ratio: ratioText, target: targets.join(', '), pass };
}

/** Prints the table of `rows` (markdown, so that docs/benchmarks.md can take it as it is); `true` when all pass. */
export function printTable(title: string, rows: Row[]): boolean {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'server µs/req', 'db µs/req', 'ratio', 'target', 'result'];
  const us = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));
  const lines = rows.map((row) => {
    const v = verdict(row);
    return [
      row.scenario,
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      us(row.serverCpuUs),
      us(row.dbCpuUs),
      v.ratio,
      v.target,
      v.pass === undefined ? '' : v.pass ? 'PASS' : `FAIL${row.failures ? ` (${row.failures} failed requests)` : ''}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const numeric = (i: number) => i >= 1 && i <= 6;
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (numeric(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(format(header));
  console.log(`| ${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
  console.log();
  return rows.every((row) => verdict(row).pass !== false);
}
