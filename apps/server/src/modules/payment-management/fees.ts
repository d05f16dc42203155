import type { paymentManagementRoutes as c } from '@market/contracts';
import { DEFAULT_BALANCE_DUE_DAYS_BEFORE, DEFAULT_DEPOSIT_DUE_DAYS } from '@market/contracts/plain';
import { addDays } from '../../lib/dates.js';

// Pure fee rules: what an assignment costs and when it falls due. No I/O, so every rule is unit-tested.
//
// ROUNDING happens in one place: once per line, half up to the minor unit (`roundHalfUp`). A line of a
// per-square-metre rule is rate x area rounded once; a sales percentage is sales x rate rounded once; a
// deposit line is its fee line x deposit rate rounded once, and the balance line is the rest (so deposit +
// balance always equals the fee line exactly). No total is ever rounded again.

export type FeeLine = c.FeeLine;

export interface RuleInput {
  id: string;
  kind: c.FeeRule['kind'];
  nameEn: string;
  nameAr: string;
  amount: number;
  rateBasisPoints: number;
  minimumAmount: number;
  categoryId: string | null;
  validFrom: string;
  validTo: string | null;
}

export interface AssignmentInput {
  categoryId: string;
  /** Metres, as stored (numeric with 2 decimals). */
  widthM: number;
  depthM: number;
  power: string;
  /** Sales declared for the day (stored on the booking); sales_percentage rules apply only when given. */
  declaredSales?: number;
}

export interface PolicyInput {
  depositBasisPoints: number;
  depositDueDays: number;
  balanceDueDaysBefore: number;
}

export const DEFAULT_POLICY: PolicyInput = {
  depositBasisPoints: 0,
  depositDueDays: DEFAULT_DEPOSIT_DUE_DAYS,
  balanceDueDaysBefore: DEFAULT_BALANCE_DUE_DAYS_BEFORE,
};

/** numerator / denominator rounded half up (both >= 0), in exact integer arithmetic. */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** A rule is in force on `date` when validFrom <= date <= validTo (validTo inclusive, null = open-ended). */
export const inForce = (rule: Pick<RuleInput, 'validFrom' | 'validTo'>, date: string): boolean =>
  rule.validFrom <= date && (rule.validTo === null || date <= rule.validTo);

const centimetres = (metres: number) => BigInt(Math.round(metres * 100));
const areaText = (a: AssignmentInput) => (Math.round(a.widthM * a.depthM * 100) / 100).toString();

const line = (kind: FeeLine['kind'], rule: RuleInput, amount: number, en = rule.nameEn, ar = rule.nameAr): FeeLine => ({
  kind,
  descriptionEn: en,
  descriptionAr: ar,
  quantity: 1,
  unitAmount: amount,
  amount,
  feeRuleId: rule.id,
});

/** The line one rule gives an assignment for its one day, or null when it does not apply. */
export function lineOf(rule: RuleInput, a: AssignmentInput): FeeLine | null {
  switch (rule.kind) {
    case 'flat_per_day':
      return line('stall', rule, rule.amount);
    case 'per_square_metre': {
      // amount per m² x (width cm x depth cm) / 10,000 cm² per m², rounded once.
      const amount = roundHalfUp(BigInt(rule.amount) * centimetres(a.widthM) * centimetres(a.depthM), 10_000n);
      const area = areaText(a);
      return line('size', rule, amount, `${rule.nameEn} (${area} m²)`, `${rule.nameAr} (${area} م²)`);
    }
    case 'category':
      return rule.categoryId === a.categoryId ? line('category', rule, rule.amount) : null;
    case 'power':
      return a.power !== 'none' ? line('power', rule, rule.amount) : null;
    case 'sales_percentage': {
      if (a.declaredSales === undefined) return null;
      const share = roundHalfUp(BigInt(a.declaredSales) * BigInt(rule.rateBasisPoints), 10_000n);
      return line('sales_percentage', rule, Math.max(rule.minimumAmount, share));
    }
    case 'fine':
      // Fines are applied by hand (a manual invoice), never by the preview.
      return null;
  }
}

/** The lines the rules in force on `pricedOn` give the assignment (lines of 0 are left out). */
export function feeLines(rules: readonly RuleInput[], a: AssignmentInput, pricedOn: string): FeeLine[] {
  return rules
    .filter((r) => inForce(r, pricedOn))
    .map((r) => lineOf(r, a))
    .filter((l): l is FeeLine => l !== null && l.amount > 0);
}

export interface ScheduledInvoice {
  kind: 'full' | 'deposit' | 'balance' | 'sales';
  amount: number;
  dueDate: string;
  lines: FeeLine[];
}

const sum = (lines: readonly FeeLine[]) => lines.reduce((s, l) => s + l.amount, 0);
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The invoices the lines are billed on. Without a deposit: one invoice due `balanceDueDaysBefore` days before
 * the market day. With one: a deposit invoice due `depositDueDays` after acceptance and a balance invoice
 * due `balanceDueDaysBefore` days before the day. A due date is never before the issue date (a late booking
 * is due when it is invoiced). An invoice without any amount is left out.
 */
export function schedule(
  lines: readonly FeeLine[],
  policy: PolicyInput,
  dates: { marketDate: string; acceptedOn: string; issueDate: string },
): ScheduledInvoice[] {
  const balanceDue = later(addDays(dates.marketDate, -policy.balanceDueDaysBefore), dates.issueDate);
  if (policy.depositBasisPoints <= 0) {
    return lines.length ? [{ kind: 'full', amount: sum(lines), dueDate: balanceDue, lines: [...lines] }] : [];
  }
  const deposit: FeeLine[] = [];
  const balance: FeeLine[] = [];
  for (const l of lines) {
    const part = roundHalfUp(BigInt(l.amount) * BigInt(policy.depositBasisPoints), 10_000n);
    const split = (kind: 'deposit' | 'balance', amount: number, en: string, ar: string) =>
      amount > 0 &&
      (kind === 'deposit' ? deposit : balance).push({ ...l, kind, descriptionEn: en, descriptionAr: ar, unitAmount: amount, amount });
    split('deposit', part, `Deposit: ${l.descriptionEn}`, `عربون: ${l.descriptionAr}`);
    split('balance', l.amount - part, `Balance: ${l.descriptionEn}`, `الرصيد المتبقي: ${l.descriptionAr}`);
  }
  const out: ScheduledInvoice[] = [];
  const depositDue = later(addDays(dates.acceptedOn, policy.depositDueDays), dates.issueDate);
  if (deposit.length) out.push({ kind: 'deposit', amount: sum(deposit), dueDate: depositDue, lines: deposit });
  if (balance.length) out.push({ kind: 'balance', amount: sum(balance), dueDate: balanceDue, lines: balance });
  return out;
}

/**
 * The sales invoice of a booking invoiced before its sales were declared: its sales_percentage lines only, whole
 * (no deposit part), due as a balance would be (never before the issue date). Null when no such line applies.
 */
export function salesShare(
  lines: readonly FeeLine[],
  policy: PolicyInput,
  dates: { marketDate: string; issueDate: string },
): ScheduledInvoice | null {
  const sales = lines.filter((l) => l.kind === 'sales_percentage');
  if (!sales.length) return null;
  const dueDate = later(addDays(dates.marketDate, -policy.balanceDueDaysBefore), dates.issueDate);
  return { kind: 'sales', amount: sum(sales), dueDate, lines: sales };
}
