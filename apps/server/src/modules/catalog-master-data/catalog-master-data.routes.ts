import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** Master data of the catalogue: category tree, brands, units, tax classes and rates, currencies. */
export async function catalogMasterDataRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
