// A bare Fastify route in its own process, the peer of P1: no plugins, no hooks, no logger. It answers
// GET <path> with the given JSON (parsed once, serialised by Fastify per request, as any route's object
// is) and prints {"port"} on stdout once it listens on loopback. SIGTERM closes it.
import Fastify from 'fastify';

const { path, json } = JSON.parse(process.argv[2]);
const answer = JSON.parse(json);
const app = Fastify();
app.get(path, async () => answer);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
