import { APPLICATION_UPLOAD_MAX_BYTES, type ApplicationForm, type ApplicationStream } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { applicationsTuning, issueFormToken } from './applications.form-token.js';
import * as repo from './applications.public.repository.js';

/**
 * The organization a public form belongs to, from its slug. Without a slug the oldest organization
 * answers: a single-organization install links its forms without naming itself.
 */
export async function resolveOrg(db: DbOrTx, slug: string | undefined): Promise<repo.OrgRow> {
  if (slug) {
    const org = await repo.orgBySlug(db, slug);
    if (!org)
      throw new AppError(404, 'not_found', `No organization with the address ${slug}`, [
        { field: 'org', message: `No organization with the address ${slug}` },
      ]);
    return org;
  }
  const org = await repo.oldestOrg(db);
  if (!org) throw new AppError(404, 'not_found', 'No organization is set up yet');
  return org;
}

/** The calendar date of an instant (UTC, as market days are compared everywhere else). */
export const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The market days a form offers now; a submission may only choose among these. */
export function openDays(ctx: AppContext, db: DbOrTx, orgId: string, ids?: string[]) {
  const now = applicationsTuning(ctx).now();
  return repo.openMarketDays(db, orgId, dateOf(now), new Date(now), ids);
}

const hhmm = (t: string) => t.slice(0, 5);

export async function applicationForm(ctx: AppContext, stream: ApplicationStream, slug: string | undefined): Promise<ApplicationForm> {
  const org = await resolveOrg(ctx.db, slug);
  const [categories, days] = await Promise.all([repo.activeCategories(ctx.db, org.id), openDays(ctx, ctx.db, org.id)]);
  return {
    organization: { name: org.name, slug: org.slug, currency: org.currency },
    stream,
    formToken: issueFormToken(ctx, org.id, stream),
    minFillSeconds: applicationsTuning(ctx).minFillSeconds,
    categories: categories.map((c) => ({
      id: c.id,
      nameEn: c.nameEn,
      nameAr: c.nameAr,
      colour: c.colour,
      descriptionEn: c.descriptionEn,
      descriptionAr: c.descriptionAr,
      requiredDocumentTypes: c.requiredDocumentTypes,
    })),
    marketDays: days.map((d) => ({
      id: d.id,
      date: d.date,
      openTime: hhmm(d.openTime),
      closeTime: hhmm(d.closeTime),
      locationName: d.locationName,
      locationNameAr: d.locationNameAr,
      applicationClosesAt: d.applicationClosesAt ? d.applicationClosesAt.toISOString() : null,
    })),
    maxUploadBytes: APPLICATION_UPLOAD_MAX_BYTES,
  };
}
