import { dashboardRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { listLanguages } from '../languages/index.js';
import * as repo from './dashboard.repository.js';
import { activityInWords, catalogueCards, operationsCards } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getDashboard, async ({ caller }) => {
    const org = caller.access.organization;
    const langs = (await listLanguages(ctx.db, org?.id ?? null, false)).map((l) => ({
      code: l.code,
      nativeName: l.nativeName,
      isDefault: l.isDefault,
    }));
    if (!org) return { organization: null, members: null, roles: null, languages: langs, recentActivity: null, applicationsWaiting: null };
    const held = caller.access.permissions;
    const seesActivity = held.includes('dashboard');
    const seesApplications = held.includes('vendor_management');
    const seesStaff = held.includes('users');
    const [members, roles, activity, applications] = await Promise.all([
      seesStaff ? repo.countMembers(ctx.db, org.id) : Promise.resolve(null),
      seesStaff ? repo.countRoles(ctx.db, org.id) : Promise.resolve(null),
      seesActivity ? activityInWords(ctx.db, org.id, held, caller.userId) : Promise.resolve(null),
      seesApplications ? repo.applicationsWaiting(ctx.db, org.id) : Promise.resolve(null),
    ]);
    return {
      organization: { id: org.id, name: org.name },
      members,
      roles,
      languages: langs,
      recentActivity: activity,
      applicationsWaiting: applications,
    };
  });

  // Separate answers so the dashboard paints its first cards without waiting for the catalogue's aggregates.
  bindRoute(app, r.getDashboardCatalogue, async ({ caller }) =>
    catalogueCards(ctx.db, caller.access.organization?.id ?? null, caller.access.permissions),
  );
  bindRoute(app, r.getDashboardOperations, async ({ caller }) =>
    operationsCards(ctx.db, caller.access.organization?.id ?? null, caller.access.permissions),
  );
}
