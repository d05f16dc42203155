// P8's load, in its own process: each connection a cashier at its own register, every request a new sale (a new id,
// as a register makes when a cart is started) of its register's three items, paid card + cash. Without a rate,
// autocannon sends each register's next sale as soon as the last is answered (saturation). With `rate` (sales a
// second across the registers), each register sends one sale every `registers / rate` seconds at its own phase, on
// its own kept-alive connection, and the latency of each is timed from its send (autocannon's own rate limit
// releases a second's requests together, which measures its bursts instead).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const saleBody = ({ registerId, sessionId, sale }) =>
  JSON.stringify({ ...sale, id: randomUUID(), registerId, sessionId, soldAt: new Date().toISOString() });
const headers = { ...opts.headers, 'content-type': 'application/json' };

const result = opts.rate ? await paced() : await saturated();
process.stdout.write(JSON.stringify(result));

async function saturated() {
  let next = 0;
  const r = await autocannon({
    url: opts.url,
    duration: opts.duration,
    connections: opts.registers.length,
    headers,
    maxOverallRequests: opts.amount,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/pos/orders',
        setupRequest: (req, context) => {
          context.register ??= opts.registers[next++ % opts.registers.length];
          return { ...req, body: saleBody(context.register) };
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function paced() {
  const url = new URL('/api/v1/pos/orders', opts.url);
  const interval = (opts.registers.length / opts.rate) * 1000;
  const start = performance.now() + 50;
  const end = start + opts.duration * 1000;
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const send = (agent, register) =>
    new Promise((resolve) => {
      const body = saleBody(register);
      const t0 = performance.now();
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  await Promise.all(
    opts.registers.map(async (register, k) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let due = start + (interval * k) / opts.registers.length; due < end; due += interval) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await send(agent, register);
      }
      agent.destroy();
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / opts.duration, total: latencies.length, p50: at(0.5), p99: at(0.99), errors, non2xx };
}
