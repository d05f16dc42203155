import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { AppContext } from '../../app-context.js';
import type { OidcSettings } from '../../config/config.js';
import { AuthError, badRequest } from './auth.errors.js';

/*
 * The operator's OpenID Connect provider (AUTH_OIDC_*). Its discovery document and keys are fetched from
 * the configured issuer. That address is trusted configuration written by the operator, not input from a
 * user, so no private-network (SSRF) refusal applies to it: an intranet Keycloak, or the test's issuer on
 * 127.0.0.1, is a legitimate provider. Every address we then call comes from that issuer's own discovery
 * document. Tokens are verified strictly: RS256 or ES256 only (never `none`, never a shared-secret HS*),
 * `iss` exactly the issuer, `aud` holding our client id, exp/nbf/iat within a small skew.
 */

const ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_SKEW_SECONDS = 30;
const FETCH_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = 60 * 60_000;

/** How often an unknown `kid` may send us to the provider's key set again (jose's cooldown); tests shorten it. */
export interface OidcTuning {
  jwksCooldownMs: number;
  jwksCacheMaxAgeMs: number;
}
const DEFAULT_OIDC_TUNING: OidcTuning = { jwksCooldownMs: 30_000, jwksCacheMaxAgeMs: 10 * 60_000 };

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

export interface ProviderClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  nonce?: string;
  at_hash?: string;
  azp?: string;
}

export const oidcNotConfigured = (provider: string) =>
  badRequest('provider_disabled', `Provider "${provider}" is not enabled: no OpenID Connect provider of that name is configured`);

const badIdToken = (reason: string) => badRequest('bad_jwt', `Bad ID token: ${reason}`);
const providerTrouble = (reason: string) =>
  new AuthError(502, 'provider_unavailable', `The OpenID Connect provider could not be reached: ${reason}`);

/** One provider's discovery, keys and token checks; one per app, kept in `oidcClient`. */
export class OidcClient {
  private discovered: { doc: Discovery; at: number } | null = null;
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    readonly settings: OidcSettings,
    readonly tuning: OidcTuning = { ...DEFAULT_OIDC_TUNING },
  ) {}

  async discovery(): Promise<Discovery> {
    if (this.discovered && Date.now() - this.discovered.at < DISCOVERY_TTL_MS) return this.discovered.doc;
    const url = `${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let doc: Partial<Discovery>;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!res.ok) throw new Error(`discovery answered HTTP ${res.status}`);
      doc = (await res.json()) as Partial<Discovery>;
    } catch (err) {
      throw providerTrouble(err instanceof Error ? err.message : String(err));
    }
    // OpenID Connect Discovery 1.0 §4.3: the document's issuer must be exactly the one configured.
    if (doc.issuer !== this.settings.issuer)
      throw providerTrouble(`discovery names issuer ${String(doc.issuer)}, not ${this.settings.issuer}`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[key] !== 'string' || !/^https?:\/\//.test(doc[key])) throw providerTrouble(`discovery has no ${key}`);
    }
    const full = doc as Discovery;
    if (!this.discovered || this.discovered.doc.jwks_uri !== full.jwks_uri) {
      this.jwks = createRemoteJWKSet(new URL(full.jwks_uri), {
        cooldownDuration: this.tuning.jwksCooldownMs,
        cacheMaxAge: this.tuning.jwksCacheMaxAgeMs,
        timeoutDuration: FETCH_TIMEOUT_MS,
      });
    }
    this.discovered = { doc: full, at: Date.now() };
    return full;
  }

  /**
   * Verifies an ID token. `nonce` is what the token's nonce must equal (null: the token must carry none);
   * `accessToken`, when given and the token has at_hash, must match it (OIDC Core §3.2.2.9).
   */
  async verifyIdToken(token: string, opts: { nonce: string | null; accessToken?: string | null; nowMs: number }): Promise<ProviderClaims> {
    await this.discovery();
    let payload: JWTPayload;
    let alg: string;
    try {
      const result = await jwtVerify(token, this.jwks!, {
        algorithms: ALGORITHMS,
        issuer: this.settings.issuer,
        audience: this.settings.clientId,
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: new Date(opts.nowMs),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      payload = result.payload;
      alg = result.protectedHeader.alg;
    } catch (err) {
      throw badIdToken(joseReason(err));
    }
    if (typeof payload.iat === 'number' && payload.iat > opts.nowMs / 1000 + CLOCK_SKEW_SECONDS)
      throw badIdToken('issued in the future (iat)');
    const claims = payload as ProviderClaims;
    if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw badIdToken('no subject (sub)');
    // Several audiences: the token must say it was issued to us (azp), or another party could replay its own.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && claims.azp !== this.settings.clientId) {
      throw badIdToken('issued to another party (azp)');
    }
    if (opts.nonce === null ? claims.nonce !== undefined : claims.nonce !== opts.nonce) throw badIdToken('nonces mismatch');
    if (opts.accessToken && typeof claims.at_hash === 'string' && claims.at_hash !== atHash(opts.accessToken, alg)) {
      throw badIdToken('access token does not match at_hash');
    }
    return claims;
  }

  /** The authorization code flow's back channel: the code for tokens at the provider's token endpoint. */
  async redeemCode(code: string, redirectUri: string): Promise<{ idToken: string; accessToken: string | null }> {
    const doc = await this.discovery();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_basic')) {
      const enc = (v: string) => encodeURIComponent(v);
      headers.authorization = `Basic ${Buffer.from(`${enc(this.settings.clientId)}:${enc(this.settings.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', this.settings.clientId);
      form.set('client_secret', this.settings.clientSecret);
    }
    let body: { id_token?: unknown; access_token?: unknown; error?: unknown };
    let status: number;
    try {
      const res = await fetch(doc.token_endpoint, {
        method: 'POST',
        headers,
        body: form.toString(),
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        redirect: 'error',
      });
      status = res.status;
      body = (await res.json().catch(() => ({}))) as typeof body;
    } catch (err) {
      throw providerTrouble(err instanceof Error ? err.message : String(err));
    }
    if (status !== 200 || typeof body.id_token !== 'string') {
      throw badRequest(
        'bad_oauth_callback',
        `The provider refused the code (HTTP ${status}${typeof body.error === 'string' ? `, ${body.error}` : ''})`,
      );
    }
    return { idToken: body.id_token, accessToken: typeof body.access_token === 'string' ? body.access_token : null };
  }
}

/** OIDC Core §3.1.3.6: the left half of the hash of the access token, by the ID token's algorithm (both are SHA-256 here). */
function atHash(accessToken: string, alg: string): string {
  const digest = createHash(alg.endsWith('384') ? 'sha384' : alg.endsWith('512') ? 'sha512' : 'sha256')
    .update(accessToken)
    .digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

function joseReason(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'expired (exp)';
  if (err instanceof joseErrors.JWTClaimValidationFailed)
    return `claim ${err.claim} ${err.reason === 'missing' ? 'is missing' : 'is not valid'}`;
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'algorithm not allowed (RS256 or ES256 only)';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature verification failed';
  if (err instanceof joseErrors.JWKSNoMatchingKey) return 'no key of the provider matches (kid)';
  if (err instanceof joseErrors.JWKSTimeout) return 'the provider’s keys could not be fetched in time';
  if (err instanceof joseErrors.JWSInvalid || err instanceof joseErrors.JWTInvalid) return 'malformed token';
  if (err instanceof joseErrors.JOSENotSupported) return 'algorithm not supported';
  if (err instanceof joseErrors.JOSEError) return err.code;
  return 'could not be verified';
}

const clients = new WeakMap<AppContext, OidcClient>();

/** The configured provider's client, or null when none is configured. */
export function oidcClient(ctx: AppContext): OidcClient | null {
  const settings = ctx.config.oidc;
  if (!settings) return null;
  let client = clients.get(ctx);
  if (!client) {
    client = new OidcClient(settings);
    clients.set(ctx, client);
  }
  return client;
}

/** Shortens the key-set cooldown of one app's provider (tests). */
export function configureOidc(ctx: AppContext, patch: Partial<OidcTuning>): void {
  const client = oidcClient(ctx);
  if (client) Object.assign(client.tuning, patch);
}

/** A provider named in a request: the configured one, or a 400 that names it. */
export function providerNamed(ctx: AppContext, name: string | null | undefined): OidcClient {
  const client = oidcClient(ctx);
  if (!name) throw badRequest('validation_failed', 'provider is required');
  if (!client || client.settings.provider !== name) throw oidcNotConfigured(name);
  return client;
}
