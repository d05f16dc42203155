import { SLOT_POWER, SLOT_STATUSES } from '@market/contracts/plain';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Category, SlotQuery } from './slots-api';

export type SlotFilterState = Omit<SlotQuery, 'locationId'>;

/** One filter: "any" first (the empty value), then the choices. */
function FilterSelect({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  anyLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <select
      aria-label={label}
      className="h-9 rounded-md border bg-background px-2 text-sm"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Zone, status, category and amenity filters of the slot table. */
export function SlotFilters({
  value,
  onChange,
  zones,
  categories,
}: {
  value: SlotFilterState;
  onChange: (v: SlotFilterState) => void;
  zones: string[];
  categories: Category[];
}) {
  const { t, language } = useI18n();
  const set = (patch: Partial<SlotFilterState>) => onChange({ ...value, ...patch });
  const flag = (k: 'water' | 'shade' | 'corner') => (
    <label className="flex items-center gap-1.5 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={value[k] === 'true'}
        onChange={(e) => set({ [k]: e.target.checked ? 'true' : undefined })}
      />
      {t(`slots.filter.${k}`)}
    </label>
  );
  // "Has power" first, then each kind, and "none" last.
  const power = [
    { value: 'any', label: t('slots.filter.hasPower') },
    ...[...SLOT_POWER.filter((p) => p !== 'none'), 'none' as const].map((p) => ({ value: p, label: t(`slots.power.${p}`) })),
  ];
  return (
    <div role="group" aria-label={t('slots.filter.label')} className="flex flex-wrap items-center gap-2">
      <FilterSelect
        label={t('slots.filter.zone')}
        value={value.zone}
        onChange={(zone) => set({ zone })}
        anyLabel={t('slots.filter.allZones')}
        options={zones.map((z) => ({ value: z, label: z }))}
      />
      <FilterSelect
        label={t('slots.filter.status')}
        value={value.status}
        onChange={(status) => set({ status: status as SlotFilterState['status'] })}
        anyLabel={t('slots.filter.allStatuses')}
        options={SLOT_STATUSES.map((s) => ({ value: s, label: t(`slots.status.${s}`) }))}
      />
      <FilterSelect
        label={t('slots.filter.category')}
        value={value.categoryId}
        onChange={(categoryId) => set({ categoryId })}
        anyLabel={t('slots.filter.allCategories')}
        options={categories.map((c) => ({ value: c.id, label: language === 'ar' ? c.nameAr : c.nameEn }))}
      />
      <FilterSelect
        label={t('slots.filter.power')}
        value={value.power}
        onChange={(p) => set({ power: p as SlotFilterState['power'] })}
        anyLabel={t('slots.filter.anyPower')}
        options={power}
      />
      {flag('water')}
      {flag('shade')}
      {flag('corner')}
    </div>
  );
}
