import { fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';

export interface CapacityRow {
  categoryId: string;
  nameEn: string;
  nameAr: string;
  colour: string;
  isActive: boolean;
  /** As typed; checked before saving. */
  value: string;
}

export const capacityValid = (v: string) => /^\d{1,5}$/.test(v.trim()) && Number(v) <= 10000;

/** The rows to edit: the day's own capacities, then the active categories it does not have yet (at 0). */
export function capacityRows(
  current: { categoryId: string; nameEn: string; nameAr: string; colour: string; isActive: boolean; capacity: number }[],
  categories: { id: string; nameEn: string; nameAr: string; colour: string; isActive: boolean; targetPerDay: number }[],
  fillWith: 'zero' | 'target',
): CapacityRow[] {
  const rows: CapacityRow[] = current.map((c) => ({ ...c, value: String(c.capacity) }));
  const have = new Set(rows.map((r) => r.categoryId));
  for (const c of categories) {
    if (c.isActive && !have.has(c.id))
      rows.push({
        categoryId: c.id,
        nameEn: c.nameEn,
        nameAr: c.nameAr,
        colour: c.colour,
        isActive: true,
        value: fillWith === 'target' ? String(c.targetPerDay) : '0',
      });
  }
  return rows;
}

/** Capacity per category: one number field per category, with the total. Errors come by row index. */
export function CapacityEditor({
  rows,
  onChange,
  errors,
  disabled,
}: {
  rows: CapacityRow[];
  onChange: (rows: CapacityRow[]) => void;
  errors?: (index: number) => string | undefined;
  disabled?: boolean;
}) {
  const { t, language } = useI18n();
  if (!rows.length) return <p className="text-sm text-muted-foreground">{t('marketDays.capacity.noCategories')}</p>;
  const total = rows.reduce((n, r) => n + (capacityValid(r.value) ? Number(r.value) : 0), 0);
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="sr-only">{t('marketDays.capacity.title')}</legend>
      <ul className="flex flex-col gap-2">
        {rows.map((r, i) => {
          const name = language === 'ar' ? r.nameAr : r.nameEn;
          const invalid = !capacityValid(r.value);
          const error = invalid ? t('marketDays.capacity.invalid') : errors?.(i);
          const id = `capacity-${r.categoryId}`;
          return (
            <li key={r.categoryId} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <span className="size-3 shrink-0 rounded-full border" style={{ backgroundColor: r.colour }} aria-hidden />
                <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm">
                  <bdi>{name}</bdi>
                  {!r.isActive && <span className="ms-1 text-xs text-muted-foreground">({t('marketDays.capacity.inactive')})</span>}
                </label>
                <input
                  id={id}
                  inputMode="numeric"
                  className={`${fieldClass.replace('w-full', 'w-24 shrink-0')} text-end tabular-nums`}
                  value={r.value}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                />
              </div>
              {error && (
                <span id={`${id}-error`} className="text-xs text-destructive">
                  {error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="flex justify-between border-t pt-2 text-sm font-medium">
        <span>{t('marketDays.capacity.total')}</span>
        <span className="tabular-nums">{total}</span>
      </p>
    </fieldset>
  );
}

export const rowsToInput = (rows: CapacityRow[]) => rows.map((r) => ({ categoryId: r.categoryId, capacity: Number(r.value) }));
