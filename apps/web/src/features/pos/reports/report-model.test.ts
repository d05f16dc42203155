import { posRoutes } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { comparedRange, mondayOf, presetRange } from './report-dates';
import { change, chartPoints, drillDownHref, reportCsv, reportLines, type ReportLine } from './report-model';

// The report's rules without rendering: the presets' days, the link of a row to its orders, the pairing of days with
// the previous period's, and the CSV.

const dayReport = (rows: { key: string; net: number }[], from: string, to: string, previousFrom: string, previousTo: string) =>
  posRoutes.salesReport.response.parse({
    groupBy: 'day',
    from,
    to,
    previousFrom,
    previousTo,
    rows: rows.map((r) => ({ key: r.key, labelEn: '', labelAr: '', orders: 1, gross: r.net, returns: 0, net: r.net, previousNet: 0 })),
    totals: { orders: rows.length, gross: 0, returns: 0, net: 0 },
    previousTotals: { orders: 0, gross: 0, returns: 0, net: 0 },
  });

describe('report periods', () => {
  it('works out the presets from today in UTC days, a week starting on Monday', () => {
    const custom = { from: '2026-01-01', to: '2026-01-31' };
    expect(presetRange('today', '2026-03-11', custom)).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(presetRange('thisWeek', '2026-03-11', custom)).toEqual({ from: '2026-03-09', to: '2026-03-11' });
    expect(presetRange('thisMonth', '2026-03-11', custom)).toEqual({ from: '2026-03-01', to: '2026-03-11' });
    expect(presetRange('lastThirtyDays', '2026-03-11', custom)).toEqual({ from: '2026-02-10', to: '2026-03-11' });
    expect(presetRange('custom', '2026-03-11', custom)).toEqual(custom);
    // A Sunday belongs to the week that began six days before.
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });

  it('compares this week with the same weekdays of last week and this month with the same dates of last month', () => {
    expect(comparedRange('thisWeek', { from: '2026-03-09', to: '2026-03-11' })).toEqual({ from: '2026-03-02', to: '2026-03-04' });
    expect(comparedRange('thisMonth', { from: '2026-03-01', to: '2026-03-11' })).toEqual({ from: '2026-02-01', to: '2026-02-11' });
    // Up to the last day of a shorter month, and across the turn of the year.
    expect(comparedRange('thisMonth', { from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(comparedRange('thisMonth', { from: '2028-03-01', to: '2028-03-30' })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(comparedRange('thisMonth', { from: '2027-01-01', to: '2027-01-31' })).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    // The rest: the server compares with the period of the same length just before.
    for (const preset of ['today', 'lastThirtyDays', 'custom'] as const)
      expect(comparedRange(preset, { from: '2026-03-01', to: '2026-03-11' })).toBeNull();
  });

  it('gives the change against the previous period, or none when there was nothing before', () => {
    expect(change(15_000, 12_000)).toBe(0.25);
    expect(change(0, 4_000)).toBe(-1);
    expect(change(5_000, 0)).toBeNull();
  });
});

describe('a row and its orders', () => {
  const range = { from: '2026-03-01', to: '2026-03-07' };
  it('opens the orders with the row’s own filter where the orders list has one, and the page’s register and vendor', () => {
    expect(drillDownHref('day', '2026-03-03', range, {})).toBe('/orders?from=2026-03-03&to=2026-03-03');
    expect(drillDownHref('vendor', 'v1', range, { registerId: 'r1' })).toBe(
      '/orders?registerId=r1&vendorId=v1&from=2026-03-01&to=2026-03-07',
    );
    expect(drillDownHref('register', 'r2', range, {})).toBe('/orders?registerId=r2&from=2026-03-01&to=2026-03-07');
    expect(drillDownHref('tender', 'cash', range, { vendorId: 'v1' })).toBe(
      '/orders?vendorId=v1&tender=cash&from=2026-03-01&to=2026-03-07',
    );
    // Sales of no vendor cannot be filtered: the period's orders.
    expect(drillDownHref('vendor', '', range, {})).toBe('/orders?from=2026-03-01&to=2026-03-07');
    expect(drillDownHref('hour', '09', range, {})).toBe('/orders?from=2026-03-01&to=2026-03-07');
  });
});

describe('days against the previous period', () => {
  it('pairs each day with the day in the same place of the previous period, and charts the quiet days at 0', () => {
    const now = dayReport(
      [
        { key: '2026-03-09', net: 500 },
        { key: '2026-03-11', net: 700 },
      ],
      '2026-03-09',
      '2026-03-11',
      '2026-03-06',
      '2026-03-08',
    );
    const before = dayReport(
      [
        { key: '2026-03-06', net: 400 },
        { key: '2026-03-07', net: 100 },
      ],
      '2026-03-06',
      '2026-03-08',
      '2026-03-03',
      '2026-03-05',
    );
    const lines = reportLines(now, before, (r) => r.key, {});
    expect(lines.map((l) => [l.key, l.net, l.previousNet])).toEqual([
      ['2026-03-09', 500, 400],
      ['2026-03-11', 700, 0],
    ]);
    expect(chartPoints(now, lines, before, (k) => k).map((p) => [p.key, p.net, p.previousNet])).toEqual([
      ['2026-03-09', 500, 400],
      ['2026-03-10', 0, 100],
      ['2026-03-11', 700, 0],
    ]);
  });
});

describe('CSV', () => {
  const line = (over: Partial<ReportLine>): ReportLine => ({
    key: 'k',
    label: 'L',
    orders: 1,
    gross: 0,
    returns: 0,
    net: 0,
    previousNet: 0,
    href: '',
    ...over,
  });
  it("starts with a byte-order mark, writes amounts in the major unit, quotes what needs it and ends with both periods' totals", () => {
    const csv = reportCsv(
      [
        line({ label: 'بستان الزيتون, فرع 1', key: 'v1', orders: 3, gross: 12_000, returns: 2_000, net: 10_000, previousNet: 8_000 }),
        line({ label: '=HYPERLINK("x")', key: 'SKU-1', net: 5, previousNet: 0 }),
      ],
      ['Vendor', 'Reference', 'Orders', 'Gross', 'Returns', 'Net', 'Previous net', 'Change'],
      3,
      {
        report: {
          from: '2026-03-09',
          to: '2026-03-11',
          previousFrom: '2026-03-02',
          previousTo: '2026-03-04',
          totals: { orders: 4, gross: 12_005, returns: 2_000, net: 10_005 },
          previousTotals: { orders: 2, gross: 8_000, returns: 0, net: 8_000 },
        },
        totalLabel: 'Total',
        previousLabel: 'Compared period',
      },
    );
    expect(csv.startsWith('\uFEFFVendor,Reference,')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\r\n');
    expect(rows[1]).toBe('"بستان الزيتون, فرع 1",v1,3,12.000,2.000,10.000,8.000,25.0');
    // A cell a spreadsheet would run as a formula is written as text; nothing to compare leaves the change empty.
    expect(rows[2]).toBe(`"'=HYPERLINK(""x"")",SKU-1,1,0.000,0.000,0.005,0.000,`);
    // The totals with their change, then the compared period's own totals: the file names both periods.
    expect(rows.slice(3)).toEqual([
      'Total,2026-03-09 – 2026-03-11,4,12.005,2.000,10.005,8.000,25.1',
      'Compared period,2026-03-02 – 2026-03-04,2,8.000,0.000,8.000,,',
    ]);
    expect(rows).toHaveLength(5);
  });
});
