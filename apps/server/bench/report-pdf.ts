/**
 * `npm run bench:report-pdf -w @isoptera/server`: the time to draw a visit report's PDF (issue 12 "`npm run bench`
 * adds: PDF rendering time for a 40-station Japanese report (target ≤ 150 ms median on this machine's 2 cores)").
 *
 * Draws `japaneseReport()` (report-document.fixtures.ts: 40 station checks, four product uses, a logo, both
 * signatures; still to process, so with the draft mark) `BENCH_PDF_RUNS` times (default 40) after
 * `BENCH_PDF_WARMUP` (default 3) unmeasured draws — the first one loads and parses the Noto Sans JP faces, which the
 * renderer then keeps for the life of the process — one after the other in this process, and prints the median, the
 * 90th percentile, the fastest and slowest draw in milliseconds and the PDF's size. Exits 1 when the median is over
 * the target.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { renderReportPdf } from '../src/modules/reports/pdf/render-report.js';
import { japaneseReport, makeLogo, makeSignature } from '../src/modules/reports/pdf/report-document.fixtures.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 40);
const WARMUP = Number(process.env.BENCH_PDF_WARMUP ?? 3);
const TARGET_MEDIAN_MS = 150;

/** The `p`-th percentile (0–1) of sorted `values`, nearest rank. */
const percentile = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))] as number;

async function main(): Promise<boolean> {
  const [logo, signature] = await Promise.all([makeLogo(), makeSignature()]);
  const doc = japaneseReport({ status: 'to_process', logo, signature });
  let size = 0;
  for (let i = 0; i < WARMUP; i += 1) size = (await renderReportPdf(doc)).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await renderReportPdf(doc);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `Report PDF, 40-station Japanese report with logo and signatures, ${RUNS} draws after ${WARMUP} ` +
      `(node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(',')})`,
  );
  console.log('');
  console.log('| median ms | p90 ms | fastest ms | slowest ms | size kB | target            | result |');
  console.log('| --------: | -----: | ---------: | ---------: | ------: | ----------------- | ------ |');
  const pass = median <= TARGET_MEDIAN_MS;
  console.log(
    `| ${ms(median)} | ${ms(percentile(times, 0.9))} | ${ms(times[0] as number)} | ${ms(times.at(-1) as number)} | ` +
      `${(size / 1024).toFixed(1)} | median ≤ ${TARGET_MEDIAN_MS} ms | ${pass ? 'PASS' : 'FAIL'} |`,
  );
  return pass;
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
