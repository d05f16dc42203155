// P2's floor: bare Fastify routes in their own process. Each path of `pages` runs the product route's own
// statements for one page (literals written in) through the driver the server uses (node-postgres, a pool of
// the server's default size) and answers with the page's items as the route's JSON. No plugins, hooks, logger,
// session, permission, validation or cache. Each statement is a named statement (parsed and planned once per
// connection, as the route's page statement is), rows as arrays; the last statement's rows are the page (id,
// key, item), limit + 1 of them. Prints {"port"} on stdout once it listens on loopback. SIGTERM closes it.
import Fastify from 'fastify';
import pg from 'pg';

const { pages, databaseUrl, poolSize, limit } = JSON.parse(process.argv[2]);
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
const app = Fastify();
for (const [p, [path, statements]] of Object.entries(pages).entries()) {
  const named = statements.map((text, i) => ({ name: `floor_${p}_${i}`, text, rowMode: 'array' }));
  app.get(path, async (_req, reply) => {
    let rows = [];
    for (const q of named) rows = (await pool.query(q)).rows;
    const items = rows.slice(0, limit).map((r) => r[2]);
    return reply.type('application/json; charset=utf-8').send(`{"items":[${items.join(',')}],"nextCursor":null}`);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
