// Reads a .cpuprofile (node --cpu-prof; P1 writes one with BENCH_CPU_PROF=<folder>) and prints where the
// time went: by package or file, then the functions with the most self time.
//   node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [top=30] [last seconds only, e.g. the load: 0 = all]
import { readFileSync } from 'node:fs';

const [file, topArg = '30', lastArg = '0'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/lib/cpu-profile-top.mjs <file.cpuprofile> [top] [last seconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArg);
const from = Number(lastArg) > 0 ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

// Sample i was taken at startTime + the sum of the first i+1 deltas (µs).
const selfUs = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const shortUrl = (url) => url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
const packageOf = (url) => {
  if (!url) return '(native or idle)';
  const dep = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return dep[1];
  if (url.startsWith('node:')) return url.split('/')[0];
  return shortUrl(url);
};
const byFunction = new Map();
const byPackage = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const fn = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = url ? packageOf(url) : functionName;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  total += us;
}
const print = (title, map) => {
  console.log(title);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`${(total / 1000).toFixed(0)} ms sampled${from > -Infinity ? ` (the last ${lastArg} s)` : ''}`);
print('-- self time by package or file', byPackage);
print('-- self time by function', byFunction);
