import { z } from 'zod';
import { pmAmount, pmAmountOrZero, pmDate, pmUuid } from '../payment-management/schemas.js';
import { COMMISSION_RULE_KINDS, PAYOUT_METHODS, POS_LIMITS as L, POS_REPORT_GROUPS } from './constants.js';

// Commission on vendors' sales, payouts to vendors, and the sales reports.

export const commissionRuleSchema = z.object({
  id: z.uuid(),
  /** null: any vendor. Most specific first: vendor + category, vendor, category, default. */
  vendorId: z.uuid().nullable(),
  vendorName: z.string().nullable(),
  categoryId: z.uuid().nullable(),
  categoryNameEn: z.string().nullable(),
  categoryNameAr: z.string().nullable(),
  kind: z.enum(COMMISSION_RULE_KINDS),
  rateBasisPoints: z.number().int(),
  amount: z.number().int(),
  minimum: z.number().int(),
  maximum: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

export const commissionRuleCreateSchema = z
  .object({
    vendorId: pmUuid.nullable().optional(),
    categoryId: pmUuid.nullable().optional(),
    kind: z.enum(COMMISSION_RULE_KINDS, 'must be percentage or flat'),
    rateBasisPoints: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000, 'at most 10000 (100%)').optional(),
    amount: pmAmountOrZero.optional(),
    minimum: pmAmountOrZero.optional(),
    maximum: pmAmountOrZero.nullable().optional(),
  })
  .strict()
  .refine((r) => r.maximum == null || r.maximum >= (r.minimum ?? 0), { message: 'must be at least the minimum', path: ['maximum'] });
export type CommissionRuleCreate = z.infer<typeof commissionRuleCreateSchema>;

export const payoutCreateSchema = z
  .object({
    vendorId: pmUuid,
    amount: pmAmount,
    method: z.enum(PAYOUT_METHODS, 'must be bank_transfer or cash'),
    reference: z.string().trim().max(L.reference, `at most ${L.reference} characters`).optional(),
    paidOn: pmDate,
  })
  .strict();
export type PayoutCreate = z.infer<typeof payoutCreateSchema>;

export const payoutSchema = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  amount: z.number().int(),
  method: z.enum(PAYOUT_METHODS),
  reference: z.string(),
  paidOn: z.string(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** What the operator owes each vendor from sales: sales - returns - commission - payouts (and their market fees). */
export const settlementRowSchema = z.object({
  vendorId: z.uuid(),
  vendorName: z.string(),
  sales: z.number().int(),
  returns: z.number().int(),
  commission: z.number().int(),
  payouts: z.number().int(),
  /** The vendor's whole ledger balance, market fees included: < 0 is what the operator owes the vendor. */
  balance: z.number().int(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const salesReportQuery = z
  .object({
    from: pmDate,
    to: pmDate,
    groupBy: z.enum(POS_REPORT_GROUPS, `must be one of ${POS_REPORT_GROUPS.join(', ')}`),
    registerId: pmUuid.optional(),
    vendorId: pmUuid.optional(),
    /**
     * The period to compare with (both days or neither), e.g. the same days of last week or last month; without them,
     * the period of the same length just before `from`. It ends before `from`.
     */
    compareFrom: pmDate.optional(),
    compareTo: pmDate.optional(),
  })
  .strict();
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

/**
 * The same report as a file: one row per group with the previous period's net, then the totals, then the compared
 * period's totals.
 */
export const salesReportExportQuery = salesReportQuery.extend({ format: z.enum(['csv', 'xlsx'], 'must be csv or xlsx') }).strict();
export type SalesReportExportQuery = z.infer<typeof salesReportExportQuery>;

const reportFigures = { orders: z.number().int(), gross: z.number().int(), returns: z.number().int(), net: z.number().int() };
export const salesReportSchema = z.object({
  groupBy: z.enum(POS_REPORT_GROUPS),
  from: z.string(),
  to: z.string(),
  /** The period compared with: the one asked for, else the period of the same length just before. */
  previousFrom: z.string(),
  previousTo: z.string(),
  rows: z.array(z.object({ key: z.string(), labelEn: z.string(), labelAr: z.string(), ...reportFigures, previousNet: z.number().int() })),
  totals: z.object(reportFigures),
  previousTotals: z.object(reportFigures),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
