// P8's load: autocannon in its own process, each connection a cashier at its own register, every request a new
// sale (a new id, as a register makes when a cart is started) of its register's three items, paid card + cash.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url: opts.url,
  duration: opts.duration,
  connections: opts.registers.length,
  headers: { ...opts.headers, 'content-type': 'application/json' },
  maxOverallRequests: opts.amount,
  requests: [
    {
      method: 'POST',
      path: '/api/v1/pos/orders',
      setupRequest: (req, context) => {
        context.register ??= opts.registers[next++ % opts.registers.length];
        const { registerId, sessionId, sale } = context.register;
        return { ...req, body: JSON.stringify({ ...sale, id: randomUUID(), registerId, sessionId, soldAt: new Date().toISOString() }) };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }),
);
