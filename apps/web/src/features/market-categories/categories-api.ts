import type { marketCategoriesRoutes as r } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

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

export function useSaveCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CategoryInput }) =>
      id
        ? api<typeof r.updateCategory>({ method: 'PATCH', path: '/market-categories/:id' }, { params: { id }, body })
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
