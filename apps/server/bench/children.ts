/**
 * The servers under test of the benchmarks, each in a child process running bench/server.ts (so that the load
 * generator in the parent and the server do not share one event loop). The children run bench/server.ts bundled as
 * the production build bundles the server (build.mjs, into `dist/bench/`) on plain `node`: what production runs, not
 * `tsx` (whose transform keeps function names by wrapping every named closure, a cost production does not pay).
 * `children` holds the running ones, for the clean-up of a failed run. Also the helpers both benchmarks share: the
 * progress log and admin statements.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bundleServer } from '../build.mjs';
import type { ChildSpec } from './protocol.js';

/** The folder of the bundled bench server (git-ignored `dist/`). */
const BUNDLE_DIR = fileURLToPath(new URL('../dist/bench/', import.meta.url));
let bundled: Promise<string> | undefined;

/** Bundles bench/server.ts once per run; resolves with the bundle's path. */
function serverBundle(): Promise<string> {
  bundled ??= bundleServer({
    entryPoints: { server: fileURLToPath(new URL('./server.ts', import.meta.url)) },
    outDir: BUNDLE_DIR,
  }).then(() => `${BUNDLE_DIR}server.js`);
  return bundled;
}

/** The child servers still running. */
export const children = new Set<ChildProcess>();

export interface Child {
  base: string;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a server of `spec` on an ephemeral port of 127.0.0.1; resolves once it listens. With `cpuProfileDir`, the
 * child runs under `node --cpu-prof` and writes its profile there when it stops.
 */
export async function startChild(spec: ChildSpec, options: { cpuProfileDir?: string } = {}): Promise<Child> {
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = fork(await serverBundle(), [JSON.stringify(spec)], {
    execArgv: profile,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const exited = once(child, 'exit').then(() => children.delete(child));
  const [message] = (await Promise.race([
    once(child, 'message'),
    exited.then(() => {
      throw new Error(`the ${spec.kind} server exited before listening`);
    }),
  ])) as [{ port: number }];
  return {
    base: `http://127.0.0.1:${message.port}`,
    pid: child.pid as number,
    async stop() {
      if (child.connected) child.disconnect();
      // writing a CPU profile takes a while on a busy machine
      const timer = setTimeout(() => child.kill('SIGKILL'), options.cpuProfileDir ? 60_000 : 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A progress logger on stderr: `[<tag> <seconds since start> s] message`. */
export function createLog(tag: string, width = 5): (message: string) => void {
  const started = Date.now();
  return (message) =>
    process.stderr.write(`[${tag} ${((Date.now() - started) / 1000).toFixed(1).padStart(width)} s] ${message}\n`);
}

/** Runs one statement on the PostgreSQL server `adminUrl` (creating or dropping a benchmark database). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
