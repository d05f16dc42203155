import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { RouteDef } from '@market/contracts';
import type { AppContext } from './app-context.js';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/client.js';
import { API_PREFIX, isBoundRoute } from './lib/api-route.js';
import { spaContentSecurityPolicy } from './lib/content-security-policy.js';
import { JwtService } from './lib/jwt.js';
import { openApiOptions } from './lib/openapi.js';
import { responseSerializer } from './lib/response-serializer.js';
import { deriveKey } from './lib/seal.js';
import { applicationsRoutes, publicApplicationsRoutes } from './modules/applications/index.js';
import { authRoutes } from './modules/auth/index.js';
import { attributesRoutes } from './modules/attributes/index.js';
import { productsRoutes } from './modules/products/index.js';
import { productVariantsRoutes } from './modules/product-variants/index.js';
import { assetsRoutes } from './modules/assets/index.js';
import { masterDataRoutes } from './modules/master-data/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { emailRoutes, Mailer } from './modules/email/index.js';
import { languagesRoutes } from './modules/languages/index.js';
import { marketCategoriesRoutes } from './modules/market-categories/index.js';
import { JobRunner } from './modules/jobs/index.js';
import { productImportRoutes } from './modules/product-import/index.js';
import { catalogPublishingRoutes } from './modules/catalog-publishing/index.js';
import { integrationsRoutes } from './modules/integrations/index.js';
import { usersRoutes } from './modules/users/index.js';
import { marketDaysRoutes } from './modules/market-days/index.js';
import { allocationRoutes, checkInRoutes, marketAssignmentsRoutes, waitlistOfferRoutes } from './modules/market-assignments/index.js';
import { marketLocationsRoutes } from './modules/market-locations/index.js';
import { marketSlotsRoutes } from './modules/market-slots/index.js';
import { compressedShell, platformRoutes, publicConfigOf, withInlineConfig } from './modules/platform/index.js';
import { publicMapRoutes } from './modules/public-map/index.js';
import { realtimeRoutes } from './modules/realtime/index.js';
import { storageRoutes } from './modules/storage/index.js';
import { restRoutes } from './modules/rest/index.js';
import { searchRoutes } from './modules/search/index.js';
import { todayRoutes } from './modules/today/index.js';
import { paymentManagementRoutes } from './modules/payment-management/index.js';
import { vendorPortalRoutes } from './modules/vendor-portal/index.js';
import { vendorsRoutes } from './modules/vendors/index.js';
import { posRoutes } from './modules/pos/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { authContextPlugin } from './plugins/auth-context.js';
import { installApiErrorHandler, installTextGuard } from './plugins/error-handler.js';
import { requestLogOptions, type LogSettings } from './plugins/request-log.js';
import { createReadCaches, wireReadCaches } from './plugins/read-caches.js';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** The server's logging (plugins/request-log.ts); none when absent, as in most tests. */
  log?: LogSettings;
  /** Folder of the built SPA; default apps/web/dist when it exists. */
  webDist?: string | null;
}

export type App = FastifyInstance & { ctx: AppContext; apiRoutes: RouteDef[] };

const API_MODULES = [
  platformRoutes,
  languagesRoutes,
  emailRoutes,
  dashboardRoutes,
  marketLocationsRoutes,
  publicMapRoutes,
  marketCategoriesRoutes,
  marketSlotsRoutes,
  vendorsRoutes,
  marketDaysRoutes,
  marketAssignmentsRoutes,
  checkInRoutes,
  allocationRoutes,
  waitlistOfferRoutes,
  publicApplicationsRoutes,
  applicationsRoutes,
  vendorPortalRoutes,
  masterDataRoutes,
  attributesRoutes,
  productsRoutes,
  productVariantsRoutes,
  assetsRoutes,
  searchRoutes,
  posRoutes,
  todayRoutes,
  paymentManagementRoutes,
  productImportRoutes,
  catalogPublishingRoutes,
  integrationsRoutes,
  usersRoutes,
  settingsRoutes,
];

function defaultWebDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    ...(opts.log ? requestLogOptions(opts.log) : { logger: false }),
    // Fastify accepts a hop count at run time; its overloads only type the other forms.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: false } },
  }) as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  const jwt = new JwtService(config.jwtSecret, `${config.publicUrl}/auth/v1`, config.jwtExpiry);
  const ctx: AppContext = {
    config,
    db: database.db,
    driver: database.driver,
    jwt,
    keys: { anon: await jwt.signApiKey('anon'), service: await jwt.signApiKey('service_role') },
    mailer: new Mailer(database.db, {
      smtpUrl: config.smtpUrl,
      from: config.smtpFrom,
      settingsKey: deriveKey(config.jwtSecret, 'settings'),
      orgSmtpAllowPrivate: config.smtpAllowPrivateHosts ?? false,
      listen: (channel, cb) => database.listen(channel, cb),
    }),
    jobs: new JobRunner(database.db, { listen: (channel, cb) => database.listen(channel, cb) }),
    listen: (channel, cb) => database.listen(channel, cb),
    caches: createReadCaches(),
  };
  app.decorate('ctx', ctx);
  await wireReadCaches(app, ctx.caches, database);
  // Every contract route, so the security suites walk what is really registered.
  const apiRoutes: RouteDef[] = [];
  app.decorate('apiRoutes', apiRoutes);

  // The API's own infrastructure, the only /api/v1 routes without a contract: the OpenAPI document and
  // the JSON 404 of unknown API paths, both public. Only this function marks a route so.
  const infrastructureRoutes = new WeakSet<object>();
  const infrastructureRoute = () => {
    const config = { access: { public: true } as const };
    infrastructureRoutes.add(config);
    return { config, schema: { hide: true } };
  };
  // Deny by default: an /api/v1 route stops the server from starting unless bindRoute registered it
  // (the one binding that enforces the route's access rule) or it is one of the infrastructure routes.
  // An `access` field alone proves nothing: a raw route carrying one is refused too.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && !isBoundRoute(route) && !(route.config && infrastructureRoutes.has(route.config))) {
      const what = `Route ${String(route.method)} ${route.url}`;
      throw new Error(
        route.config?.access
          ? `${what} is not bound through bindRoute (lib/api-route.ts), so nothing enforces its access rule`
          : `${what} declares no permission and is not public`,
      );
    }
    // Fastify adds a HEAD twin for each GET; it shares the config, so keep only the declared method.
    if (route.config?.def && route.method === route.config.def.method) apiRoutes.push(route.config.def);
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  installTextGuard(app);

  // Dynamic responses over 1 kB are gzipped (the SPA's own files are compressed at build time).
  await app.register(fastifyCompress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['gzip'] });
  await app.register(authContextPlugin, { db: ctx.db, jwt, caches: ctx.caches });
  await app.register(fastifySwagger, openApiOptions('2.1.0'));

  await app.register(async (api) => {
    installApiErrorHandler(api);
    // An answer to a signed-in caller (or the service key) is theirs alone: no browser or proxy keeps it.
    const anonBearer = `Bearer ${ctx.keys.anon}`;
    api.addHook('onSend', async (req, reply, payload) => {
      const auth = req.headers.authorization;
      if (auth && auth !== anonBearer) reply.header('cache-control', 'no-store');
      return payload;
    });
    for (const mod of API_MODULES) await mod(api, ctx);
    api.get(`${API_PREFIX}/openapi.json`, infrastructureRoute(), async () => app.swagger());
    api.all(`${API_PREFIX}/*`, infrastructureRoute(), async (req, reply) =>
      reply.code(404).send({ error: { code: 'not_found', message: `No API route ${req.method} ${req.url.split('?')[0]}` } }),
    );
  });
  await app.register(async (auth) => authRoutes(auth, ctx), { prefix: '/auth/v1' });
  await app.register(async (s) => storageRoutes(s, ctx), { prefix: '/storage/v1' });
  await app.register(async (r) => restRoutes(r, ctx), { prefix: '/rest/v1' });
  await app.register(async (rt) => realtimeRoutes(rt, ctx));

  const webDist = opts.webDist === undefined ? defaultWebDist() : opts.webDist;
  const indexHtml = webDist ? withInlineConfig(readFileSync(path.join(webDist, 'index.html'), 'utf8'), publicConfigOf(ctx)) : null;
  const csp = indexHtml ? spaContentSecurityPolicy(indexHtml) : null;
  const shellBody = indexHtml ? compressedShell(indexHtml) : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Built assets carry a content hash in their names; everything else is revalidated.
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (csp && file.endsWith('.html')) reply.header('content-security-policy', csp);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (shellBody && req.method === 'GET' && !/^\/(auth|storage|rest)\/v1(\/|\?|$)/.test(req.url)) {
      const { body, encoding } = shellBody(req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('content-security-policy', csp!)
        .send(body);
    }
    return reply.code(404).send({ error: { code: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` } });
  });

  app.addHook('onClose', async () => {
    await ctx.mailer.stop();
    await ctx.jobs.stop();
  });
  return app;
}
