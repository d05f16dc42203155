import { POS_LIMITS, POS_REPORT_GROUPS } from '@market/contracts/plain';
import { useSearchParams } from 'react-router';
import { comparedRange, dayCount, isDay, presetRange, RANGE_PRESETS, utcToday, type RangePreset } from './report-dates';
import type { ReportGroup, SalesReportQuery } from './reports-api';

export interface ReportParams {
  preset: RangePreset;
  from: string;
  to: string;
  groupBy: ReportGroup;
  registerId: string;
  vendorId: string;
}

/** Why a custom range cannot be asked for, or null. */
export type RangeProblem = 'order' | 'length' | null;

/**
 * The report's choices, kept in the address (?range=&from=&to=&groupBy=&registerId=&vendorId=) so a report can be
 * shared and survives a reload. A preset works out its days from today; a custom range keeps the days typed.
 */
export function useReportParams(today = utcToday()) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range') as RangePreset | null;
  const preset: RangePreset = asked && RANGE_PRESETS.includes(asked) ? asked : 'thisWeek';
  const group = params.get('groupBy') as ReportGroup | null;
  const groupBy: ReportGroup = group && POS_REPORT_GROUPS.includes(group) ? group : 'day';
  const typed = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = presetRange(preset, today, typed);
  const value: ReportParams = {
    preset,
    ...range,
    groupBy,
    registerId: params.get('registerId') ?? '',
    vendorId: params.get('vendorId') ?? '',
  };

  const problem: RangeProblem =
    !isDay(value.from) || !isDay(value.to) || value.from > value.to
      ? 'order'
      : dayCount(value.from, value.to) > POS_LIMITS.reportDays
        ? 'length'
        : null;

  const compared = comparedRange(preset, range);
  const query: SalesReportQuery | null = problem
    ? null
    : {
        from: value.from,
        to: value.to,
        groupBy,
        ...(value.registerId ? { registerId: value.registerId } : {}),
        ...(value.vendorId ? { vendorId: value.vendorId } : {}),
        ...(compared ? { compareFrom: compared.from, compareTo: compared.to } : {}),
      };

  const set = (patch: Partial<ReportParams>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        const merged = { ...value, ...patch };
        // Choosing "custom" starts from the days shown; a preset forgets typed days.
        const entries: Record<string, string> = {
          range: merged.preset,
          from: merged.preset === 'custom' ? merged.from : '',
          to: merged.preset === 'custom' ? merged.to : '',
          groupBy: merged.groupBy,
          registerId: merged.registerId,
          vendorId: merged.vendorId,
        };
        for (const [k, v] of Object.entries(entries)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  return { value, query, problem, set };
}
