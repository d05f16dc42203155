import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** The asset library. */
export async function assetsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
