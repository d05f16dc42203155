import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRY: z.coerce.number().int().min(30, 'must be at least 30 seconds').max(86400).default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().default('Market Back Office <no-reply@localhost>'),
  PUBLIC_URL: z.url('must be a URL such as http://localhost:3000').optional(),
  VENDOR_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name such as vendors.localhost')
    .optional(),
  DEMO_SEED: bool.optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-f.:/,\s]+)$/i, 'must be true, false, a hop count or a list of proxy addresses')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  jwtExpiry: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  publicUrl: string;
  vendorHost: string | null;
  demoSeed: boolean | undefined;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** Which X-Forwarded-For hops to believe: off by default, so a client cannot pick its own address. */
  trustProxy: boolean | number | string;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; every bad value is named with the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    jwtExpiry: e.JWT_EXPIRY,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    vendorHost: e.VENDOR_HOST?.toLowerCase() ?? null,
    demoSeed: e.DEMO_SEED,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    logLevel: e.LOG_LEVEL,
  };
}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** A secret generated once and kept in the data folder, readable only by its owner. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
