import { z } from 'zod';
import { defineRoute } from '../common/route.js';

export const dashboardSummarySchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Head-count of the organization and per role; null without the users permission (only user managers see the staff). */
  members: z.number().int().nullable(),
  roles: z.array(z.object({ role: z.string(), count: z.number().int() })).nullable(),
  languages: z.array(z.object({ code: z.string(), nativeName: z.string(), isDefault: z.boolean() })),
  /**
   * Null when the caller may not see the organization's activity (no dashboard permission); otherwise the
   * entries of areas the caller holds the permission of, and the caller's own.
   */
  recentActivity: z
    .array(
      z.object({
        id: z.uuid(),
        action: z.string(),
        entityType: z.string(),
        entityId: z.string().nullable(),
        actorName: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  /** Applications waiting for staff per stream (submitted or under review) and waiting for the applicant (information requested); null without vendor_management. */
  applicationsWaiting: z
    .array(
      z.object({
        stream: z.enum(['market_vendor', 'junior_vendor', 'workshop']),
        waiting: z.number().int(),
        infoRequested: z.number().int(),
      }),
    )
    .nullable(),
});

export const getDashboard = defineRoute({
  method: 'GET',
  path: '/dashboard',
  tag: 'dashboard',
  summary: 'Figures of the caller organization for the dashboard',
  access: { authenticated: true },
  response: dashboardSummarySchema,
});
