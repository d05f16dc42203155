import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Products: list, details, history, saved views. */
export async function catalogProductsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
