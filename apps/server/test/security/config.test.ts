import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'market-config-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const GOOD_SECRET = 's'.repeat(32);

/** The error loadConfig throws for an environment, or a failure when it accepts it. */
function rejection(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: GOOD_SECRET, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  const bad: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['DATABASE_URL', 'localhost:5432'],
    ['SMTP_URL', 'http://mail.example.test'],
    ['SMTP_URL', 'mail.example.test:25'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'localhost'],
    ['JWT_SECRET', 'too-short'],
    ['JWT_SECRET', 'x'.repeat(31)],
  ];
  it.each(bad)('rejects %s=%s and names the variable', (name, value) => {
    const err = rejection({ [name]: value });
    expect(err.message).toMatch(new RegExp(`^\\s+${name}: .+`, 'm'));
  });

  it('names every bad variable at once', () => {
    const err = rejection({ PORT: 'x', DATABASE_URL: 'mysql://x', SMTP_URL: 'ftp://x', PUBLIC_URL: 'nope', JWT_SECRET: 'short' });
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'JWT_SECRET']) expect(err.message).toContain(`${name}:`);
  });

  it('accepts good values', () => {
    const dataDir = tempDir();
    const cfg = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db.internal:5432/market',
      SMTP_URL: 'smtps://user:pass@mail.example.test:465',
      PUBLIC_URL: 'https://backoffice.example.test/',
      JWT_SECRET: GOOD_SECRET,
    });
    expect(cfg).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://app@db.internal:5432/market',
      publicUrl: 'https://backoffice.example.test',
      jwtSecret: GOOD_SECRET,
    });
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('generates a JWT secret once, keeps it private in the data folder and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    // Another folder gets its own secret: the value is generated, not a constant.
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
  });
});
