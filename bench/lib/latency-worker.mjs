// Timed requests from a separate process: `connections` loops each sending one request at a time over a
// keep-alive agent, cycling through `urls`, until `duration` seconds or `amount` requests; prints the
// latency percentiles (ms). Used where a figure is a percentile autocannon does not report (p95).
import http from 'node:http';

const opts = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
const latencies = [];
let errors = 0;
let non2xx = 0;
let sent = 0;
const deadline = performance.now() + opts.duration * 1000;

function once(url) {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = http.get(url, { agent, headers: opts.headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
        latencies.push(performance.now() - t);
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
}

async function loop(k) {
  let i = k;
  while (performance.now() < deadline && sent < opts.amount) {
    sent++;
    await once(opts.urls[i++ % opts.urls.length]);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: opts.connections }, (_, k) => loop(k)));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN);
process.stdout.write(
  JSON.stringify({
    total: latencies.length,
    rps: latencies.length / seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: latencies.at(-1) ?? NaN,
    errors,
    non2xx,
  }),
);
agent.destroy();
