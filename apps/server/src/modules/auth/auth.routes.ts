import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APP_VERSION } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import { registerAdminRoutes } from './auth.admin.routes.js';
import { setDeferredLogger, settleDeferred } from './auth.deferred.js';
import { HIDDEN, makeDeps, requestMeta, type AuthDeps } from './auth.deps.js';
import { badRequest, installAuthErrorHandler, validationFailed } from './auth.errors.js';
import { resend, sendMagicLink, sendRecovery } from './auth.mail-flows.js';
import { oidcClient } from './auth.oidc.js';
import { idTokenGrant, registerOidcRoutes } from './auth.oidc.routes.js';
import { exchangeCode } from './auth.pkce.js';
import { parse, refreshGrantBody } from './auth.schemas.js';
import { signInWithPassword } from './auth.sign-in.js';
import { signUp } from './auth.signup.js';
import { refreshSession } from './auth.tokens.js';
import { registerUserRoutes } from './auth.user.routes.js';
import { verifyLinkRedirect, verifyPost } from './auth.verify.js';

const tokenQuery = z.object({ grant_type: z.string().max(40).optional() });

const SETTINGS = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    email: true,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    linkedin_oidc: false,
    notion: false,
    phone: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
  },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
};

/**
 * GoTrue's /settings, with the configured OpenID Connect provider switched on under its id, and (not GoTrue's)
 * its label for the sign-in page's "Continue with <name>" button.
 */
function settingsOf(deps: AuthDeps) {
  const oidc = oidcClient(deps.ctx)?.settings;
  if (!oidc) return { ...SETTINGS, oidc: null };
  return { ...SETTINGS, external: { ...SETTINGS.external, [oidc.provider]: true }, oidc: { provider: oidc.provider, name: oidc.name } };
}

/** Sign-in with an Ethereum or Solana wallet is not offered (decision 027). */
const web3NotOffered = () =>
  badRequest(
    'web3_provider_disabled',
    'grant_type=web3 (sign-in with an Ethereum or Solana wallet) is not offered by this server: sign in with an email address and a password, an e-mailed link or code, or the configured single sign-on provider',
  );

function registerPublicRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get('/health', HIDDEN, async () => ({
    version: APP_VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));
  app.get('/settings', HIDDEN, async () => settingsOf(deps));

  app.post('/signup', HIDDEN, async (req) => signUp(deps, req.body, requestMeta(req)));

  app.post('/token', HIDDEN, async (req) => {
    const { grant_type: grant } = parse(tokenQuery, req.query);
    if (grant === 'password') return signInWithPassword(deps, req.body, requestMeta(req));
    if (grant === 'refresh_token') {
      const { refresh_token: token } = parse(refreshGrantBody, req.body);
      if (!token) throw validationFailed('refresh_token is required');
      return refreshSession(deps, token);
    }
    if (grant === 'pkce') return exchangeCode(deps, req.body, requestMeta(req));
    if (grant === 'id_token') return idTokenGrant(deps, req.body, requestMeta(req));
    if (grant === 'web3') throw web3NotOffered();
    throw validationFailed('unsupported_grant_type: use password, refresh_token, pkce or id_token');
  });

  app.post('/otp', HIDDEN, async (req) => sendMagicLink(deps, req.body, requestMeta(req)));
  app.post('/recover', HIDDEN, async (req) => sendRecovery(deps, req.body, requestMeta(req)));
  app.post('/resend', HIDDEN, async (req) => resend(deps, req.body, requestMeta(req)));
  app.post('/verify', HIDDEN, async (req) => verifyPost(deps, req.body, requestMeta(req)));
  app.get('/verify', HIDDEN, async (req, reply) => reply.redirect(await verifyLinkRedirect(deps, req.query), 303));
}

/** GoTrue-compatible auth service at /auth/v1 (the prefix is applied by app.ts). */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  installAuthErrorHandler(app);
  // Sessions and tokens must never sit in a cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const deps = makeDeps(ctx);
  setDeferredLogger(ctx, (err) => app.log.error({ err }, 'deferred auth work failed'));
  // Work queued after an answer (decision 008) finishes before the database closes.
  app.addHook('onClose', async () => settleDeferred(ctx));
  registerPublicRoutes(app, deps);
  registerOidcRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerAdminRoutes(app, deps);
}
