import { useT } from '../../app/i18n/i18n-provider';
import type { Category, SlotQuery } from './slots-api';
import { useI18n } from '../../app/i18n/i18n-provider';

export type SlotFilterState = Omit<SlotQuery, 'locationId'>;

const select = 'h-9 rounded-md border bg-background px-2 text-sm';

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
  const t = useT();
  const { language } = useI18n();
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
  return (
    <div role="group" aria-label={t('slots.filter.label')} className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('slots.filter.zone')}
        className={select}
        value={value.zone ?? ''}
        onChange={(e) => set({ zone: e.target.value || undefined })}
      >
        <option value="">{t('slots.filter.allZones')}</option>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      <select
        aria-label={t('slots.filter.status')}
        className={select}
        value={value.status ?? ''}
        onChange={(e) => set({ status: (e.target.value || undefined) as SlotFilterState['status'] })}
      >
        <option value="">{t('slots.filter.allStatuses')}</option>
        <option value="open">{t('slots.status.open')}</option>
        <option value="blocked">{t('slots.status.blocked')}</option>
      </select>
      <select
        aria-label={t('slots.filter.category')}
        className={select}
        value={value.categoryId ?? ''}
        onChange={(e) => set({ categoryId: e.target.value || undefined })}
      >
        <option value="">{t('slots.filter.allCategories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {language === 'ar' ? c.nameAr : c.nameEn}
          </option>
        ))}
      </select>
      <select
        aria-label={t('slots.filter.power')}
        className={select}
        value={value.power ?? ''}
        onChange={(e) => set({ power: (e.target.value || undefined) as SlotFilterState['power'] })}
      >
        <option value="">{t('slots.filter.anyPower')}</option>
        <option value="any">{t('slots.filter.hasPower')}</option>
        <option value="single_phase">{t('slots.power.single_phase')}</option>
        <option value="three_phase">{t('slots.power.three_phase')}</option>
        <option value="none">{t('slots.power.none')}</option>
      </select>
      {flag('water')}
      {flag('shade')}
      {flag('corner')}
    </div>
  );
}
