import { SLOT_STATUSES } from '@market/contracts/plain';
import { Droplets, MoreHorizontal, Umbrella, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { column, DataTable, type ColumnDef, type TableQuery } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { formatMoney } from './money';
import { useSaveSlot, type Category, type Slot } from './slots-api';

interface Props {
  query: TableQuery<Slot>;
  /** Said when no slot matches. */
  empty: ReactNode;
  categories: Map<string, Category>;
  currency: string;
  onEdit: (s: Slot) => void;
  onDelete: (s: Slot) => void;
}

/** The slots of a location with their size, amenities, fees and category; the status changes in place. */
export function SlotsTable({ query, empty, categories, currency, onEdit, onDelete }: Props) {
  const { t, language } = useI18n();
  const save = useSaveSlot();
  const setStatus = (s: Slot, status: Slot['status']) =>
    save.mutate(
      { id: s.id, patch: { status }, expectedUpdatedAt: s.updatedAt },
      {
        onSuccess: () => toast.success(t('slots.toast.status', { code: s.code, status: t(`slots.status.${status}`) })),
        onError: (e) => toast.error(errorMessage(t, e)),
      },
    );
  const saving = (s: Slot) => save.isPending && !!save.variables && 'id' in save.variables && save.variables.id === s.id;
  const columns: ColumnDef<Slot>[] = [
    column({
      id: 'code',
      header: t('slots.col.code'),
      card: 'title',
      cellClassName: 'font-medium',
      cell: (s) => (
        <>
          <button type="button" dir="ltr" className="hover:underline" onClick={() => onEdit(s)}>
            {s.code}
          </button>
          {s.planX === null && <span className="ms-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">{t('slots.notPlaced')}</span>}
        </>
      ),
    }),
    column({ id: 'zone', header: t('slots.col.zone'), card: 'field', cell: (s) => s.zone || '—' }),
    column({
      id: 'size',
      header: t('slots.col.size'),
      card: 'field',
      className: 'whitespace-nowrap',
      cellClassName: 'tabular-nums',
      cell: (s) => t('slots.sizeValue', { width: s.widthM, depth: s.depthM }),
    }),
    column({
      id: 'amenities',
      header: t('slots.col.amenities'),
      card: 'field',
      cell: (s) => (
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
      ),
    }),
    column({
      id: 'feePerDay',
      header: t('slots.col.feePerDay'),
      card: 'field',
      className: 'whitespace-nowrap',
      cellClassName: 'tabular-nums',
      cell: (s) => formatMoney(s.feePerDay, currency, language),
    }),
    column({
      id: 'feePerSeason',
      header: t('slots.col.feePerSeason'),
      className: 'whitespace-nowrap',
      cellClassName: 'tabular-nums',
      cell: (s) => formatMoney(s.feePerSeason, currency, language),
    }),
    column({
      id: 'category',
      header: t('slots.col.category'),
      card: 'field',
      cell: (s) => {
        const cat = s.categoryId ? categories.get(s.categoryId) : undefined;
        return cat ? (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-sm border" style={{ backgroundColor: cat.colour }} />
            {language === 'ar' ? cat.nameAr : cat.nameEn}
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        );
      },
    }),
    column({
      id: 'status',
      header: t('slots.col.status'),
      card: 'field',
      cell: (s) => (
        <select
          aria-label={t('slots.statusOf', { code: s.code })}
          className={`h-8 rounded-md border px-2 text-xs font-medium ${s.status === 'open' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
          value={s.status}
          disabled={saving(s)}
          onChange={(e) => setStatus(s, e.target.value as Slot['status'])}
        >
          {SLOT_STATUSES.map((v) => (
            <option key={v} value={v}>
              {t(`slots.status.${v}`)}
            </option>
          ))}
        </select>
      ),
    }),
    column({
      id: 'actions',
      header: <span className="sr-only">{t('slots.col.actions')}</span>,
      card: 'actions',
      cellClassName: 'text-end',
      cell: (s) => (
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
      ),
    }),
  ];
  return <DataTable columns={columns} query={query} errorLabel={t('slots.loadFailed')} empty={empty} tableClassName="min-w-[52rem]" />;
}
