import { Plus, Rows3 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/form-dialog';
import { ListState } from '../../components/ui/list-state';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { SlotFilters, type SlotFilterState } from './slot-filters';
import { SlotFormDialog } from './slot-form-dialog';
import { SlotGeneratorDialog } from './slot-generator-dialog';
import { SlotPlanPanel } from './slot-plan-panel';
import { useCategoryChoices, useDeleteSlot, useLocationChoices, useSlotOptions, useSlots, type Slot } from './slots-api';
import { SlotsTable } from './slots-table';

const tabClass =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground';

/** Slots per location: a filtered table with in-place status, a generator, and the plan editor. */
export default function MarketSlotsPage() {
  const { t, language, direction } = useI18n();
  const [params, setParams] = useSearchParams();
  const locations = useLocationChoices();
  const categories = useCategoryChoices();
  // An unknown or stale ?location= falls back to the first location.
  const location = locations.data?.find((l) => l.id === params.get('location')) ?? locations.data?.[0] ?? null;
  const view = params.get('view') === 'plan' ? 'plan' : 'table';
  const [filters, setFilters] = useState<SlotFilterState>({});
  const options = useSlotOptions(location?.id ?? null);
  const all = useSlots({ locationId: location?.id }, !!location);
  const filtered = useSlots({ locationId: location?.id, ...filters }, !!location && view === 'table');
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<{ open: boolean; slot: Slot | null }>({ open: false, slot: null });
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<Slot | null>(null);
  const currency = options.data?.currency ?? 'USD';
  const categoryMap = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data]);
  const setParam = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(key, value);
      return next;
    });
  const filtering = Object.values(filters).some((v) => v !== undefined);

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('slots.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('slots.subtitle')}</p>
        </div>
        {location && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setGenerating(true)}>
              <Rows3 className="size-4" aria-hidden />
              {t('slots.generate.open')}
            </Button>
            <Button onClick={() => setEditing({ open: true, slot: null })}>
              <Plus className="size-4" aria-hidden />
              {t('slots.add')}
            </Button>
          </div>
        )}
      </header>

      <ListState
        loading={locations.isPending}
        error={locations.error}
        empty={!!locations.data && locations.data.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('slots.locationsFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void locations.refetch()}
        emptyContent={t('slots.noLocations')}
      />

      {location && (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor="slot-location" className="font-medium">
              {t('slots.location')}
            </label>
            <select
              id="slot-location"
              className="h-9 min-w-48 rounded-md border bg-background px-2"
              value={location.id}
              onChange={(e) => setParam('location', e.target.value)}
            >
              {locations.data!.map((l) => (
                <option key={l.id} value={l.id}>
                  {language === 'ar' ? l.nameAr : l.nameEn}
                </option>
              ))}
            </select>
            {all.data && <span className="text-muted-foreground">{t('slots.count', { count: all.data.length })}</span>}
          </div>
          <Tabs.Root dir={direction} value={view} onValueChange={(v) => setParam('view', v)} className="flex flex-col gap-3">
            <Tabs.List aria-label={t('slots.views')} className="flex gap-1 border-b">
              <Tabs.Trigger value="table" className={tabClass}>
                {t('slots.view.table')}
              </Tabs.Trigger>
              <Tabs.Trigger value="plan" className={tabClass}>
                {t('slots.view.plan')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="table" className="flex flex-col gap-3">
              <SlotFilters value={filters} onChange={setFilters} zones={options.data?.zones ?? []} categories={categories.data ?? []} />
              <SlotsTable
                query={filtered}
                empty={
                  filtering ? (
                    t('slots.noMatch')
                  ) : (
                    <div className="flex flex-col items-center gap-3">
                      <span>{t('slots.empty')}</span>
                      <Button size="sm" onClick={() => setGenerating(true)}>
                        {t('slots.generate.open')}
                      </Button>
                    </div>
                  )
                }
                categories={categoryMap}
                currency={currency}
                onEdit={(s) => setEditing({ open: true, slot: s })}
                onDelete={(s) => {
                  remove.reset();
                  setDeleting(s);
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="plan">
              <ListState
                loading={all.isPending}
                error={all.error}
                empty={false}
                loadingLabel={t('common.loading')}
                errorLabel={t('slots.loadFailed')}
                retryLabel={t('common.tryAgain')}
                onRetry={() => void all.refetch()}
                emptyContent={null}
              />
              {all.data && <SlotPlanPanel location={location} slots={all.data} categories={categories.data ?? []} />}
            </Tabs.Content>
          </Tabs.Root>
          <SlotFormDialog
            open={editing.open}
            onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
            locationId={location.id}
            slot={editing.slot}
            currency={currency}
            categories={categories.data ?? []}
          />
          <SlotGeneratorDialog
            open={generating}
            onOpenChange={setGenerating}
            location={location}
            currency={currency}
            categories={categories.data ?? []}
          />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('slots.deleteTitle')}
            message={deleting ? t('slots.deleteConfirm', { code: deleting.code }) : ''}
            confirmLabel={t('slots.delete')}
            cancelLabel={t('common.cancel')}
            pending={remove.isPending}
            error={remove.error ? errorMessage(t, remove.error) : null}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.success(t('slots.toast.deleted', { code: deleting.code }));
                  setDeleting(null);
                },
              })
            }
          />
        </>
      )}
    </section>
  );
}
