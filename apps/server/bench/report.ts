/**
 * Measurements of the server benchmark (autocannon) and the table it prints: req/s, p50, p99, the ratio to the
 * row's baseline and whether the row meets its targets.
 */
import os from 'node:os';
import autocannon from 'autocannon';

export interface Measure {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts of the measured run. */
  failures: number;
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
): Promise<Measure> {
  const { connections, duration, warmup, log } = options;
  log(
    `${scenario.trim()}: warm-up ${warmup} s, then ${duration} s at ${connections} connections ` +
      `(load average ${os.loadavg()[0]?.toFixed(2)})`,
  );
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const r = await autocannon({ url, connections, duration, headers });
  const failures = r.non2xx + r.errors + r.timeouts;
  if (failures) log(`${scenario.trim()}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (10 s)`);
  return { scenario, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures };
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
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'target', 'result'];
  const lines = rows.map((row) => {
    const v = verdict(row);
    return [
      row.scenario,
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      v.ratio,
      v.target,
      v.pass === undefined ? '' : v.pass ? 'PASS' : `FAIL${row.failures ? ` (${row.failures} failed requests)` : ''}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const numeric = (i: number) => i >= 1 && i <= 4;
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (numeric(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(format(header));
  console.log(`| ${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
  console.log();
  return rows.every((row) => verdict(row).pass !== false);
}
