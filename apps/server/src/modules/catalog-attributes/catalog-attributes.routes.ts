import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Master data of the catalogue: attributes with options and validation, attribute families. */
export async function catalogAttributesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
