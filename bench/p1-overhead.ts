import Fastify from 'fastify';
import { fmt, median, runLoad } from './lib/load.js';
import { startFullApp } from './lib/fixture-app.js';

/**
 * P1: GET /api/v1/health through the full plugin stack against a bare Fastify route serving the same
 * JSON, alternating A/B for several rounds; plus GET /api/v1/me requests/s and p99 with a real session.
 */
export async function p1(opts: { rounds: number; duration: number; connections: number }): Promise<void> {
  const full = await startFullApp();
  const bare = Fastify();
  bare.get('/health', async () => ({ status: 'ok', version: 'v2.1.0', database: full.driver }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/health`;
  try {
    // Warm both paths up (JIT, connection setup) before measuring.
    await runLoad({ url: `${full.url}/api/v1/health`, duration: 2, connections: opts.connections });
    await runLoad({ url: bareUrl, duration: 2, connections: opts.connections });
    const ratios: number[] = [];
    const fullRps: number[] = [];
    const bareRps: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      const a = await runLoad({ url: `${full.url}/api/v1/health`, duration: opts.duration, connections: opts.connections });
      const b = await runLoad({ url: bareUrl, duration: opts.duration, connections: opts.connections });
      if (a.errors || a.non2xx) throw new Error(`full stack answered errors: ${JSON.stringify(a)}`);
      fullRps.push(a.rps);
      bareRps.push(b.rps);
      ratios.push(a.rps / b.rps);
    }
    console.log(
      `P1 health full/bare = ${fmt(median(ratios))} (spread ${fmt(Math.min(...ratios))}-${fmt(Math.max(...ratios))}, ` +
        `full ${fmt(median(fullRps), 0)} req/s vs bare ${fmt(median(bareRps), 0)} req/s, ${opts.rounds} rounds, ${full.driver}; target >= 0.60)`,
    );
    const me = await runLoad({
      url: `${full.url}/api/v1/me`,
      duration: opts.duration,
      connections: opts.connections,
      headers: { authorization: `Bearer ${full.token}` },
    });
    if (me.errors || me.non2xx) throw new Error(`/me answered errors: ${JSON.stringify(me)}`);
    console.log(
      `P1 GET /api/v1/me = ${fmt(me.rps, 0)} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms (${full.driver}, ${opts.connections} connections)`,
    );
  } finally {
    await bare.close();
    await full.close();
  }
}
