import type { marketAssignmentsRoutes as ma } from '@market/contracts';
import { DEFAULT_OFFER_HOURS, OFFER_EMAILS_PER_HOUR } from '@market/contracts/plain';
import type { AppContext } from '../../app-context.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditBy } from '../audit/index.js';
import { emailDocument, escapeHtml } from '../email/index.js';
import { enqueueJob, type JobContext, type JobRow } from '../jobs/index.js';
import { eligibilityFacts, eligibilityProblems } from './eligibility.js';
import * as assignments from './market-assignments.repository.js';
import { guardDoubleBooking } from './market-assignments.rules.js';
import * as requests from './market-requests.repository.js';
import * as repo from './waitlist-offers.repository.js';

/** Job kinds: a slot freed on a day (offer it to the next in line) and an offer reaching its expiry. */
export const SLOT_FREED_JOB = 'market.waitlist.slot-freed';
export const OFFER_EXPIRY_JOB = 'market.waitlist.offer-expiry';

/** Why the vendor may not take a slot of the category that day, or null when it may. */
async function vendorEligibility(db: DbOrTx, orgId: string, vendorId: string, categoryId: string, date: string): Promise<string | null> {
  const problems = eligibilityProblems(await eligibilityFacts(db, orgId, vendorId, categoryId), date);
  return problems.length ? problems.map((p) => p.message).join('; ') : null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toOffer(r: repo.OfferRow): ma.WaitlistOffer {
  return {
    id: r.id,
    requestId: r.request_id,
    marketDayId: r.market_day_id,
    date: r.date,
    locationNameEn: r.location_name_en,
    locationNameAr: r.location_name_ar,
    slotId: r.slot_id,
    slotCode: r.slot_code,
    vendorId: r.vendor_id,
    vendorName: r.vendor_name,
    categoryNameEn: r.category_name_en,
    categoryNameAr: r.category_name_ar,
    status: r.status,
    expiresAt: iso(r.expires_at)!,
    sentAt: iso(r.sent_at),
    // No e-mail went out although the vendor has an address: the hourly cap held it (makeOffer).
    emailHeld: r.sent_at === null && !!r.vendor_email,
    respondedAt: iso(r.responded_at),
    assignmentId: r.assignment_id,
    createdAt: iso(r.created_at)!,
  };
}

/**
 * Queues the search for the next vendor once a slot is free on a day. Called in the transaction that frees the
 * slot (absence, no-show, cancellation, move, withdrawal), so the offer goes out exactly when the change commits,
 * and by a job, so nobody has to open a page for it.
 */
export async function slotFreed(db: DbOrTx, orgId: string, dayId: string, slotId: string): Promise<void> {
  await enqueueJob(db, { orgId, kind: SLOT_FREED_JOB, payload: { orgId, dayId, slotId } });
}

/**
 * The day and the slot of an offer: the slot at the day's location, locked so that two offers for one free slot
 * are not made at once (the partial unique index on open offers would refuse the second anyway).
 */
async function slotOfDay(tx: DbOrTx, orgId: string, dayId: string, slotId: string) {
  const day = await requests.findDay(tx, orgId, dayId);
  const slot = day && (await assignments.findSlot(tx, orgId, slotId, { lock: true }));
  return day && slot && slot.locationId === day.locationId ? { day, slot } : null;
}

/** Offers the slot to the first eligible vendor of the day's waitlist; null when the slot is not free or nobody fits. */
async function offerNext(ctx: AppContext, tx: DbOrTx, by: AuditBy, dayId: string, slotId: string, now: Date): Promise<string | null> {
  const orgId = by.orgId!;
  const found = await slotOfDay(tx, orgId, dayId, slotId);
  if (!found || found.slot.status !== 'open' || !['draft', 'published'].includes(found.day.status)) return null;
  const { day, slot } = found;
  if (day.date < now.toISOString().slice(0, 10)) return null;
  if (!(await repo.slotIsFree(tx, dayId, slotId))) return null;
  for (const c of await repo.candidates(tx, orgId, dayId, slot.categoryId)) {
    const refusal = await vendorEligibility(tx, orgId, c.vendor_id, c.category_id, day.date);
    if (refusal) continue;
    return makeOffer(ctx, tx, by, { requestId: c.request_id, vendorId: c.vendor_id, dayId, slotId }, now);
  }
  return null;
}

/**
 * Makes the offer, queues its expiry and e-mails it, unless the vendor was already e-mailed OFFER_EMAILS_PER_HOUR
 * offers in the hour up to `now`: then the offer stands without an e-mail (sent_at stays null) and managers see
 * it held. The count is taken under the vendor's lock, so offers made at once cannot all pass it.
 */
async function makeOffer(
  ctx: AppContext,
  tx: DbOrTx,
  by: AuditBy,
  o: { requestId: string; vendorId: string; dayId: string; slotId: string },
  now: Date,
): Promise<string> {
  const orgId = by.orgId!;
  const hours = (await repo.offerHoursOf(tx, orgId)) ?? DEFAULT_OFFER_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3600_000);
  const id = await repo.insertOffer(tx, { orgId, ...o, expiresAt, createdBy: by.userId });
  await enqueueJob(tx, {
    orgId,
    kind: OFFER_EXPIRY_JOB,
    payload: { orgId, offerId: id },
    runAt: expiresAt,
    dedupeKey: `${OFFER_EXPIRY_JOB}:${id}`,
  });
  const offer = (await repo.offerById(tx, orgId, id))!;
  if (offer.vendor_email) {
    await lockKey(tx, `waitlist-offer-email:${o.vendorId}`);
    if ((await repo.offerEmailsInHour(tx, orgId, o.vendorId, now)) < OFFER_EMAILS_PER_HOUR) {
      await repo.markOfferSent(tx, id, now);
      offer.sent_at = now;
      await ctx.mailer.enqueue(tx, { to: offer.vendor_email, orgId, ...(await offerEmail(ctx, tx, offer)) });
    }
  }
  await recordAudit(tx, by, { action: 'offer', entityType: 'waitlist_offer', entityId: id, after: toOffer(offer) });
  return id;
}

/** The offer e-mail in English and Arabic, with the link to accept it in the vendor's own dashboard. */
async function offerEmail(ctx: AppContext, tx: DbOrTx, o: repo.OfferRow) {
  const org = await repo.organizationName(tx, o.org_id);
  const link = `${ctx.config.publicUrl}/vendor-dashboard?offer=${encodeURIComponent(o.id)}`;
  const until = `${iso(o.expires_at)!.slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `${org}: a stall is free for you on ${o.date} / مكان متاح لك في ${o.date}`;
  const text = [
    `Good news from ${org}: stall ${o.slot_code} at ${o.location_name_en} is free on ${o.date}, and you are next on the waiting list.`,
    `Accept it before ${until} in your vendor dashboard: ${link}`,
    `After that time the stall is offered to the next vendor.`,
    '',
    `أخبار سارة من ${org}: المكان ${o.slot_code} في ${o.location_name_ar} متاح يوم ${o.date}، وأنت التالي في قائمة الانتظار.`,
    `اقبله قبل ${until} من لوحة البائع: ${link}`,
  ].join('\n');
  const html = emailDocument(
    subject,
    `<p>Good news from ${escapeHtml(org)}: stall <strong>${escapeHtml(o.slot_code)}</strong> at ${escapeHtml(o.location_name_en)} is free on ${o.date}, and you are next on the waiting list.</p>
<p><a href="${escapeHtml(link)}">Accept it in your vendor dashboard</a> before ${until}. After that time the stall is offered to the next vendor.</p>
<p dir="rtl" lang="ar">أخبار سارة من ${escapeHtml(org)}: المكان <strong>${escapeHtml(o.slot_code)}</strong> في ${escapeHtml(o.location_name_ar)} متاح يوم ${o.date}، وأنت التالي في قائمة الانتظار. <a href="${escapeHtml(link)}">اقبله من لوحة البائع</a> قبل ${until}.</p>`,
  );
  return { subject, text, html, template: 'market.waitlist_offer' };
}

const system = (orgId: string): AuditBy => ({ userId: null, orgId });

/** The job handlers; registered once per app. */
export function registerWaitlistJobs(ctx: AppContext): void {
  ctx.jobs.register(SLOT_FREED_JOB, async (job: JobRow, jc: JobContext) => {
    const { orgId, dayId, slotId } = job.payload as { orgId: string; dayId: string; slotId: string };
    const id = await jc.db.transaction((tx) => offerNext(ctx, tx, system(orgId), dayId, slotId, jc.now));
    return { offerId: id };
  });
  ctx.jobs.register(OFFER_EXPIRY_JOB, async (job: JobRow, jc: JobContext) => {
    const { orgId, offerId } = job.payload as { orgId: string; offerId: string };
    return jc.db.transaction(async (tx) => {
      const offer = await repo.lockOffer(tx, orgId, offerId);
      if (!offer || offer.status !== 'offered') return { skipped: offer?.status ?? 'missing' };
      if (new Date(offer.expires_at).getTime() > jc.now.getTime()) throw new Error('The offer has not expired yet');
      await repo.setOfferStatus(tx, offerId, 'expired');
      await recordAudit(tx, system(orgId), { action: 'expire', entityType: 'waitlist_offer', entityId: offerId });
      const next = await offerNext(ctx, tx, system(orgId), offer.market_day_id, offer.slot_id, jc.now);
      return { expired: offerId, nextOfferId: next };
    });
  });
}

export async function waitlistOfDay(db: Db, caller: Caller, dayId: string): Promise<ma.Waitlist> {
  if (!(await requests.findDay(db, caller.orgId, dayId))) throw notFound('Market day');
  const queue = await repo.queueOfDay(db, caller.orgId, dayId);
  const place = new Map<string, number>();
  return {
    marketDayId: dayId,
    offerHours: (await repo.offerHoursOf(db, caller.orgId)) ?? DEFAULT_OFFER_HOURS,
    queue: queue.map((q) => {
      const position = (place.get(q.category_id) ?? 0) + 1;
      place.set(q.category_id, position);
      return {
        requestId: q.request_id,
        vendorId: q.vendor_id,
        vendorName: q.vendor_name,
        categoryId: q.category_id,
        categoryNameEn: q.category_name_en,
        categoryNameAr: q.category_name_ar,
        priority: q.priority,
        waitlistedAt: iso(q.waitlisted_at),
        position,
        updatedAt: iso(q.updated_at)!,
      };
    }),
    offers: (await repo.offersOfDay(db, caller.orgId, dayId)).map(toOffer),
  };
}

export async function listOffers(db: Db, caller: Caller, dayId: string, status?: string): Promise<ma.WaitlistOffer[]> {
  return (await repo.offersOfDay(db, caller.orgId, dayId, status)).map(toOffer);
}

/** A manager offers a free slot to a waitlisted request by hand (out of turn if they choose). */
export async function sendOffer(ctx: AppContext, caller: Caller, requestId: string, slotId: string): Promise<ma.WaitlistOffer> {
  return ctx.db.transaction(async (tx) => {
    const request = await requests.lockRequest(tx, caller.orgId, requestId);
    if (!request) throw notFound('Request');
    if (request.status !== 'waitlisted') throw invalid('requestId', `the request is ${request.status}, not waitlisted`);
    const found = await slotOfDay(tx, caller.orgId, request.marketDayId, slotId);
    if (!found) throw invalid('slotId', "is not a slot of the day's location");
    const { day, slot } = found;
    if (slot.status !== 'open') throw invalid('slotId', `slot ${slot.code} is blocked`);
    if (slot.categoryId && slot.categoryId !== request.categoryId) throw invalid('slotId', `slot ${slot.code} is for another category`);
    if (!(await repo.slotIsFree(tx, request.marketDayId, slotId)))
      throw conflict(`Slot ${slot.code} is not free on ${day.date}: it is booked or already offered`);
    const refusal = await vendorEligibility(tx, caller.orgId, request.vendorId, request.categoryId, day.date);
    if (refusal) throw invalid('requestId', refusal);
    try {
      const id = await makeOffer(
        ctx,
        tx,
        caller,
        { requestId, vendorId: request.vendorId, dayId: request.marketDayId, slotId },
        new Date(),
      );
      return toOffer((await repo.offerById(tx, caller.orgId, id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`Slot ${slot.code} was offered to someone else meanwhile`);
      throw err;
    }
  });
}

/** Withdraws an open offer; the slot passes to the next vendor in line at once. */
export async function withdrawOffer(ctx: AppContext, caller: Caller, id: string): Promise<ma.WaitlistOffer> {
  return ctx.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, caller.orgId, id);
    if (!offer) throw notFound('Offer');
    if (offer.status !== 'offered') throw conflict(`The offer is ${offer.status}: only an open offer can be withdrawn`);
    await repo.setOfferStatus(tx, id, 'withdrawn');
    await recordAudit(tx, caller, { action: 'withdraw', entityType: 'waitlist_offer', entityId: id });
    await slotFreed(tx, caller.orgId, offer.market_day_id, offer.slot_id);
    return toOffer((await repo.offerById(tx, caller.orgId, id))!);
  });
}

/** The vendor's own open offers (vendor portal). */
export async function offersOfVendor(db: DbOrTx, orgId: string, vendorId: string): Promise<ma.WaitlistOffer[]> {
  return (await repo.openOffersOfVendor(db, orgId, vendorId)).map(toOffer);
}

/**
 * The vendor answers its own offer. Accepting books the slot (the partial unique indexes still decide a race)
 * and accepts the request; declining passes the slot on. An expired offer can no longer be accepted.
 */
export async function answerOffer(
  ctx: AppContext,
  caller: Caller,
  vendorId: string,
  id: string,
  answer: 'accept' | 'decline',
): Promise<ma.WaitlistOffer> {
  return ctx.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, caller.orgId, id);
    if (!offer || offer.vendor_id !== vendorId) throw notFound('Offer');
    if (offer.status !== 'offered') throw conflict(`This offer is ${offer.status}`);
    if (new Date(offer.expires_at).getTime() <= Date.now()) throw conflict('This offer has expired');
    if (answer === 'decline') {
      await repo.setOfferStatus(tx, id, 'declined');
      await recordAudit(tx, caller, { action: 'decline', entityType: 'waitlist_offer', entityId: id });
      await slotFreed(tx, caller.orgId, offer.market_day_id, offer.slot_id);
    } else {
      const request = (await requests.lockRequest(tx, caller.orgId, offer.request_id))!;
      const { day, slot } = (await slotOfDay(tx, caller.orgId, offer.market_day_id, offer.slot_id))!;
      const refusal = await vendorEligibility(tx, caller.orgId, vendorId, request.categoryId, day.date);
      if (refusal) throw conflict(`This offer cannot be accepted: ${refusal}`);
      const now = new Date();
      await requests.updateRequest(tx, request.id, { status: 'accepted', acceptedAt: now, decidedAt: now, decidedBy: caller.userId });
      // As a staff booking: the partial unique indexes decide, and their refusal is the same 409.
      await guardDoubleBooking(
        () =>
          assignments.insertAssignment(tx, {
            orgId: caller.orgId,
            marketDayId: offer.market_day_id,
            slotId: offer.slot_id,
            vendorId,
            requestId: offer.request_id,
            categoryId: request.categoryId,
            createdBy: caller.userId,
          }),
        slot.code,
        day.date,
      );
      await repo.setOfferStatus(tx, id, 'accepted');
      await recordAudit(tx, caller, { action: 'accept', entityType: 'waitlist_offer', entityId: id });
    }
    return toOffer((await repo.offerById(tx, caller.orgId, id))!);
  });
}
