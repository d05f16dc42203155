import { z } from 'zod';

// Automatic allocation of one market day: a proposal the manager reviews, then applies as it was proposed.

const id = z.uuid('must be an id');

/** Why a request was placed on its slot (the proposal's explanation, translated by the screen). */
export const ALLOCATION_PLACEMENT_REASONS = [
  'kept_previous_slot',
  'only_fitting_slot',
  'apart_from_same_category',
  'category_slot',
  'any_free_slot',
] as const;
export type AllocationPlacementReason = (typeof ALLOCATION_PLACEMENT_REASONS)[number];

/** Why an accepted request got no slot. */
export const ALLOCATION_UNPLACED_REASONS = ['no_fitting_slot', 'category_full', 'not_eligible'] as const;
export type AllocationUnplacedReason = (typeof ALLOCATION_UNPLACED_REASONS)[number];

/** At most this many placements or releases in one apply (far above any market's slots). */
export const ALLOCATION_MAX_ITEMS = 5000;

export const allocationProposalBodySchema = z
  .object({
    /** Default true: only fill free slots. False: unlocked confirmed bookings compete again and may move. */
    keepUnlocked: z.boolean('must be true or false').optional(),
  })
  .strict();

const category = {
  categoryId: z.uuid(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  categoryColour: z.string(),
};

export const allocationPlacementSchema = z.object({
  requestId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  slotId: z.uuid(),
  slotCode: z.string(),
  slotZone: z.string(),
  ...category,
  reason: z.object({
    code: z.enum(ALLOCATION_PLACEMENT_REASONS),
    /** `date`: the earlier market day (YYYY-MM-DD) the vendor held this slot, for `kept_previous_slot`. */
    params: z.object({ date: z.string().optional() }),
  }),
});
export type AllocationPlacement = z.infer<typeof allocationPlacementSchema>;

export const allocationUnplacedSchema = z.object({
  requestId: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  ...category,
  reason: z.enum(ALLOCATION_UNPLACED_REASONS),
  /** For `not_eligible`: why, in English (the eligibility rule's words, e.g. "insurance expired on 2025-01-31"). */
  message: z.string().nullable(),
});
export type AllocationUnplaced = z.infer<typeof allocationUnplacedSchema>;

/** A booking the proposal cancels so its request can be placed again (only with keepUnlocked false). */
export const allocationReleasedSchema = z.object({
  assignmentId: z.uuid(),
  requestId: z.uuid().nullable(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  slotId: z.uuid(),
  slotCode: z.string(),
  ...category,
});
export type AllocationReleased = z.infer<typeof allocationReleasedSchema>;

export const allocationProposalSchema = z.object({
  marketDayId: z.uuid(),
  date: z.string(),
  keepUnlocked: z.boolean(),
  /** sha256 of the canonical input: the same day state and option give the same hash and the same proposal. */
  inputHash: z.string(),
  /** In natural slot order (zone, then code: A2 before A10). */
  placements: z.array(allocationPlacementSchema),
  /** In request order (priority, then acceptance time). */
  unplaced: z.array(allocationUnplacedSchema),
  released: z.array(allocationReleasedSchema),
  /** Open slots of the location still free after the proposal. */
  freeSlotsAfter: z.number().int(),
});
export type AllocationProposal = z.infer<typeof allocationProposalSchema>;

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'must be the inputHash of a proposal (64 hexadecimal digits)');

/**
 * Applies a proposal: the day must still be in the state it was proposed from (same `inputHash`, else 409),
 * and every placement and release must be one the proposal made (the reviewer may leave some out).
 */
export const allocationApplySchema = z
  .object({
    inputHash: hash,
    /** The option the proposal was made with (default true). */
    keepUnlocked: z.boolean('must be true or false').optional(),
    placements: z
      .array(z.object({ requestId: id, slotId: id }).strict())
      .max(ALLOCATION_MAX_ITEMS, `at most ${ALLOCATION_MAX_ITEMS} placements`),
    released: z.array(id).max(ALLOCATION_MAX_ITEMS, `at most ${ALLOCATION_MAX_ITEMS} bookings`).optional(),
  })
  .strict();

export const allocationApplyResultSchema = z.object({
  marketDayId: z.uuid(),
  /** Bookings created. */
  created: z.number().int(),
  /** Bookings cancelled to be placed again. */
  released: z.number().int(),
  assignmentIds: z.array(z.uuid()),
});
export type AllocationApplyResult = z.infer<typeof allocationApplyResultSchema>;
