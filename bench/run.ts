import { p1 } from './p1-overhead.js';

/** npm run bench [-- --quick]: one summary line per figure of docs quality targets. */
const quick = process.argv.includes('--quick');
const settings = quick ? { rounds: 3, duration: 3, connections: 10 } : { rounds: 5, duration: 8, connections: 10 };

await p1(settings);
process.exit(0);
