import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../lib/blob-store.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  STORAGE_S3_ENDPOINT: z.url('must be a URL such as https://s3.eu-central-1.amazonaws.com').optional(),
  STORAGE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots or dashes)')
    .optional(),
  STORAGE_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as us-east-1')
    .default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/, 'must be a key prefix ending with /, such as market/')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool.optional(),
  SMTP_ALLOW_PRIVATE_HOSTS: bool.optional(),
  AUTH_OIDC_ISSUER: z
    .url('must be the issuer URL of an OpenID Connect provider, such as https://accounts.example.com')
    .refine(oidcIssuerOk, 'must be https (http only for localhost or 127.0.0.1), without a query or fragment')
    .optional(),
  AUTH_OIDC_CLIENT_ID: z.string().min(1).max(512).optional(),
  AUTH_OIDC_CLIENT_SECRET: z.string().min(1).max(4096).optional(),
  AUTH_OIDC_PROVIDER: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'must be a provider id of lower-case letters, digits, _ or - (2 to 40), such as oidc or keycloak')
    .refine((v) => !['email', 'phone', 'anonymous', 'web3'].includes(v), 'must not be email, phone, anonymous or web3 (built-in names)')
    .default('oidc'),
  AUTH_OIDC_NAME: z.string().min(1).max(60).default('Single sign-on'),
});

/** Every environment variable the server reads (a benchmark starts the server with none of them inherited). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as readonly string[];

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
  /** Object storage in an S3-compatible bucket; absent: blobs live in <dataDir>/storage. */
  storageS3?: S3Settings | null;
  /**
   * Outgoing webhooks may reach private, loopback and link-local addresses (a test receiver, an intranet); off by
   * default, so an endpoint cannot be pointed at the server's own network (SSRF).
   */
  webhooksAllowPrivateNetworks?: boolean;
  /**
   * An organization's own SMTP server (Settings) may be on a private, loopback or link-local address; off by default,
   * so a tenant cannot make the server connect into its own network. The server's SMTP_URL is never checked.
   */
  smtpAllowPrivateHosts?: boolean;
  /** The one OpenID Connect provider users may sign in with (id_token grant, /authorize); absent: none. */
  oidc?: OidcSettings | null;
}

export interface OidcSettings {
  /** The id clients name (signInWithOAuth / signInWithIdToken `provider`). */
  provider: string;
  /** The button label: "Continue with <name>". */
  name: string;
  /** Compared exactly with the discovery document's and every token's `iss`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Variables that must all be set for an OpenID Connect provider (the provider id and name have defaults). */
const OIDC_REQUIRED = ['AUTH_OIDC_ISSUER', 'AUTH_OIDC_CLIENT_ID', 'AUTH_OIDC_CLIENT_SECRET'] as const;

/** The issuer is trusted configuration: https, except plain http on this machine (a development provider). */
function oidcIssuerOk(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** Variables that must all be set for S3 storage (the region has a default). */
const S3_REQUIRED = ['STORAGE_S3_ENDPOINT', 'STORAGE_S3_BUCKET', 'STORAGE_S3_ACCESS_KEY_ID', 'STORAGE_S3_SECRET_ACCESS_KEY'] as const;

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
  const s3Given = S3_REQUIRED.filter((k) => e[k] !== undefined);
  if (s3Given.length > 0 && s3Given.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((k) => e[k] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: is required when ${s3Given.join(', ')} ${s3Given.length === 1 ? 'is' : 'are'} set (S3 storage)`).join('\n')}`,
    );
  }
  const oidcGiven = OIDC_REQUIRED.filter((k) => e[k] !== undefined);
  if (oidcGiven.length > 0 && oidcGiven.length < OIDC_REQUIRED.length) {
    const missing = OIDC_REQUIRED.filter((k) => e[k] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: is required when ${oidcGiven.join(', ')} ${oidcGiven.length === 1 ? 'is' : 'are'} set (OpenID Connect sign-in)`).join('\n')}`,
    );
  }
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
    webhooksAllowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ?? false,
    smtpAllowPrivateHosts: e.SMTP_ALLOW_PRIVATE_HOSTS ?? false,
    oidc:
      oidcGiven.length === OIDC_REQUIRED.length
        ? {
            provider: e.AUTH_OIDC_PROVIDER,
            name: e.AUTH_OIDC_NAME,
            issuer: e.AUTH_OIDC_ISSUER!,
            clientId: e.AUTH_OIDC_CLIENT_ID!,
            clientSecret: e.AUTH_OIDC_CLIENT_SECRET!,
          }
        : null,
    storageS3:
      s3Given.length === S3_REQUIRED.length
        ? {
            endpoint: e.STORAGE_S3_ENDPOINT!,
            bucket: e.STORAGE_S3_BUCKET!,
            region: e.STORAGE_S3_REGION,
            accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID!,
            secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY!,
            prefix: e.STORAGE_S3_PREFIX,
          }
        : null,
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
