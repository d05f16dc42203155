import type { marketCategoriesRoutes as r } from '@market/contracts';
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
    queryFn: () => api<typeof r.listCategories>({ method: 'GET', path: '/market-categories' }, { query: { status } }),
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
              api<typeof r.updateCategory>(
                { method: 'PATCH', path: '/market-categories/:id' },
                { params: { id }, body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' } },
              ),
            t('edit.staleWrite'),
            invalidate,
          )
        : api<typeof r.createCategory>({ method: 'POST', path: '/market-categories' }, { body }),
    onSuccess: invalidate,
  });
}

export function useSetCategoryActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? api<typeof r.activateCategory>({ method: 'POST', path: '/market-categories/:id/activate' }, { params: { id } })
        : api<typeof r.deactivateCategory>({ method: 'POST', path: '/market-categories/:id/deactivate' }, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<typeof r.deleteCategory>({ method: 'DELETE', path: '/market-categories/:id' }, { params: { id } }),
    onSuccess: invalidate,
  });
}
