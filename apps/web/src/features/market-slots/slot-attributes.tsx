import { SLOT_POWER, SLOT_STATUSES } from '@market/contracts/plain';
import { FormField, TextField, fieldClass } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { minorDigits, moneyInput, parseMoney } from './money';
import type { Category, Slot } from './slots-api';

/** What a person types for the attributes a slot and a generated run share (numbers as text until sent). */
export interface AttributeState {
  zone: string;
  widthM: string;
  depthM: string;
  power: (typeof SLOT_POWER)[number];
  hasWater: boolean;
  hasShade: boolean;
  isCorner: boolean;
  feePerDay: string;
  feePerSeason: string;
  status: (typeof SLOT_STATUSES)[number];
  categoryId: string;
}

export const defaultAttributes = (currency: string): AttributeState => ({
  zone: '',
  widthM: '3',
  depthM: '3',
  power: 'none',
  hasWater: false,
  hasShade: false,
  isCorner: false,
  feePerDay: moneyInput(0, currency),
  feePerSeason: moneyInput(0, currency),
  status: 'open',
  categoryId: '',
});

export const attributesOf = (s: Slot, currency: string): AttributeState => ({
  zone: s.zone,
  widthM: String(s.widthM),
  depthM: String(s.depthM),
  power: s.power,
  hasWater: s.hasWater,
  hasShade: s.hasShade,
  isCorner: s.isCorner,
  feePerDay: moneyInput(s.feePerDay, currency),
  feePerSeason: moneyInput(s.feePerSeason, currency),
  status: s.status,
  categoryId: s.categoryId ?? '',
});

export const parseMetres = (text: string): number | null => {
  const v = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(v) ? v : null;
};

/** The values to send, or the fields a person must fix first (keyed by the API's field names). */
export function readAttributes(a: AttributeState, currency: string, t: (k: string) => string) {
  const errors: Record<string, string> = {};
  const widthM = parseMetres(a.widthM);
  const depthM = parseMetres(a.depthM);
  if (widthM === null || widthM < 0.5 || widthM > 100) errors.widthM = t('slots.form.sizeInvalid');
  if (depthM === null || depthM < 0.5 || depthM > 100) errors.depthM = t('slots.form.sizeInvalid');
  const feePerDay = parseMoney(a.feePerDay, currency);
  const feePerSeason = parseMoney(a.feePerSeason, currency);
  if (feePerDay === null) errors.feePerDay = t('slots.form.feeInvalid');
  if (feePerSeason === null) errors.feePerSeason = t('slots.form.feeInvalid');
  const values = {
    zone: a.zone.trim(),
    widthM: widthM ?? 0,
    depthM: depthM ?? 0,
    power: a.power,
    hasWater: a.hasWater,
    hasShade: a.hasShade,
    isCorner: a.isCorner,
    feePerDay: feePerDay ?? 0,
    feePerSeason: feePerSeason ?? 0,
    status: a.status,
    categoryId: a.categoryId || null,
  };
  return { values, errors };
}

interface Props {
  value: AttributeState;
  onChange: (v: AttributeState) => void;
  currency: string;
  categories: Category[];
  error: (field: string) => string | undefined;
}

/** Zone, size, power, water, shade, corner, fees, status and category fields. */
export function SlotAttributeFields({ value: a, onChange, currency, categories, error }: Props) {
  const { t, language } = useI18n();
  const set = (patch: Partial<AttributeState>) => onChange({ ...a, ...patch });
  const step = (1 / 10 ** minorDigits(currency)).toString();
  const choices = categories.filter((c) => c.isActive || c.id === a.categoryId);
  // Sizes and fees: decimals typed left to right, whatever the page direction.
  const decimal = (k: 'widthM' | 'depthM' | 'feePerDay' | 'feePerSeason', label: string) => (
    <TextField
      label={label}
      error={error(k)}
      dir="ltr"
      inputMode="decimal"
      step={k === 'feePerDay' || k === 'feePerSeason' ? step : undefined}
      value={a[k]}
      onValueChange={(v) => set({ [k]: v })}
    />
  );
  return (
    <>
      <TextField label={t('slots.form.zone')} error={error('zone')} maxLength={50} value={a.zone} onValueChange={(zone) => set({ zone })} />
      <FormField label={t('slots.form.category')} error={error('categoryId')}>
        {(p) => (
          <select {...p} className={fieldClass} value={a.categoryId} onChange={(e) => set({ categoryId: e.target.value })}>
            <option value="">{t('slots.form.noCategory')}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {language === 'ar' ? c.nameAr : c.nameEn}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {decimal('widthM', t('slots.form.width'))}
      {decimal('depthM', t('slots.form.depth'))}
      {decimal('feePerDay', t('slots.form.feePerDay', { currency }))}
      {decimal('feePerSeason', t('slots.form.feePerSeason', { currency }))}
      <FormField label={t('slots.form.power')} error={error('power')}>
        {(p) => (
          <select {...p} className={fieldClass} value={a.power} onChange={(e) => set({ power: e.target.value as AttributeState['power'] })}>
            {SLOT_POWER.map((v) => (
              <option key={v} value={v}>
                {t(`slots.power.${v}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('slots.form.status')} error={error('status')}>
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={a.status}
            onChange={(e) => set({ status: e.target.value as AttributeState['status'] })}
          >
            {SLOT_STATUSES.map((v) => (
              <option key={v} value={v}>
                {t(`slots.status.${v}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium">{t('slots.form.amenities')}</legend>
        {(['hasWater', 'hasShade', 'isCorner'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={a[k]} onChange={(e) => set({ [k]: e.target.checked })} />
            {t(`slots.amenity.${k}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}
