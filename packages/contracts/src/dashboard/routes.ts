import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { APPLICATION_STREAMS } from '../applications/constants.js';
import { VENDOR_DOCUMENT_TYPES } from '../vendors/constants.js';
import { DASHBOARD_CHANNELS, DASHBOARD_WEEKS } from './constants.js';

const count = z.number().int().nonnegative();

/** One audit entry told as a sentence: who did what to which named object, and where to open it. */
export const activityEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The actor's name (profile name, else e-mail); null for the system or a user who no longer exists. */
  actorName: z.string().nullable(),
  /** True when no user wrote the entry (seeds, the service key, the system itself). */
  system: z.boolean(),
  /** The organization's API key the write came through (the actor is then its creator); null otherwise. */
  apiKeyName: z.string().nullable(),
  /** The object's name now, or as the entry's snapshot had it when the object is gone; null when unknown. */
  entityName: z.string().nullable(),
  /** The object's Arabic name when it has one. */
  entityNameAr: z.string().nullable(),
  /** Route of the SPA that shows the object; null when it is gone or the caller may not open it. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

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
  recentActivity: z.array(activityEntrySchema).nullable(),
  /** Applications waiting for staff per stream (submitted or under review) and waiting for the applicant (information requested); null without vendor_management. */
  applicationsWaiting: z
    .array(
      z.object({
        stream: z.enum(APPLICATION_STREAMS),
        waiting: z.number().int(),
        infoRequested: z.number().int(),
      }),
    )
    .nullable(),
});

/** One bar of a weekly chart: the Monday (UTC) the week starts on and the count of that week. */
const weekSchema = z.object({ weekStart: z.iso.date(), count });
export type DashboardWeek = z.infer<typeof weekSchema>;

export const dashboardCatalogueSchema = z.object({
  /**
   * Products by status and their completeness (the lowest locale score, 0-100) for the whole catalogue, and
   * per sales channel (the first DASHBOARD_CHANNELS by name) the products that channel measures and those
   * complete in all its locales. Null without the products permission.
   */
  catalogue: z
    .object({
      total: count,
      active: count,
      draft: count,
      archived: count,
      /** Average completeness score, rounded; 0 for an empty catalogue. */
      completenessAverage: z.number().int().min(0).max(100),
      /** Products with nothing missing (score 100). */
      complete: count,
      channels: z.array(z.object({ id: z.uuid(), name: z.string(), measured: count, complete: count })).max(DASHBOARD_CHANNELS),
    })
    .nullable(),
  /** Products created per week, the last DASHBOARD_WEEKS weeks, oldest first; null without the products permission. */
  productsPerWeek: z.array(weekSchema).max(DASHBOARD_WEEKS).nullable(),
});

export const dashboardOperationsSchema = z.object({
  /** Vendor documents expiring within DASHBOARD_EXPIRY_DAYS (not declined), soonest first; null without vendor_management. */
  documentsExpiring: z
    .object({
      total: count,
      items: z.array(
        z.object({
          id: z.uuid(),
          vendorId: z.uuid(),
          vendorName: z.string(),
          docType: z.enum(VENDOR_DOCUMENT_TYPES),
          fileName: z.string(),
          expiresOn: z.iso.date(),
          link: z.string(),
        }),
      ),
    })
    .nullable(),
  /** Applications submitted per week (every stream), the last DASHBOARD_WEEKS weeks, oldest first; null without vendor_management. */
  applicationsPerWeek: z.array(weekSchema).max(DASHBOARD_WEEKS).nullable(),
});

export const getDashboard = defineRoute({
  method: 'GET',
  path: '/dashboard',
  tag: 'dashboard',
  summary: 'Figures of the caller organization for the dashboard',
  access: { authenticated: true },
  response: dashboardSummarySchema,
});

export const getDashboardCatalogue = defineRoute({
  method: 'GET',
  path: '/dashboard/catalogue',
  tag: 'dashboard',
  summary: 'Catalogue size, completeness and products created per week (null parts without the products permission)',
  access: { authenticated: true },
  response: dashboardCatalogueSchema,
});

export const getDashboardOperations = defineRoute({
  method: 'GET',
  path: '/dashboard/operations',
  tag: 'dashboard',
  summary: 'Vendor documents expiring soon and applications per week (null parts without vendor_management)',
  access: { authenticated: true },
  response: dashboardOperationsSchema,
});
