import { z } from 'zod';
import { pmAmount, pmAmountOrZero, pmUuid } from '../payment-management/schemas.js';
import { POS_CASH_MOVE_KINDS, POS_LIMITS as L, POS_SESSION_STATUSES, POS_TENDERS } from './constants.js';

// Cash sessions of a register: opened by counting the float, closed by counting each tender.

const note = z.string().trim().max(L.note, `at most ${L.note} characters`);

/** Expected, counted and difference of one tender when a session was closed. */
export const tenderCountSchema = z.object({
  tender: z.enum(POS_TENDERS),
  expected: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
});
export type PosTenderCount = z.infer<typeof tenderCountSchema>;

export const sessionSchema = z.object({
  id: z.uuid(),
  registerId: z.uuid(),
  registerName: z.string(),
  status: z.enum(POS_SESSION_STATUSES),
  openedAt: z.string(),
  openedByName: z.string().nullable(),
  openingFloat: z.number().int(),
  openingNote: z.string(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  closingNote: z.string(),
  /** Kept as sales happen: closing reads them, never the orders. */
  saleCount: z.number().int(),
  returnCount: z.number().int(),
  grossSales: z.number().int(),
  returns: z.number().int(),
  discounts: z.number().int(),
  taxes: z.number().int(),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  /** Cash the drawer should hold now: float + cash taken - change - cash refunds + cash in - cash out. */
  expectedCash: z.number().int(),
  /** Set when the session was closed, never changed afterwards. */
  closing: z.array(tenderCountSchema).nullable(),
});
export type PosSession = z.infer<typeof sessionSchema>;

export const sessionOpenSchema = z
  .object({
    registerId: pmUuid,
    openingFloat: pmAmountOrZero,
    note: note.optional(),
  })
  .strict();
export type PosSessionOpen = z.infer<typeof sessionOpenSchema>;

export const sessionListQuery = z
  .object({
    registerId: pmUuid.optional(),
    status: z.enum(POS_SESSION_STATUSES, 'must be open or closed').optional(),
  })
  .strict();

export const cashMoveCreateSchema = z
  .object({
    kind: z.enum(POS_CASH_MOVE_KINDS, 'must be in or out'),
    amount: pmAmount,
    reason: z.string().trim().min(1, 'is required').max(L.reason, `at most ${L.reason} characters`),
  })
  .strict();
export type PosCashMoveCreate = z.infer<typeof cashMoveCreateSchema>;

export const cashMoveSchema = z.object({
  id: z.uuid(),
  kind: z.enum(POS_CASH_MOVE_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  byName: z.string().nullable(),
  createdAt: z.string(),
});
export type PosCashMove = z.infer<typeof cashMoveSchema>;

export const sessionCloseSchema = z
  .object({
    /** What was counted per tender the register takes; a tender left out counts as 0. */
    counted: z
      .array(z.object({ tender: z.enum(POS_TENDERS, `must be one of ${POS_TENDERS.join(', ')}`), amount: pmAmountOrZero }).strict())
      .max(POS_TENDERS.length)
      .refine((c) => new Set(c.map((x) => x.tender)).size === c.length, 'lists a tender twice'),
    note: note.optional(),
  })
  .strict();
export type PosSessionClose = z.infer<typeof sessionCloseSchema>;

const moneyRow = { gross: z.number().int(), returns: z.number().int(), net: z.number().int() };

/** An X report (the session so far) or a Z report (the immutable snapshot taken when it closed). */
export const sessionReportSchema = z.object({
  kind: z.enum(['x', 'z']),
  session: sessionSchema,
  takenAt: z.string(),
  byTender: z.array(
    z.object({
      tender: z.enum(POS_TENDERS),
      taken: z.number().int(),
      refunded: z.number().int(),
      change: z.number().int(),
      net: z.number().int(),
    }),
  ),
  byVendor: z.array(
    z.object({
      vendorId: z.uuid().nullable(),
      vendorName: z.string().nullable(),
      ...moneyRow,
      commission: z.number().int(),
      payable: z.number().int(),
    }),
  ),
  byCategory: z.array(
    z.object({ categoryId: z.uuid().nullable(), nameEn: z.string().nullable(), nameAr: z.string().nullable(), ...moneyRow }),
  ),
  byTax: z.array(z.object({ rateBasisPoints: z.number().int(), taxable: z.number().int(), tax: z.number().int() })),
  cashMoves: z.array(cashMoveSchema),
});
export type PosSessionReport = z.infer<typeof sessionReportSchema>;
