import { toMajorInput } from '../../payment-management';
import { dayCount, eachDay } from './report-dates';
import type { ReportGroup, SalesReport, SalesReportQuery, SalesReportRow } from './reports-api';

// What the reports page shows of an answer: its rows with their previous period, the chart's points, the link of a
// row to its orders and the CSV. Pure, so the page's rules are tested without rendering.

export interface ReportLine {
  key: string;
  label: string;
  orders: number;
  gross: number;
  returns: number;
  net: number;
  previousNet: number;
  /** The orders behind the row: /orders with the row's and the page's filters. */
  href: string;
}

export interface ChartPoint {
  key: string;
  label: string;
  net: number;
  previousNet: number;
}

export type Filters = Pick<SalesReportQuery, 'registerId' | 'vendorId'>;

/** The change from `before` to `now` as a share (0.25 for +25%); null when there was nothing before to compare with. */
export const change = (now: number, before: number): number | null => (before === 0 ? null : (now - before) / Math.abs(before));

/**
 * The previous period's net of each day of this one, by the day's place in the period (a day's key never matches a
 * day of the previous period, so the answer's own previousNet of a day row is always 0).
 */
export function previousByDay(report: SalesReport, previousDays: SalesReport | undefined): (day: string) => number {
  const byOffset = new Map<number, number>();
  for (const r of previousDays?.rows ?? []) byOffset.set(dayCount(report.previousFrom, r.key) - 1, r.net);
  return (day) => byOffset.get(dayCount(report.from, day) - 1) ?? 0;
}

/** The orders a row sums: the page's register and vendor, the row's own value where the orders list filters by it. */
export function drillDownHref(group: ReportGroup, key: string, range: { from: string; to: string }, filters: Filters): string {
  const q = new URLSearchParams();
  if (filters.registerId) q.set('registerId', filters.registerId);
  if (filters.vendorId) q.set('vendorId', filters.vendorId);
  if (group === 'register') q.set('registerId', key);
  if (group === 'vendor' && key) q.set('vendorId', key);
  if (group === 'tender') q.set('tender', key);
  // Orders are listed by day: an hour opens the whole range, a day that day alone.
  q.set('from', group === 'day' ? key : range.from);
  q.set('to', group === 'day' ? key : range.to);
  return `/orders?${q.toString()}`;
}

export function reportLines(
  report: SalesReport,
  previousDays: SalesReport | undefined,
  label: (row: SalesReportRow) => string,
  filters: Filters,
): ReportLine[] {
  const dayBefore = report.groupBy === 'day' ? previousByDay(report, previousDays) : null;
  return report.rows.map((r) => ({
    key: r.key,
    label: label(r),
    orders: r.orders,
    gross: r.gross,
    returns: r.returns,
    net: r.net,
    previousNet: dayBefore ? dayBefore(r.key) : r.previousNet,
    href: drillDownHref(report.groupBy, r.key, report, filters),
  }));
}

/** Bars of the groups other than time: the largest this many (the table lists them all). */
export const CHART_TOP = 12;

/** The chart's points: every day or hour of the range (a quiet one at 0), else the rows with the largest net. */
export function chartPoints(
  report: SalesReport,
  lines: ReportLine[],
  previousDays: SalesReport | undefined,
  label: (key: string) => string,
): ChartPoint[] {
  const byKey = new Map(lines.map((l) => [l.key, l]));
  if (report.groupBy === 'day') {
    const before = previousByDay(report, previousDays);
    return eachDay(report.from, report.to).map((day) => ({
      key: day,
      label: label(day),
      net: byKey.get(day)?.net ?? 0,
      previousNet: before(day),
    }));
  }
  if (report.groupBy === 'hour') {
    return Array.from({ length: 24 }, (_, h) => {
      const key = String(h).padStart(2, '0');
      const l = byKey.get(key);
      return { key, label: label(key), net: l?.net ?? 0, previousNet: l?.previousNet ?? 0 };
    });
  }
  return [...lines]
    .sort((a, b) => b.net - a.net)
    .slice(0, CHART_TOP)
    .map((l) => ({ key: l.key, label: l.label, net: l.net, previousNet: l.previousNet }));
}

/** A text cell that a spreadsheet would run as a formula is written as text. */
const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const cell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The last two rows of the CSV: the period's totals, then the totals of the period it is compared with. */
export interface ReportCsvTotals {
  report: Pick<SalesReport, 'from' | 'to' | 'previousFrom' | 'previousTo' | 'totals' | 'previousTotals'>;
  totalLabel: string;
  previousLabel: string;
}

/**
 * The rows as CSV for a spreadsheet: UTF-8 with a byte-order mark (so Excel reads Arabic names), amounts in the
 * currency's major unit with a point, the change in percent with one decimal (empty with nothing to compare). The
 * totals follow, then the compared period's own totals, so the file says which period "previous" means.
 */
export function reportCsv(lines: ReportLine[], headers: readonly string[], digits: number, totals: ReportCsvTotals): string {
  const money = (n: number) => toMajorInput(n, digits);
  type Row = Pick<ReportLine, 'label' | 'key' | 'orders' | 'gross' | 'returns' | 'net'> & { previousNet?: number };
  const row = (l: Row) => {
    const c = l.previousNet === undefined ? null : change(l.net, l.previousNet);
    return [
      text(l.label),
      text(l.key),
      String(l.orders),
      money(l.gross),
      money(l.returns),
      money(l.net),
      l.previousNet === undefined ? '' : money(l.previousNet),
      c === null ? '' : (Math.round(c * 1000) / 10).toFixed(1),
    ];
  };
  const r = totals.report;
  const total = { label: totals.totalLabel, key: `${r.from} – ${r.to}`, ...r.totals, previousNet: r.previousTotals.net };
  const previous = { label: totals.previousLabel, key: `${r.previousFrom} – ${r.previousTo}`, ...r.previousTotals };
  const body = [...lines, total, previous].map(row);
  return `\uFEFF${[headers.map((h) => text(h)), ...body].map((cells) => cells.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves text as a file in the browser. */
export function saveText(content: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; it is released once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
