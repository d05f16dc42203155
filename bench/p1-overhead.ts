import type { Driver } from '../apps/server/src/db/client.js';
import { fmt, median, runLoad, type LoadResult } from './lib/load.js';
import { fetchAnswer, startBareServer, startProductionServer, type ServerProcess } from './lib/server-process.js';

interface P1Options {
  rounds: number;
  duration: number;
  connections: number;
  /** Default: postgres when BENCH_DATABASE_URL is set, else the embedded PGlite (what `npm start` uses without DATABASE_URL). */
  drivers?: Driver[];
}

/**
 * P1: the server users run (`npm run build`, then `node apps/server/dist/server.js` in its own process)
 * answering GET /api/v1/health through its full stack, against a bare Fastify route in another process
 * answering the same bytes, with autocannon in a third; alternating A/B for several rounds. Then, on the
 * same server, GET /api/v1/me with a session from signing in through its auth API: req/s and p99.
 * BENCH_CPU_PROF=<folder> runs the server under `node --cpu-prof` (read it with lib/cpu-profile-top.mjs).
 */
export async function p1(opts: P1Options): Promise<void> {
  const drivers = opts.drivers ?? [process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'];
  for (const driver of drivers) await p1On(driver, opts);
}

/** A load run with the CPU time the server spent on it, per request (µs), where /proc tells it. */
async function measured(server: ServerProcess, load: Parameters<typeof runLoad>[0]): Promise<LoadResult & { cpuUs: number | null }> {
  const before = server.cpuSeconds();
  const result = await runLoad(load);
  const after = server.cpuSeconds();
  const cpuUs = before === null || after === null || !result.total ? null : ((after - before) * 1e6) / result.total;
  return { ...result, cpuUs };
}

const cpuText = (xs: (number | null)[]) => (xs.every((x) => x !== null) ? `${fmt(median(xs as number[]), 0)} µs` : 'n/a');

async function p1On(driver: Driver, opts: P1Options): Promise<void> {
  const app = await startProductionServer(driver);
  let bare: ServerProcess | null = null;
  try {
    const healthUrl = `${app.url}/api/v1/health`;
    const answer = await fetchAnswer(healthUrl);
    if (answer.status !== 200) throw new Error(`health answered ${answer.status}: ${answer.body}`);
    bare = await startBareServer('/api/v1/health', answer.body);
    const bareUrl = `${bare.url}/api/v1/health`;
    const bareAnswer = await fetchAnswer(bareUrl);
    if (bareAnswer.body !== answer.body || bareAnswer.type !== answer.type) {
      throw new Error(`the bare route answers ${bareAnswer.type} ${bareAnswer.body}, the server ${answer.type} ${answer.body}`);
    }
    const load = { duration: opts.duration, connections: opts.connections };
    // Warm both up (JIT, connections) before measuring.
    await runLoad({ ...load, url: healthUrl, duration: 2 });
    await runLoad({ ...load, url: bareUrl, duration: 2 });
    const ratios: number[] = [];
    const appRps: number[] = [];
    const bareRps: number[] = [];
    const appCpu: (number | null)[] = [];
    const bareCpu: (number | null)[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      const a = await measured(app, { ...load, url: healthUrl });
      const b = await measured(bare, { ...load, url: bareUrl });
      if (a.errors || a.non2xx) throw new Error(`the server answered errors: ${JSON.stringify(a)}`);
      if (b.errors || b.non2xx) throw new Error(`the bare route answered errors: ${JSON.stringify(b)}`);
      appRps.push(a.rps);
      bareRps.push(b.rps);
      ratios.push(a.rps / b.rps);
      appCpu.push(a.cpuUs);
      bareCpu.push(b.cpuUs);
    }
    console.log(
      `P1 health server/bare = ${fmt(median(ratios))} (spread ${fmt(Math.min(...ratios))}-${fmt(Math.max(...ratios))}, ` +
        `server ${fmt(median(appRps), 0)} req/s vs bare ${fmt(median(bareRps), 0)} req/s; CPU per request ${cpuText(appCpu)} vs ${cpuText(bareCpu)}; ` +
        `${opts.rounds} rounds, ${driver}, ${opts.connections} connections; target >= 0.60)`,
    );

    const meLoad = { ...load, url: `${app.url}/api/v1/me`, headers: { authorization: `Bearer ${app.token}` } };
    const meAnswer = await fetchAnswer(meLoad.url, meLoad.headers);
    if (meAnswer.status !== 200) throw new Error(`/me answered ${meAnswer.status}: ${meAnswer.body}`);
    await runLoad({ ...meLoad, duration: 2 });
    const me = await measured(app, meLoad);
    if (me.errors || me.non2xx) throw new Error(`/me answered errors: ${JSON.stringify(me)}`);
    console.log(
      `P1 GET /api/v1/me = ${fmt(me.rps, 0)} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms, CPU per request ${cpuText([me.cpuUs])} ` +
        `(the same server, a demo super admin signed in through /auth/v1/token; ${driver}, ${opts.connections} connections)`,
    );
  } finally {
    await bare?.close();
    await app.close();
  }
}
