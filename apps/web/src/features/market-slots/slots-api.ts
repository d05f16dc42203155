import type { marketCategoriesRoutes, marketLocationsRoutes, marketSlotsRoutes as r } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Slot = r.Slot;
export type SlotInput = r.SlotCreate;
export type SlotPatch = Omit<r.SlotUpdate, 'expectedUpdatedAt'>;
export type GenerateInput = r.SlotGenerate;
export type SlotQuery = r.SlotListQuery;
export type Location = Awaited<ReturnType<typeof api<typeof marketLocationsRoutes.listLocations>>>[number];
export type Category = marketCategoriesRoutes.Category;

export const slotKeys = {
  all: ['market-slots'] as const,
  list: (q: SlotQuery) => ['market-slots', 'list', q] as const,
  options: (locationId: string) => ['market-slots', 'options', locationId] as const,
};

/** The locations to choose from (the market-locations API; same cache key shape as the locations page). */
export function useLocationChoices() {
  return useQuery({
    queryKey: ['market-locations', 'list', {}],
    queryFn: () => api<typeof marketLocationsRoutes.listLocations>({ method: 'GET', path: '/market-locations' }, { query: {} }),
  });
}

/** Every category (inactive ones still colour their slots); pickers offer the active ones. */
export function useCategoryChoices() {
  return useQuery({
    queryKey: ['market-categories', 'list', 'all'],
    queryFn: () =>
      api<typeof marketCategoriesRoutes.listCategories>({ method: 'GET', path: '/market-categories' }, { query: { status: 'all' } }),
  });
}

export function useSlots(q: SlotQuery, enabled = true) {
  return useQuery({
    queryKey: slotKeys.list(q),
    queryFn: () => api<typeof r.listSlots>({ method: 'GET', path: '/market-slots' }, { query: q }),
    enabled,
    placeholderData: (prev) => prev,
  });
}

export function useSlotOptions(locationId: string | null) {
  return useQuery({
    queryKey: slotKeys.options(locationId ?? ''),
    queryFn: () => api<typeof r.slotOptions>({ method: 'GET', path: '/market-slots/options' }, { query: locationId ? { locationId } : {} }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // Slot counts show on the locations page, and categories count their slots when deleted.
  return () => Promise.all([qc.invalidateQueries({ queryKey: slotKeys.all }), qc.invalidateQueries({ queryKey: ['market-locations'] })]);
}

/** An edit names the updatedAt of the slot it was based on; a stale one reloads the slots and says so. */
export function useSaveSlot() {
  const invalidate = useInvalidate();
  const t = useT();
  return useMutation({
    mutationFn: (v: { id: string; patch: SlotPatch; expectedUpdatedAt: string } | { create: SlotInput }) =>
      'create' in v
        ? api<typeof r.createSlot>({ method: 'POST', path: '/market-slots' }, { body: v.create })
        : guardStale(
            () =>
              api<typeof r.updateSlot>(
                { method: 'PATCH', path: '/market-slots/:id' },
                { params: { id: v.id }, body: { ...v.patch, expectedUpdatedAt: v.expectedUpdatedAt } },
              ),
            t('edit.staleWrite'),
            invalidate,
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteSlot() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<typeof r.deleteSlot>({ method: 'DELETE', path: '/market-slots/:id' }, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useGenerateSlots() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GenerateInput) => api<typeof r.generateSlots>({ method: 'POST', path: '/market-slots/generate' }, { body }),
    onSuccess: invalidate,
  });
}
