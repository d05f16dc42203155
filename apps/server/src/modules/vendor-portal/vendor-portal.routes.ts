import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** The signed-in vendor's own data. */
export async function vendorPortalRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
