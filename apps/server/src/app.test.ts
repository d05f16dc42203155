import type { RouteDef } from '@market/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { driver, freshDatabase, testConfig } from '../test/harness.js';
import { buildApp } from './app.js';
import { bindRoute } from './lib/api-route.js';

// A contract route as packages/contracts defines them, for this test only.
const probe = {
  method: 'GET',
  path: '/binding-probe',
  summary: 'Binding probe',
  tag: 'test',
  access: { public: true },
  response: z.object({ ok: z.boolean() }),
} satisfies RouteDef;

/** Builds the app, registers one more plugin and starts it; the app is closed either way. */
async function startWith(plugin: FastifyPluginAsync) {
  const database = await freshDatabase();
  const app = await buildApp({ config: testConfig(), database, webDist: null });
  try {
    await app.register(plugin);
    await app.ready();
    return { status: (await app.inject({ url: `/api/v1${probe.path}` })).statusCode, apiRoutes: [...app.apiRoutes] };
  } finally {
    await app.close().catch(() => {});
    await database.dispose();
  }
}

describe(`deny by default: /api/v1 routes come only from bindRoute (${driver})`, () => {
  it('refuses to start with a raw /api/v1 route, even one that declares an access rule', async () => {
    await expect(
      startWith(async (api) => {
        api.get(`/api/v1${probe.path}`, { config: { access: { public: true } } }, async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/v1\/binding-probe is not bound through bindRoute/);
  });

  it('refuses to start with a raw /api/v1 route that declares nothing', async () => {
    await expect(
      startWith(async (api) => {
        api.post(`/api/v1${probe.path}`, async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/POST \/api\/v1\/binding-probe declares no permission and is not public/);
  });

  it('starts with the same route bound from its contract, and lists it among the API routes', async () => {
    const started = await startWith(async (api) => {
      bindRoute(api, probe, () => ({ ok: true }));
    });
    expect(started.status).toBe(200);
    expect(started.apiRoutes).toContain(probe);
  });
});
