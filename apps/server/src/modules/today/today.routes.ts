import { todayRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { todayUtc } from '../../lib/dates.js';
import { applicationsWaiting } from '../dashboard/index.js';
import { hhmm } from '../market-locations/index.js';
import * as repo from './today.repository.js';

/** Organizations have no time zone of their own yet: "today" is the server's calendar date (UTC, lib/dates.ts). */
const TIME_ZONE = 'UTC';

export async function todayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getToday, async ({ caller }) => {
    const date = todayUtc();
    const org = caller.access.organization;
    // Market days and applications are vendor_management's, as on their own routes and the dashboard.
    if (!org || !caller.access.permissions.includes('vendor_management'))
      return { date, timeZone: TIME_ZONE, marketDays: null, applicationsWaiting: null };
    const [days, waiting] = await Promise.all([repo.marketDaysOn(ctx.db, org.id, date), applicationsWaiting(ctx.db, org.id)]);
    return {
      date,
      timeZone: TIME_ZONE,
      marketDays: days.map((d) => ({ ...d, setupTime: hhmm(d.setupTime), openTime: hhmm(d.openTime), closeTime: hhmm(d.closeTime) })),
      applicationsWaiting: waiting,
    };
  });
}
