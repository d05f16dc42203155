import { Droplets, MoreHorizontal, Umbrella, Zap } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatMoney } from './money';
import { useSaveSlot, type Category, type Slot } from './slots-api';

interface Props {
  slots: Slot[];
  categories: Map<string, Category>;
  currency: string;
  onEdit: (s: Slot) => void;
  onDelete: (s: Slot) => void;
}

/** The slots of a location with their size, amenities, fees and category; the status changes in place. */
export function SlotsTable({ slots, categories, currency, onEdit, onDelete }: Props) {
  const { t, language } = useI18n();
  const save = useSaveSlot();
  const th = 'px-3 py-2 text-start font-medium whitespace-nowrap';
  const setStatus = (s: Slot, status: Slot['status']) =>
    save.mutate(
      { id: s.id, patch: { status }, expectedUpdatedAt: s.updatedAt },
      {
        onSuccess: () => toast.success(t('slots.toast.status', { code: s.code, status: t(`slots.status.${status}`) })),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[52rem] text-sm">
        <thead className="bg-muted/60 text-muted-foreground">
          <tr>
            <th className={th}>{t('slots.col.code')}</th>
            <th className={th}>{t('slots.col.zone')}</th>
            <th className={th}>{t('slots.col.size')}</th>
            <th className={th}>{t('slots.col.amenities')}</th>
            <th className={th}>{t('slots.col.feePerDay')}</th>
            <th className={th}>{t('slots.col.feePerSeason')}</th>
            <th className={th}>{t('slots.col.category')}</th>
            <th className={th}>{t('slots.col.status')}</th>
            <th className={th}>
              <span className="sr-only">{t('slots.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {slots.map((s) => {
            const cat = s.categoryId ? categories.get(s.categoryId) : undefined;
            return (
              <tr key={s.id} className="border-t">
                <td className="px-3 py-2 font-medium">
                  <button type="button" dir="ltr" className="hover:underline" onClick={() => onEdit(s)}>
                    {s.code}
                  </button>
                  {s.planX === null && (
                    <span className="ms-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">{t('slots.notPlaced')}</span>
                  )}
                </td>
                <td className="px-3 py-2">{s.zone || '—'}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{t('slots.sizeValue', { width: s.widthM, depth: s.depthM })}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                    {s.power !== 'none' && (
                      <span className="inline-flex items-center gap-1" title={t(`slots.power.${s.power}`)}>
                        <Zap className="size-4" aria-hidden />
                        <span className="text-xs">{t(`slots.powerShort.${s.power}`)}</span>
                      </span>
                    )}
                    {s.hasWater && <Droplets className="size-4" aria-label={t('slots.amenity.hasWater')} />}
                    {s.hasShade && <Umbrella className="size-4" aria-label={t('slots.amenity.hasShade')} />}
                    {s.isCorner && <span className="rounded border px-1 text-xs">{t('slots.amenity.isCorner')}</span>}
                    {s.power === 'none' && !s.hasWater && !s.hasShade && !s.isCorner && '—'}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoney(s.feePerDay, currency, language)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoney(s.feePerSeason, currency, language)}</td>
                <td className="px-3 py-2">
                  {cat ? (
                    <span className="inline-flex items-center gap-1.5">
                      <span aria-hidden className="inline-block size-3 rounded-sm border" style={{ backgroundColor: cat.colour }} />
                      {language === 'ar' ? cat.nameAr : cat.nameEn}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <select
                    aria-label={t('slots.statusOf', { code: s.code })}
                    className={`h-8 rounded-md border px-2 text-xs font-medium ${s.status === 'open' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                    value={s.status}
                    disabled={save.isPending && save.variables && 'id' in save.variables && save.variables.id === s.id}
                    onChange={(e) => setStatus(s, e.target.value as Slot['status'])}
                  >
                    <option value="open">{t('slots.status.open')}</option>
                    <option value="blocked">{t('slots.status.blocked')}</option>
                  </select>
                </td>
                <td className="px-3 py-2 text-end">
                  <Menu>
                    <MenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={t('slots.rowActions', { code: s.code })}>
                        <MoreHorizontal className="size-4" aria-hidden />
                      </Button>
                    </MenuTrigger>
                    <MenuContent>
                      <MenuItem onSelect={() => onEdit(s)}>{t('slots.edit')}</MenuItem>
                      <MenuItem className="text-destructive" onSelect={() => onDelete(s)}>
                        {t('slots.delete')}
                      </MenuItem>
                    </MenuContent>
                  </Menu>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
