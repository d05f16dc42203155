import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { mfaFactors, sessions, users } from '../../db/schema/index.js';
import { auth, lastMail, post, signIn, startWithServiceKey, uniqueEmail, type Session } from './auth.test-support.js';

/*
 * Decision 008: an account whose password was chosen by whoever typed the address keeps nothing of
 * that person once the mailbox owner proves the address (pre-account takeover).
 */

const ATTACKER_PASSWORD = 'Attacker-Chose-This-41';
const OWNER_PASSWORD = 'Owner-Chose-This-Later-58';

let t: TestContext;
let service: Record<string, string>;
beforeAll(async () => {
  ({ t, service } = await startWithServiceKey());
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;

/** Someone signs up with another person's address, and (somehow) holds a session and a verified factor on it. */
async function preRegister(email: string) {
  const res = await post(t.app, '/auth/v1/signup', { email, password: ATTACKER_PASSWORD }, {}, '10.8.0.1');
  expect(res.statusCode, res.body).toBe(200);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  expect(user!.encryptedPassword).toBeTruthy();
  const attackerToken = await tokenFor(t.app, { id: user!.id, email });
  await db().insert(mfaFactors).values({
    userId: user!.id,
    factorType: 'totp',
    status: 'verified',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    friendlyName: 'attacker',
  });
  return { user: user!, attackerToken };
}

/** What must hold once the owner proved the address with `owner` (the session the proof gave them). */
async function expectOwnerOnly(email: string, userId: string, attackerToken: string, owner: Session) {
  expect(owner.user.id).toBe(userId);
  expect((owner.user as { has_password?: boolean }).has_password).toBe(false);
  const attackerSignIn = await post(t.app, '/auth/v1/token?grant_type=password', { email, password: ATTACKER_PASSWORD }, {}, '10.8.0.2');
  expect(attackerSignIn.json()).toMatchObject({ error_code: 'invalid_credentials' });
  const attackerMe = await t.app.inject({ url: '/auth/v1/user', headers: auth(attackerToken) });
  expect(attackerMe.statusCode).toBe(403);
  expect(await db().select().from(mfaFactors).where(eq(mfaFactors.userId, userId))).toHaveLength(0);
  expect((await db().select().from(sessions).where(eq(sessions.userId, userId))).length).toBe(1);
  // The owner chooses the password without being asked for a second factor they never set up.
  const chosen = await t.app.inject({
    method: 'PUT',
    url: '/auth/v1/user',
    headers: auth(owner.access_token),
    payload: { password: OWNER_PASSWORD },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  expect(chosen.json().has_password).toBe(true);
  await signIn(t.app, email, OWNER_PASSWORD, '10.8.0.3');
}

describe(`auth: proving an address takes the account from whoever pre-registered it (${driver})`, () => {
  it('through the sign-up confirmation link', async () => {
    const email = uniqueEmail('prelink');
    const { user, attackerToken } = await preRegister(email);
    const { token, type } = await lastMail(t.app, email, 'confirmation');
    const verified = await post(t.app, '/auth/v1/verify', { type, token_hash: token });
    expect(verified.statusCode, verified.body).toBe(200);
    await expectOwnerOnly(email, user.id, attackerToken, verified.json() as Session);
  });

  it('through the e-mailed code of a magic link request', async () => {
    const email = uniqueEmail('precode');
    const { user, attackerToken } = await preRegister(email);
    expect((await post(t.app, '/auth/v1/otp', { email, create_user: false }, {}, '10.8.1.1')).statusCode).toBe(200);
    const { code } = await lastMail(t.app, email, 'confirmation');
    const verified = await post(t.app, '/auth/v1/verify', { type: 'email', email, token: code }, {}, '10.8.1.1');
    expect(verified.statusCode, verified.body).toBe(200);
    await expectOwnerOnly(email, user.id, attackerToken, verified.json() as Session);
  });

  it('through an invitation of the service key', async () => {
    const email = uniqueEmail('preinvite');
    const { user, attackerToken } = await preRegister(email);
    const invited = await t.app.inject({ method: 'POST', url: '/auth/v1/invite', headers: service, payload: { email } });
    expect(invited.statusCode, invited.body).toBe(200);
    const { token } = await lastMail(t.app, email, 'invite');
    const verified = await post(t.app, '/auth/v1/verify', { type: 'invite', token_hash: token });
    expect(verified.statusCode, verified.body).toBe(200);
    await expectOwnerOnly(email, user.id, attackerToken, verified.json() as Session);
  });

  it('counts sign-ins of an unconfirmed account as failures, so its password cannot be tried without limit', async () => {
    const email = uniqueEmail('unconfirmed');
    await post(t.app, '/auth/v1/signup', { email, password: ATTACKER_PASSWORD }, {}, '10.8.2.1');
    const attempt = () => post(t.app, '/auth/v1/token?grant_type=password', { email, password: ATTACKER_PASSWORD }, {}, '10.8.2.2');
    for (let i = 0; i < 5; i++) expect((await attempt()).json()).toMatchObject({ error_code: 'email_not_confirmed' });
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
