// A local OpenID Connect provider for the browser tests (playwright.config.ts starts it beside the app): discovery,
// keys, a login page that signs in whichever address is typed (or denies), and the token endpoint. node:crypto only.
import { createHash, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.OIDC_PORT ?? 4311);
const issuer = `http://127.0.0.1:${port}`;
const clientId = process.env.OIDC_CLIENT_ID ?? 'market-e2e';
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? 'market-e2e-secret';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const kid = 'e2e-1';
/** code -> what the login page approved */
const codes = new Map();

const b64url = (v) => Buffer.from(v).toString('base64url');
function sign(claims) {
  const head = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url')}`;
}
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const server = createServer((req, res) => {
  const u = new URL(req.url ?? '/', issuer);
  const json = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (u.pathname === '/.well-known/openid-configuration') {
    return json(200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  }
  if (u.pathname === '/jwks') return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
  if (u.pathname === '/authorize') {
    const hidden = ['redirect_uri', 'state', 'nonce', 'client_id']
      .map((k) => `<input type="hidden" name="${k}" value="${escape(u.searchParams.get(k) ?? '')}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html><html lang="en"><head><title>Market ID</title></head><body><main><h1>Market ID</h1>
<form action="/approve" method="get">${hidden}<label>Email <input name="email" type="email" required></label>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button></form></main></body></html>`);
  }
  if (u.pathname === '/approve') {
    const back = new URL(u.searchParams.get('redirect_uri'));
    back.searchParams.set('state', u.searchParams.get('state') ?? '');
    if (u.searchParams.get('decision') !== 'approve') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The person declined to sign in');
    } else {
      const code = randomUUID();
      codes.set(code, { email: u.searchParams.get('email'), nonce: u.searchParams.get('nonce') ?? '' });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    return res.end();
  }
  if (u.pathname === '/token' && req.method === 'POST') {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (basic !== `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}` && basic !== `${clientId}:${clientSecret}`)
        return json(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!grant) return json(400, { error: 'invalid_grant' });
      const accessToken = `at-${randomUUID()}`;
      const now = Math.floor(Date.now() / 1000);
      const idToken = sign({
        iss: issuer,
        aud: clientId,
        sub: createHash('sha256').update(grant.email.toLowerCase()).digest('hex').slice(0, 24),
        email: grant.email,
        email_verified: true,
        nonce: grant.nonce,
        iat: now,
        exp: now + 300,
        at_hash: createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url'),
      });
      json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken });
    });
    return;
  }
  json(404, { error: 'not_found' });
});
server.listen(port, '127.0.0.1');
