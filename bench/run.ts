import { p1 } from './p1-overhead.js';
import { p10 } from './p10-spa.js';
import type { Preset } from './lib/web-lighthouse.js';

/**
 * npm run bench [-- --quick] [--only=p1,p10] [--lighthouse=mobile|desktop|both]: one summary line
 * per figure of the quality targets (P10 prints a few: bundle, its cross-check, Lighthouse per config).
 */
const quick = process.argv.includes('--quick');
const settings = quick ? { rounds: 3, duration: 3, connections: 10 } : { rounds: 5, duration: 8, connections: 10 };
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).toLowerCase().split(',').filter(Boolean)) : null;
const lighthouseArg = process.argv.find((a) => a.startsWith('--lighthouse='))?.slice('--lighthouse='.length) ?? 'both';
if (!['mobile', 'desktop', 'both'].includes(lighthouseArg)) {
  console.error(`--lighthouse= takes mobile, desktop or both, not ${lighthouseArg}`);
  process.exit(2);
}
const presets: Preset[] = lighthouseArg === 'both' ? ['mobile', 'desktop'] : [lighthouseArg as Preset];

const figures: Record<string, () => Promise<void>> = {
  p1: () => p1(settings),
  p10: () => p10({ lighthouseRuns: 3, presets }),
};
const unknown = only ? [...only].filter((f) => !(f in figures)) : [];
if (unknown.length) {
  console.error(`Unknown figure ${unknown.join(', ')}; known: ${Object.keys(figures).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(figures)) {
  if (!only || only.has(name)) await run();
}
process.exit(0);
