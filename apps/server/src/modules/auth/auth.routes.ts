import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** GoTrue-compatible auth service at /auth/v1. */
export async function authRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
