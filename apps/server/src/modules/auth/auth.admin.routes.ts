import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createUser, deleteUser, deleteUserFactor, getUser, listFactors, listUsers, updateUser } from './auth.admin.js';
import { generateLink, inviteUser } from './auth.admin-links.js';
import { HIDDEN, requestMeta, type AuthDeps } from './auth.deps.js';
import { requireService } from './auth.principal.js';
import { parse } from './auth.schemas.js';

const idParams = z.object({ id: z.string().max(200) });
const factorParams = z.object({ id: z.string().max(200), factorId: z.string().max(200) });

/** GoTrue's pagination headers; auth-js listUsers reads x-total-count and the page numbers of Link. */
function paginationHeaders(base: string, page: number, perPage: number, total: number): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  return { 'x-total-count': String(total), link: links.join(', ') };
}

/** Admin endpoints: only for the service_role key (server-to-server), never the SPA's anon key or a user. */
export function registerAdminRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.register(async (admin) => {
    admin.addHook('preHandler', async (req: FastifyRequest) => requireService(req));

    admin.get('/admin/users', HIDDEN, async (req, reply) => {
      const res = await listUsers(deps, req.query);
      const base = `${deps.ctx.config.publicUrl}/auth/v1/admin/users`;
      void reply.headers(paginationHeaders(base, res.page, res.perPage, res.total));
      return { users: res.users, aud: 'authenticated' };
    });
    admin.post('/admin/users', HIDDEN, async (req) => createUser(deps, req.body, requestMeta(req)));
    admin.get('/admin/users/:id', HIDDEN, async (req) => getUser(deps, parse(idParams, req.params).id));
    admin.put('/admin/users/:id', HIDDEN, async (req) => updateUser(deps, parse(idParams, req.params).id, req.body, requestMeta(req)));
    admin.delete('/admin/users/:id', HIDDEN, async (req) => deleteUser(deps, parse(idParams, req.params).id, req.body, requestMeta(req)));
    admin.get('/admin/users/:id/factors', HIDDEN, async (req) => listFactors(deps, parse(idParams, req.params).id));
    admin.delete('/admin/users/:id/factors/:factorId', HIDDEN, async (req) => {
      const p = parse(factorParams, req.params);
      return deleteUserFactor(deps, p.id, p.factorId, requestMeta(req));
    });
    admin.post('/invite', HIDDEN, async (req) => inviteUser(deps, req.body, requestMeta(req)));
    admin.post('/admin/generate_link', HIDDEN, async (req) => generateLink(deps, req.body, requestMeta(req)));
  });
}
