import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The OpenID Connect provider's settings are checked at start-up like the rest of the configuration. */
const base = { DATA_DIR: '/tmp/market-config-oidc-test', JWT_SECRET: 's'.repeat(32) };
const full = {
  AUTH_OIDC_ISSUER: 'https://login.example.com/realms/market',
  AUTH_OIDC_CLIENT_ID: 'market',
  AUTH_OIDC_CLIENT_SECRET: 'secret',
};

function rejection(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('OpenID Connect provider configuration', () => {
  it('is off without settings, and on with issuer, client id and secret (id and label defaulted or given)', () => {
    expect(loadConfig(base).oidc).toBeNull();
    expect(loadConfig({ ...base, ...full }).oidc).toEqual({
      provider: 'oidc',
      name: 'Single sign-on',
      issuer: full.AUTH_OIDC_ISSUER,
      clientId: 'market',
      clientSecret: 'secret',
    });
    const named = loadConfig({ ...base, ...full, AUTH_OIDC_PROVIDER: 'keycloak', AUTH_OIDC_NAME: 'Acme staff login' }).oidc;
    expect(named).toMatchObject({ provider: 'keycloak', name: 'Acme staff login' });
    // A provider on this machine may use plain http (development).
    expect(loadConfig({ ...base, ...full, AUTH_OIDC_ISSUER: 'http://127.0.0.1:8080' }).oidc?.issuer).toBe('http://127.0.0.1:8080');
  });

  it('names what is missing or wrong', () => {
    const missing = rejection({ AUTH_OIDC_ISSUER: full.AUTH_OIDC_ISSUER });
    expect(missing).toContain('AUTH_OIDC_CLIENT_ID: is required');
    expect(missing).toContain('AUTH_OIDC_CLIENT_SECRET: is required');
    expect(rejection({ ...full, AUTH_OIDC_ISSUER: 'http://login.example.com' })).toContain('AUTH_OIDC_ISSUER');
    expect(rejection({ ...full, AUTH_OIDC_ISSUER: 'https://login.example.com/?x=1' })).toContain('AUTH_OIDC_ISSUER');
    expect(rejection({ ...full, AUTH_OIDC_ISSUER: 'not a url' })).toContain('AUTH_OIDC_ISSUER');
    expect(rejection({ ...full, AUTH_OIDC_PROVIDER: 'Has Spaces' })).toContain('AUTH_OIDC_PROVIDER');
    expect(rejection({ ...full, AUTH_OIDC_PROVIDER: 'email' })).toContain('AUTH_OIDC_PROVIDER');
  });
});
