import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Staff review of applications, e-mail templates, settings and workshops. */
export async function applicationsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
