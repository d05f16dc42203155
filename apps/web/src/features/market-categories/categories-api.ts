import type { marketCategoriesRoutes as r } from '@market/contracts';
import { marketCategoriesRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Category = r.Category;
export type CategoryInput = r.CategoryCreate;
export type StatusFilter = 'active' | 'inactive' | 'all';

export const categoryKeys = {
  all: ['market-categories'] as const,
  list: (status: StatusFilter) => ['market-categories', 'list', status] as const,
};

export function useCategories(status: StatusFilter) {
  return useQuery({
    queryKey: categoryKeys.list(status),
    queryFn: () => api(marketCategoriesRoutes.listCategories, { query: { status } }),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: categoryKeys.all });
}

/** An edit names the updatedAt of the category it was opened on; a stale one reloads the list and says so. */
export function useSaveCategory() {
  const invalidate = useInvalidate();
  const t = useT();
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id?: string; body: CategoryInput; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () =>
              api(marketCategoriesRoutes.updateCategory, {
                params: { id },
                body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' },
              }),
            t('edit.staleWrite'),
            invalidate,
          )
        : api(marketCategoriesRoutes.createCategory, { body }),
    onSuccess: invalidate,
  });
}

export function useSetCategoryActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? api(marketCategoriesRoutes.activateCategory, { params: { id } })
        : api(marketCategoriesRoutes.deactivateCategory, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(marketCategoriesRoutes.deleteCategory, { params: { id } }),
    onSuccess: invalidate,
  });
}
