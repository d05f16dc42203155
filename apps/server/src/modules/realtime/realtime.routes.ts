import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Phoenix-channel realtime service at /realtime/v1/websocket. */
export async function realtimeRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
