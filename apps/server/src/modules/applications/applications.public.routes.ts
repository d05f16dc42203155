import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Public application forms, uploads, submission and the applicant status page. */
export async function publicApplicationsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
