import { POS_LIMITS, POS_REPORT_GROUPS } from '@market/contracts/plain';
import { FormField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useRegisters } from '../pos-api';
import { RANGE_PRESETS, type RangePreset } from './report-dates';
import type { ReportGroup } from './reports-api';
import { useVendorChoices } from './settlement-api';
import type { RangeProblem, ReportParams } from './use-report-params';

/** The report's period (a preset or two days), what it is grouped by, and an optional register and vendor. */
export function ReportFilters({
  value,
  problem,
  onChange,
}: {
  value: ReportParams;
  problem: RangeProblem;
  onChange: (patch: Partial<ReportParams>) => void;
}) {
  const { t } = useI18n();
  const registers = useRegisters('all');
  const vendors = useVendorChoices();
  const rangeError =
    problem === 'order'
      ? t('posReports.filters.rangeInvalid')
      : problem === 'length'
        ? t('posReports.filters.rangeTooLong', { days: POS_LIMITS.reportDays })
        : undefined;
  const field = 'min-w-40 flex-1 sm:flex-none';
  return (
    <div className="flex flex-wrap items-start gap-3 rounded-lg border bg-card p-3" role="group" aria-label={t('posReports.filters.label')}>
      <FormField label={t('posReports.filters.range')} className={field}>
        {(p) => (
          <select {...p} className={fieldClass} value={value.preset} onChange={(e) => onChange({ preset: e.target.value as RangePreset })}>
            {RANGE_PRESETS.map((k) => (
              <option key={k} value={k}>
                {t(`posReports.preset.${k}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {value.preset === 'custom' && (
        <>
          <FormField label={t('posReports.filters.from')} className={field} error={rangeError}>
            {(p) => (
              <input
                {...p}
                type="date"
                dir="ltr"
                className={fieldClass}
                value={value.from}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            )}
          </FormField>
          <FormField label={t('posReports.filters.to')} className={field}>
            {(p) => (
              <input
                {...p}
                type="date"
                dir="ltr"
                className={fieldClass}
                value={value.to}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            )}
          </FormField>
        </>
      )}
      <FormField label={t('posReports.filters.groupBy')} className={field}>
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={value.groupBy}
            onChange={(e) => onChange({ groupBy: e.target.value as ReportGroup })}
          >
            {POS_REPORT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`posReports.groupBy.${g}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('posReports.filters.register')} className={field}>
        {(p) => (
          <select {...p} className={fieldClass} value={value.registerId} onChange={(e) => onChange({ registerId: e.target.value })}>
            <option value="">{t('posReports.filters.allRegisters')}</option>
            {(registers.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('posReports.filters.vendor')} className={field}>
        {(p) => (
          <select {...p} className={fieldClass} value={value.vendorId} onChange={(e) => onChange({ vendorId: e.target.value })}>
            <option value="">{t('posReports.filters.allVendors')}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.publicName}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
