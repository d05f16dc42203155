import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HIDDEN, requestMeta, type AuthDeps } from './auth.deps.js';
import { challenge, enroll, unenroll, verifyFactor } from './auth.mfa.js';
import { requireUser } from './auth.principal.js';
import { logoutQuery, parse } from './auth.schemas.js';
import { getUser, logout, reauthenticate, updateUser } from './auth.user.js';

const factorParams = z.object({ id: z.string().max(200) });

/** Endpoints of a signed-in user: GET/PUT /user, /logout, /reauthenticate and the TOTP factors. */
export function registerUserRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get('/user', HIDDEN, async (req) => getUser(deps, await requireUser(req)));
  app.put('/user', HIDDEN, async (req) => updateUser(deps, await requireUser(req), req.body, requestMeta(req)));
  app.get('/reauthenticate', HIDDEN, async (req) => reauthenticate(deps, await requireUser(req), requestMeta(req)));

  app.post('/logout', HIDDEN, async (req, reply) => {
    const { scope } = parse(logoutQuery, req.query);
    await logout(deps, await requireUser(req), scope);
    return reply.code(204).send();
  });

  app.post('/factors', HIDDEN, async (req) => enroll(deps, await requireUser(req), req.body, requestMeta(req)));
  app.post('/factors/:id/challenge', HIDDEN, async (req) => {
    const { id } = parse(factorParams, req.params);
    return challenge(deps, await requireUser(req), id, req.body, requestMeta(req));
  });
  app.post('/factors/:id/verify', HIDDEN, async (req) => {
    const { id } = parse(factorParams, req.params);
    return verifyFactor(deps, await requireUser(req), id, req.body, requestMeta(req));
  });
  app.delete('/factors/:id', HIDDEN, async (req) => {
    const { id } = parse(factorParams, req.params);
    return unenroll(deps, await requireUser(req), id, requestMeta(req));
  });
}
