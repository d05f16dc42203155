import type { marketCategoriesRoutes as categories, marketSlotsRoutes as r } from '@market/contracts';
import { marketCategoriesRoutes, marketLocationsRoutes, marketSlotsRoutes, type ResponseOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Slot = r.Slot;
export type SlotInput = r.SlotCreate;
export type SlotPatch = Omit<r.SlotUpdate, 'expectedUpdatedAt'>;
export type GenerateInput = r.SlotGenerate;
export type SlotQuery = r.SlotListQuery;
export type Location = ResponseOf<typeof marketLocationsRoutes.listLocations>[number];
export type Category = categories.Category;

export const slotKeys = {
  all: ['market-slots'] as const,
  list: (q: SlotQuery) => ['market-slots', 'list', q] as const,
  options: (locationId: string) => ['market-slots', 'options', locationId] as const,
};

/** The locations to choose from (the market-locations API; same cache key shape as the locations page). */
export function useLocationChoices() {
  return useQuery({
    queryKey: ['market-locations', 'list', {}],
    queryFn: () => api(marketLocationsRoutes.listLocations, { query: {} }),
  });
}

/** Every category (inactive ones still colour their slots); pickers offer the active ones. */
export function useCategoryChoices() {
  return useQuery({
    queryKey: ['market-categories', 'list', 'all'],
    queryFn: () => api(marketCategoriesRoutes.listCategories, { query: { status: 'all' } }),
  });
}

export function useSlots(q: SlotQuery, enabled = true) {
  return useQuery({
    queryKey: slotKeys.list(q),
    queryFn: () => api(marketSlotsRoutes.listSlots, { query: q }),
    enabled,
    placeholderData: (prev) => prev,
  });
}

export function useSlotOptions(locationId: string | null) {
  return useQuery({
    queryKey: slotKeys.options(locationId ?? ''),
    queryFn: () => api(marketSlotsRoutes.slotOptions, { query: locationId ? { locationId } : {} }),
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
        ? api(marketSlotsRoutes.createSlot, { body: v.create })
        : guardStale(
            () => api(marketSlotsRoutes.updateSlot, { params: { id: v.id }, body: { ...v.patch, expectedUpdatedAt: v.expectedUpdatedAt } }),
            t('edit.staleWrite'),
            invalidate,
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteSlot() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(marketSlotsRoutes.deleteSlot, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useGenerateSlots() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GenerateInput) => api(marketSlotsRoutes.generateSlots, { body }),
    onSuccess: invalidate,
  });
}
