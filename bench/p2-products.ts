import Fastify from 'fastify';
import type { Driver } from '../apps/server/src/db/client.js';
import { fmt, median, runLoad } from './lib/load.js';
import { auth, computed, productsApp, spread } from './lib/products-app.js';

/**
 * P2: GET /api/v1/products?limit=50 (the real route, a product_team member's session, first page of the
 * default sort over the 1M-product fixture) against a bare Fastify route serving the same JSON bytes
 * from memory, alternating A/B: requests/s ratio (target >= 0.25) and p99 ratio (target <= 4).
 * Measured twice: as users get it (the page from the catalogue cache between writes, decision 007),
 * and with `Cache-Control: no-cache`, every page computed by its queries.
 */
export async function p2(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const p = await productsApp(driver);
    const route = `${p.url}/api/v1/products?limit=50`;
    const res = await fetch(route, { headers: auth(p) });
    if (!res.ok) throw new Error(`products list answered ${res.status}: ${await res.text()}`);
    const body = await res.text();
    const items = (JSON.parse(body) as { items: unknown[] }).items.length;
    if (items !== 50) throw new Error(`products list gave ${items} items, expected 50`);
    const bare = Fastify();
    bare.get('/products', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/products`;
    try {
      for (const [label, headers] of [
        ['cached page', auth(p)],
        ['every page computed', computed(p)],
      ] as const) {
        await runLoad({ url: route, duration: 2, connections: opts.connections, headers });
        await runLoad({ url: bareUrl, duration: 2, connections: opts.connections });
        const rpsRatio: number[] = [];
        const p99Ratio: number[] = [];
        const full: { rps: number; p99: number }[] = [];
        const base: { rps: number; p99: number }[] = [];
        for (let i = 0; i < opts.rounds; i++) {
          const a = await runLoad({ url: route, duration: opts.duration, connections: opts.connections, headers });
          const b = await runLoad({ url: bareUrl, duration: opts.duration, connections: opts.connections });
          if (a.errors || a.non2xx) throw new Error(`products list answered errors: ${JSON.stringify(a)}`);
          full.push(a);
          base.push(b);
          rpsRatio.push(a.rps / b.rps);
          p99Ratio.push(a.p99 / Math.max(1, b.p99));
        }
        console.log(
          `P2 products page of 50 over ${p.fixture.products.toLocaleString('en')} (${driver}, ${label}): req/s route/bare = ${fmt(median(rpsRatio), 3)} (spread ${spread(rpsRatio, 3)}; ` +
            `route ${fmt(median(full.map((x) => x.rps)), 0)} req/s vs bare ${fmt(median(base.map((x) => x.rps)), 0)} req/s; target >= 0.25), ` +
            `p99 route/bare = ${fmt(median(p99Ratio))} (spread ${spread(p99Ratio)}; route p99 ${median(full.map((x) => x.p99))} ms vs bare ${median(base.map((x) => x.p99))} ms; target <= 4), ` +
            `${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections, ${body.length} bytes`,
        );
      }
    } finally {
      await bare.close();
    }
  }
}
