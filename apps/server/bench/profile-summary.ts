/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a CPU profile of `node --cpu-prof` (written by
 * the benchmark with `BENCH_CPU_PROF`) spends its time — self time by package (or our own source folder) and by
 * function, and inclusive time by function, in % of the samples that were not idle.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map<number, number>();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);

/** `drizzle-orm`, `fastify`, `src/modules/clients`, `node:internal`, `(garbage collector)` … */
function packageOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  const src = url.indexOf('/apps/server/');
  if (src >= 0)
    return url
      .slice(src + '/apps/server/'.length)
      .split('/')
      .slice(0, 3)
      .join('/');
  const pkg = url.indexOf('/packages/');
  if (pkg >= 0)
    return url
      .slice(pkg + 1)
      .split('/')
      .slice(0, 2)
      .join('/');
  return url;
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
for (const [id, n] of counts) {
  const node = byId.get(id);
  if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
  busy += n;
  const pkg = packageOf(node);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
  const file = node.callFrame.url.split('/').slice(-2).join('/');
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${pkg} ${file}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n);
}

// inclusive time: each busy sample counts once for every distinct function on its stack
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
const labelOf = (node: ProfileNode) => {
  const file = node.callFrame.url.split('/').slice(-2).join('/');
  return `${node.callFrame.functionName || '(anonymous)'}  ${packageOf(node)} ${file}:${node.callFrame.lineNumber + 1}`;
};
for (const [id, n] of counts) {
  const leaf = byId.get(id);
  if (!leaf || leaf.callFrame.functionName === '(idle)' || leaf.callFrame.functionName === '(program)') continue;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node || node.callFrame.functionName === '(root)') continue;
    const label = labelOf(node);
    if (seen.has(label)) continue;
    seen.add(label);
    inclusive.set(label, (inclusive.get(label) ?? 0) + n);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((n / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
};
console.log(`${busy} busy samples of ${profile.samples.length}`);
print('self time by package', byPackage);
print('self time by function', byFunction);
print('inclusive time by function', inclusive);
