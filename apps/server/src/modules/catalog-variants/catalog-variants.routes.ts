import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Product variants. */
export async function catalogVariantsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
