import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { freshDatabase, testConfig } from '../../test/harness.js';

type Line = { level: number; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } };

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** The real app writing its log lines into an array instead of stdout. */
async function appLogging(level: string): Promise<{ app: App; lines: Line[]; closeDatabase(): Promise<void> }> {
  const lines: Line[] = [];
  const database = await freshDatabase();
  const app = await buildApp({
    config: testConfig(),
    database,
    webDist: null,
    log: { level, stream: { write: (line) => void lines.push(JSON.parse(line) as Line) } },
  });
  await app.ready();
  let databaseOpen = true;
  const closeDatabase = async () => {
    if (databaseOpen) await database.dispose();
    databaseOpen = false;
  };
  close = async () => {
    await app.close();
    await closeDatabase();
  };
  lines.length = 0; // start-up lines are not what these tests count
  return { app, lines, closeDatabase };
}

describe('request log lines', () => {
  it('writes nothing for answered requests at the default level (warn)', async () => {
    const { app, lines } = await appLogging('warn');
    for (const url of ['/api/v1/health', '/api/v1/health', '/api/v1/no-such-route']) await app.inject({ method: 'GET', url });
    expect(lines).toEqual([]);
  });

  it('still writes an error at warn, bound to its request id', async () => {
    const { app, lines, closeDatabase } = await appLogging('warn');
    await closeDatabase();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBeGreaterThanOrEqual(40);
    expect(lines[0]!.reqId).toMatch(/^req-/);
  });

  it('writes one line per request at info (not an incoming and a completed line)', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    await app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(lines.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['request completed', 'GET', '/api/v1/health', 200],
      ['request completed', 'GET', '/api/v1/no-such-route', 404],
    ]);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(2);
  });
});
